// What one-shot commands share: the configuration, the store and the domain, opened once.
import { readConfig, type AppConfig, type ConfigFlags } from '../config.ts';
import { AccountDomain } from '../domain/account-domain.ts';
import { openStore, type Store } from '../store/index.ts';
import { UsageError } from './errors.ts';

export interface CommandContext {
  config: AppConfig;
  store: Store;
  domain: AccountDomain;
}

/**
 * How long a command waits for another writer's lock (the server's, another command's import)
 * before it gives up with "busy". Its transactions take the lock first (BEGIN IMMEDIATE), so
 * waiting is all it takes for many commands writing at once to all succeed.
 */
export const CLI_BUSY_TIMEOUT_MS = 60_000;

export function openContext(flags: ConfigFlags): CommandContext {
  const config = readConfig(process.env, flags);
  const store = openStore(config.dataDir, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS, watch: false });
  return { config, store, domain: new AccountDomain({ store, timeZone: config.timeZone, clock: config.clock }) };
}

/** Runs a command body against the store and always closes it. */
export function withContext<T>(flags: ConfigFlags, body: (ctx: CommandContext) => T): T {
  const ctx = openContext(flags);
  try {
    return body(ctx);
  } finally {
    ctx.store.close();
  }
}

/** The API key from --key or ACCOUNT_MONITOR_KEY (keeps it out of the process list). */
export function keyFrom(options: { key?: string }): string {
  const key = options.key ?? process.env.ACCOUNT_MONITOR_KEY;
  if (key === undefined || key === '') throw new UsageError('an API key is required: --key K or ACCOUNT_MONITOR_KEY');
  return key;
}

export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
