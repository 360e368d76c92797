// Adds demo accounts to a data folder in-process (many keys for the HTTP section's mixed load:
// N process starts of the CLI would only slow the run down).
// Usage: node bench/keys-child.ts DATA_DIR N -> one JSON line: {"keys": [...]}.
import { AccountDomain } from '../src-main/domain/account-domain.ts';
import { createDemoAccount } from '../src-main/domain/demo.ts';
import { parseLocalWallTime } from '../src-main/dates/index.ts';
import { openStore } from '../src-main/store/index.ts';
import { BENCH_ENV } from './lib/procs.ts';

const [dataDir, countText] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: keys-child.ts DATA_DIR N');
const now = parseLocalWallTime(BENCH_ENV.ACCOUNT_MONITOR_NOW, BENCH_ENV.ACCOUNT_MONITOR_TZ) ?? Date.now();
const store = openStore(dataDir);
const domain = new AccountDomain({ store, timeZone: BENCH_ENV.ACCOUNT_MONITOR_TZ, clock: () => now });
const keys: string[] = [];
for (let i = 0; i < Number(countText ?? 50); i++) keys.push(createDemoAccount(domain, `bench key ${i}`).key);
store.close();
process.stdout.write(JSON.stringify({ keys }) + '\n');
