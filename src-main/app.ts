// Composition of the service: store -> domain -> accounts (local and connected) -> handlers. Both
// the headless server (CLI `serve`) and the Electron main process build the service through
// this, then choose mounts and start the background checks.
import { join } from 'node:path';
import type { LocalApiInfo } from '../src-shared/app-api.ts';
import { CSV_BODY_LIMIT } from '../src-shared/app-api.ts';
import { AccountDomain } from './domain/account-domain.ts';
import type { AccountSource } from './domain/account-source.ts';
import { hashKey } from './domain/keys.ts';
import { ProviderClient } from './provider/client.ts';
import type { HttpLimits } from './provider/http-get.ts';
import { AppAccounts, type CheckTimers, DEFAULT_CHECK_INTERVAL_MS } from './remote/index.ts';
import { accessToken } from './service/access-token.ts';
import { csvImporter } from './service/app/import-job.ts';
import { ChangeFeed } from './service/change-feed.ts';
import { createHandlers, type FastPath, type FetchHandler } from './service/handler.ts';
import type { KeyVault } from './service/key-vault.ts';
import { StaticFiles } from './service/static.ts';
import { openStore, type Store } from './store/index.ts';

export interface AppOptions {
  dataDir: string;
  timeZone: string;
  clock: () => number;
  vault: KeyVault;
  /** A fixed access token (tests, ACCOUNT_MONITOR_TOKEN); otherwise the one kept in the data folder. */
  token?: string | undefined;
  /** Replace the kept access token with a new one (`serve --new-token`). */
  newToken?: boolean;
  log?: (line: string) => void;
  accessLog?: boolean;
  /** Built renderer folder; defaults to out/renderer in the package. */
  uiDir?: string;
  /** PEM of an extra certificate authority to trust for providers (a self-hosted one). */
  providerCa?: string | undefined;
  /** The provider client's deadlines and cap (tests shorten them). */
  providerLimits?: Partial<HttpLimits>;
  /** How often connected accounts are checked in the background; default 10 minutes. */
  checkIntervalMs?: number | undefined;
  /** The background checks' timers (tests drive them). */
  checkTimers?: CheckTimers;
}

/** An account the window works with, as the tray's monitor reads it. */
export interface WatchedAccount {
  id: number;
  name: string;
  /** Its source, looked up at every poll (the key may have been forgotten or revoked since). */
  open(): Promise<AccountSource>;
}

export interface App {
  /** The TCP mount: Host and token guards on. */
  handler: FetchHandler;
  /** The app:// mount inside Electron: same routes, trusted caller. */
  inProcessHandler: FetchHandler;
  /** For `listen`: the spec's GET routes without Fetch objects (undefined with the access log on). */
  fastPath: FastPath | undefined;
  token: string;
  domain: AccountDomain;
  store: Store;
  vault: KeyVault;
  /** Every account, local or connected, and the background checks of the connected ones. */
  accounts: AppAccounts;
  client: ProviderClient;
  /** Settles once the key of the single-key era, if any, has moved to its account. */
  ready: Promise<void>;
  /** The accounts the window works with (it holds their keys), for the tray's monitors. */
  watched(): Promise<WatchedAccount[]>;
  /** "Refresh now" for every account the window works with: connected ones are checked (backoff skipped, Retry-After kept). */
  refreshAll(): Promise<void>;
  /** Called after each background check of an account (the desktop refreshes its monitor). */
  onChecked(listener: (accountId: number) => void): void;
  /** Tell the app where the local API listens (shown in the window's API panel). */
  setApiInfo(info: LocalApiInfo): void;
  close(): void;
}

export const DEFAULT_UI_DIR = join(import.meta.dirname, '../out/renderer');

/**
 * Before accounts had keychain entries of their own, the window kept one key in one entry. It
 * moves to its account's entry on the first start (written first, then the old entry removed,
 * so a crash in between loses nothing).
 */
async function moveLegacyKey(vault: KeyVault, store: Store, log: (line: string) => void): Promise<void> {
  const legacy = await vault.legacy();
  if (legacy === undefined) return;
  const found = store.accounts.findKey(hashKey(legacy));
  const row = found === undefined ? undefined : store.accounts.account(found.accountId);
  if (row === undefined) {
    log(
      'keychain: the key kept by an earlier version belongs to no account in this data folder; it was left where it is',
    );
    return;
  }
  await vault.set(row.vault_ref, legacy);
  store.accounts.setKeyKept(row.id, true);
  await vault.clearLegacy();
  log(`keychain: the key kept by an earlier version now belongs to account "${row.name}"`);
}

export function openApp(options: AppOptions): App {
  const log =
    options.log ??
    ((line: string): void => {
      process.stderr.write(`${line}\n`);
    });
  // Writes on the request path never wait for another connection's lock: they are tried again
  // without blocking (service/app/busy-retry.ts).
  const store = openStore(options.dataDir, { busyTimeoutMs: 0 });
  if (store.readOnly)
    log(
      `the data folder ${options.dataDir} cannot be written: its data is shown, and every change is refused as read_only`,
    );
  const domain = new AccountDomain({ store, timeZone: options.timeZone, clock: options.clock });
  const token = options.token ?? accessToken(options.dataDir, { rotate: options.newToken === true, log });
  const { vault } = options;
  let apiInfo: LocalApiInfo = { baseUrl: null, listening: false };
  const client = new ProviderClient({
    ...(options.providerCa === undefined ? {} : { extraCa: options.providerCa }),
    ...(options.providerLimits === undefined ? {} : { limits: options.providerLimits }),
  });
  const checked: ((accountId: number) => void)[] = [];
  const checkIntervalMs = options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS;
  const accounts = new AppAccounts({
    domain,
    client,
    checkIntervalMs,
    log,
    keptKey: (ref) => vault.get(ref),
    onChecked: (id) => {
      for (const listener of checked) listener(id);
    },
    ...(options.checkTimers === undefined ? {} : { timers: options.checkTimers }),
  });
  const ready = moveLegacyKey(vault, store, log).catch((error: unknown) => {
    log(
      `keychain: could not move the earlier version's key: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const changes = new ChangeFeed(() => store.generation());
  const handlers = createHandlers({
    domain,
    accounts,
    vault,
    token,
    ui: new StaticFiles(options.uiDir ?? DEFAULT_UI_DIR),
    log,
    accessLog: options.accessLog === true,
    apiInfo: () => apiInfo,
    importCsv: csvImporter({
      domain,
      dataDir: options.dataDir,
      timeZone: options.timeZone,
      clock: options.clock,
      limit: CSV_BODY_LIMIT,
      onCommitted: () => {
        store.invalidate();
      },
    }),
    checks: { intervalMinutes: checkIntervalMs / 60_000, staleAfterMinutes: accounts.staleAfterMs / 60_000 },
    ready,
    changes,
  });
  return {
    handler: handlers.tcp,
    inProcessHandler: handlers.inProcess,
    fastPath: handlers.fastPath,
    token,
    domain,
    store,
    vault,
    accounts,
    client,
    ready,
    watched: async () => {
      await ready;
      const watched: WatchedAccount[] = [];
      for (const o of accounts.list()) {
        if (!o.keyKept || (await vault.get(o.vaultRef)) === undefined) continue;
        watched.push({
          id: o.id,
          name: o.name,
          open: async () => {
            const key = await vault.get(o.vaultRef);
            if (key === undefined) throw new Error('the key of this account is no longer kept');
            return accounts.forKey(key);
          },
        });
      }
      return watched;
    },
    refreshAll: async () => {
      await ready;
      await Promise.all(
        accounts
          .list()
          .filter((o) => o.keyKept && o.kind === 'remote')
          .map(async (o) => {
            const key = await vault.get(o.vaultRef);
            if (key !== undefined) await accounts.refresh(o.id, key, true);
          }),
      );
    },
    onChecked: (listener) => {
      checked.push(listener);
    },
    setApiInfo: (info) => {
      apiInfo = info;
    },
    close: () => {
      changes.close();
      accounts.checks.stop();
      client.close();
      store.close();
    },
  };
}
