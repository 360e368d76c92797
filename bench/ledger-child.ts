// In-process ledger measurements on one seeded data folder (run by sections/ledger.ts, one
// process per size): the balance at random instants as the endpoint computes and prints it,
// then back-dated inserts, each through the domain the service uses. It first tops the account
// up to 20 recurring charges (daily, weekly, monthly and yearly, starting across the ledger).
// Usage: node bench/ledger-child.ts DATA_DIR KEY FROM_EPOCH TO_EPOCH SAMPLES -> one JSON line.
import { AccountDomain } from '../src-main/domain/account-domain.ts';
import { openStore } from '../src-main/store/index.ts';
import { mulberry32 } from '../test/reliability/fuzz-cases.ts';
import { BENCH_ENV } from './lib/procs.ts';

const [dataDir, key, fromText, toText, samplesText] = process.argv.slice(2);
if (dataDir === undefined || key === undefined) throw new Error('usage: ledger-child.ts DATA_DIR KEY FROM TO SAMPLES');
const from = Number(fromText);
const to = Number(toText);
const samples = Number(samplesText ?? 20_000);
const INSERTS = Math.max(200, Math.floor(samples / 20));

const store = openStore(dataDir);
const domain = new AccountDomain({ store, timeZone: BENCH_ENV.ACCOUNT_MONITOR_TZ, clock: () => Date.UTC(2026, 10, 21, 10, 35) });
const account = domain.authenticate(key);
const EVERY = ['day', 'week', 'month', 'year'] as const;
for (let i = domain.listRecurring(account).length; i < 20; i++) {
  domain.addRecurring(account, { amount: String(100 + i * 37), every: EVERY[i % 4], from: Math.floor(from + (i / 20) * (to - from)) });
}
const random = mulberry32(42);
// Up to a year past the last entry: future instants are asked for as often as past ones.
const instant = (): number => Math.floor(from + random() * (to + 365 * 86_400 - from));

function percentile(times: Float64Array, p: number): number {
  const sorted = Float64Array.from(times).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// Warm-up: prepared statements, JIT and the page cache, as in a server that has been running.
let sink = 0;
for (let i = 0; i < 500; i++) sink += domain.balanceText(account, instant()).length;

const balance = new Float64Array(samples);
for (let i = 0; i < samples; i++) {
  const t = instant();
  const t0 = performance.now();
  sink += domain.balanceText(account, t).length;
  balance[i] = performance.now() - t0;
}

const insert = new Float64Array(INSERTS);
for (let i = 0; i < INSERTS; i++) {
  // Back-dated: anywhere in the ledger's past, so later rows of the leaf and the index move.
  const at = Math.floor(from + random() * (to - from));
  const t0 = performance.now();
  domain.addEntry(account, { at, amount: '100', kind: 'topup', note: 'bench back-dated' });
  insert[i] = performance.now() - t0;
}
store.close();

process.stdout.write(JSON.stringify({
  balanceP50: percentile(balance, 50),
  balanceP99: percentile(balance, 99),
  insertP50: percentile(insert, 50),
  insertP99: percentile(insert, 99),
  samples,
  inserts: INSERTS,
  sink,
}) + '\n');
