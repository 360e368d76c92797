// Composition, once: the store, the domain, the provider client and every account (local or
// connected), and what the monitor reads and remembers of them. The desktop app and `serve`
// build on this through app.ts (which adds the service, the monitor's timer and its channels);
// the CLI's one-shot commands use it directly (cli/context.ts), without the service.
import type { Alert } from '../src-shared/app-api.ts';
import { plainText } from '../src-shared/quote.ts';
import { AccountDomain } from './domain/account-domain.ts';
import { LocalAccount, localShared } from './domain/account-source.ts';
import { alertOf } from './domain/alerts.ts';
import type { HeldAccounts } from './domain/held-accounts.ts';
import type { MonitorMemory, WatchedAccount } from './monitor/types.ts';
import { ProviderClient } from './provider/client.ts';
import type { HttpLimits } from './provider/http-get.ts';
import { AppAccounts, type CheckTimers, DEFAULT_CHECK_INTERVAL_MS } from './remote/index.ts';
import { openStore, type Store } from './store/index.ts';
import { readStored, STORED_EPISODES, STORED_READING } from './store/stored-json.ts';

export interface CoreOptions {
  dataDir: string;
  timeZone: string;
  clock: () => number;
  /** How long a write waits for another writer's lock: 0 in the service (it never waits inside SQLite). */
  busyTimeoutMs: number;
  /** Hear of other processes' commits through a watch on the data folder (the long-running app). */
  watch?: boolean;
  /** PEM of an extra certificate authority to trust for providers (a self-hosted one). */
  providerCa?: string | undefined;
  providerLimits?: Partial<HttpLimits> | undefined;
  /** How often connected accounts are checked in the background; default 10 minutes. */
  checkIntervalMs?: number | undefined;
  checkTimers?: CheckTimers | undefined;
  /** The key the app keeps for an account, for background checks. */
  keptKey?: (vaultRef: string) => Promise<string | undefined>;
  onChecked?: (accountId: number) => void;
  log?: (line: string) => void;
}

export interface Core {
  store: Store;
  domain: AccountDomain;
  client: ProviderClient;
  /** Every account, local or connected, and the background checks of the connected ones. */
  accounts: AppAccounts;
  close(): void;
}

export function openCore(o: CoreOptions): Core {
  const store = openStore(o.dataDir, { busyTimeoutMs: o.busyTimeoutMs, watch: o.watch ?? true });
  const domain = new AccountDomain({ store, timeZone: o.timeZone, clock: o.clock });
  const client = new ProviderClient({
    ...(o.providerCa === undefined ? {} : { extraCa: o.providerCa }),
    ...(o.providerLimits === undefined ? {} : { limits: o.providerLimits }),
  });
  const accounts = new AppAccounts({
    domain,
    client,
    checkIntervalMs: o.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS,
    ...(o.keptKey === undefined ? {} : { keptKey: o.keptKey }),
    ...(o.onChecked === undefined ? {} : { onChecked: o.onChecked }),
    ...(o.checkTimers === undefined ? {} : { timers: o.checkTimers }),
    ...(o.log === undefined ? {} : { log: o.log }),
  });
  return {
    store,
    domain,
    client,
    accounts,
    close: () => {
      accounts.checks.stop();
      client.close();
      store.close();
    },
  };
}

/**
 * The accounts the monitor watches: every account the app can read. A local account is read
 * from its ledger (any local account with a key not revoked); a connected one only with its
 * key, so those the window holds (the one rule, HeldAccounts).
 */
export function monitoredAccounts(core: Core, held: HeldAccounts): () => Promise<WatchedAccount[]> {
  const shared = localShared(core.domain);
  return async () => {
    const { accounts, domain } = core;
    const live = domain.store.accounts.withLiveKey();
    const heldKeys = new Map((await held.list()).map((h) => [h.overview.id, h.key]));
    const watched: WatchedAccount[] = [];
    for (const o of accounts.list()) {
      const common = { id: o.id, name: plainText(o.name), kind: o.kind, overview: () => accounts.overview(o.id) };
      if (o.kind === 'local') {
        if (live.has(o.id))
          watched.push({ ...common, open: () => Promise.resolve(new LocalAccount(domain, o.id, shared)) });
        continue;
      }
      const key = heldKeys.get(o.id);
      if (key !== undefined) watched.push({ ...common, open: () => Promise.resolve(accounts.forKey(key)) });
    }
    return watched;
  };
}

/** How far the morning's digest has told the held alerts (an app setting the monitor writes). */
const DIGEST_SETTING = 'monitor-digest';

/** What the monitor remembers, in the store: its last evaluation of each account, and the alerts. */
export function monitorMemory(store: Store, timeZone: string): MonitorMemory {
  return {
    untold: (since) => {
      const stored = store.appSettings.get(DIGEST_SETTING) as { through?: unknown } | undefined;
      const through = typeof stored?.through === 'number' ? stored.through : 0;
      return store.alerts.heldAfter(through, since).map((row) => alertOf(row, timeZone));
    },
    told: (throughId) => {
      store.appSettings.put(DIGEST_SETTING, { through: throughId }, 'monitor');
    },
    load: (accountId) => {
      const row = store.watch.get(accountId);
      if (row === undefined) return undefined;
      // A row that does not read (reported) is as if the account had never been evaluated.
      const reading = readStored(STORED_READING, row.reading, `account ${accountId}`);
      const episodes = readStored(STORED_EPISODES, row.episodes, `account ${accountId}`);
      return reading === undefined || episodes === undefined
        ? undefined
        : { evaluatedAt: row.evaluatedAt, reading, episodes };
    },
    commit: (accountId, evaluatedAt, reading, episodes, alerts) =>
      store.transaction((): Alert[] => {
        store.watch.put({
          accountId,
          evaluatedAt,
          reading: JSON.stringify(reading),
          episodes: JSON.stringify(episodes),
        });
        return alerts.map((a) =>
          alertOf(
            store.alerts.add({
              accountId: a.accountId,
              accountName: a.accountName,
              at: a.at,
              kind: a.kind,
              severity: a.severity,
              urgent: a.urgent,
              title: a.title,
              body: a.body,
              balance: a.balance,
              level: a.level,
              delivery: a.held ? 'held' : 'pushed',
            }),
            timeZone,
          ),
        );
      }),
  };
}
