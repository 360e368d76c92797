// What one-shot commands share: the configuration, the store, the domain and every account
// (local or connected, with the provider client), composed by core.ts as for the app, opened
// once and always closed.
import { runClockInConfiguredZone } from '../config-clock.ts';
import { readConfig, type AppConfig, type ConfigFlags } from '../config.ts';
import { openCore } from '../core.ts';
import { AccountDomain } from '../domain/account-domain.ts';
import type { AppAccounts } from '../remote/index.ts';
import { openStore, type Store } from '../store/index.ts';
import { UsageError } from './errors.ts';

/** The configuration, the store and the domain (the caller closes the store). */
export interface BaseContext {
  config: AppConfig;
  store: Store;
  domain: AccountDomain;
}

export interface CommandContext extends BaseContext {
  /** Every account, local or connected (with the provider client). */
  accounts: AppAccounts;
}

/**
 * How long a command waits for another writer's lock (the server's, another command's import)
 * before it gives up with "busy". Its transactions take the lock first (BEGIN IMMEDIATE), so
 * waiting is all it takes for many commands writing at once to all succeed.
 */
export const CLI_BUSY_TIMEOUT_MS = 60_000;

/** The configuration of a one-shot command, its clock run in the configured zone (see config-clock.ts). */
function readOneShotConfig(flags: ConfigFlags): AppConfig {
  runClockInConfiguredZone(process.env);
  return readConfig(process.env, flags);
}

export function openContext(flags: ConfigFlags): BaseContext {
  const config = readOneShotConfig(flags);
  const store = openStore(config.dataDir, { busyTimeoutMs: CLI_BUSY_TIMEOUT_MS, watch: false });
  return { config, store, domain: new AccountDomain({ store, timeZone: config.timeZone, clock: config.clock }) };
}

/** The app's core as a CLI command opens it: no folder watch, and SQLite's wait for a lock long. */
export function openCliCore(config: AppConfig): ReturnType<typeof openCore> {
  return openCore({
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    clock: config.clock,
    busyTimeoutMs: CLI_BUSY_TIMEOUT_MS,
    watch: false,
    providerCa: config.providerCa,
    checkIntervalMs: config.checkIntervalMs,
  });
}

/** Runs a command body against the store and always closes it (after the body's promise, if it returns one). */
export function withContext<T>(flags: ConfigFlags, body: (ctx: CommandContext) => T): T {
  const config = readOneShotConfig(flags);
  const core = openCliCore(config);
  const close = (): void => {
    core.close();
  };
  let result: T;
  try {
    result = body({ config, store: core.store, domain: core.domain, accounts: core.accounts });
  } catch (err) {
    close();
    throw err;
  }
  if (result instanceof Promise) return result.finally(close) as T;
  close();
  return result;
}

/** The API key from --key or ACCOUNT_MONITOR_KEY (keeps it out of the process list). */
export function keyFrom(options: { key?: string }): string {
  const key = options.key ?? process.env.ACCOUNT_MONITOR_KEY;
  if (key === undefined || key === '') throw new UsageError('an API key is required: --key K or ACCOUNT_MONITOR_KEY');
  return key;
}

export { print } from './print.ts';
