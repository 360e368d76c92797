// The slow path of account-standings.ts: every account read here, the monitor's way, when no
// running app has stored a fresh evaluation (or `--refresh` asked for one). Nothing is stored:
// the running app's monitor owns the alerts and their episodes.
import type { AppConfig } from '../config.ts';
import { LocalAccount } from '../domain/account-source.ts';
import { monitorPreferences } from '../domain/alerts.ts';
import { HeldAccounts } from '../domain/held-accounts.ts';
import { statusOf } from '../monitor/episodes.ts';
import { observedReading, readAccount } from '../monitor/read.ts';
import type { AccountReading } from '../monitor/types.ts';
import type { Store } from '../store/index.ts';
import { readStored, STORED_READING, STORED_SETTINGS, type StoredSettings } from '../store/stored-json.ts';
import type { AccountStanding } from './account-standing.ts';
import { openCliCore } from './context.ts';

/** The settings the latest check of a connected account read (a row that does not read is reported and left out). */
function observedSettings(store: Store, accountId: number): StoredSettings | undefined {
  const settings = store.observations.latestReading(accountId)?.settings;
  return settings == null ? undefined : readStored(STORED_SETTINGS, settings, `account ${accountId}`);
}

/** The monitor's previous reading of the account, for its forecast (likewise). */
function previousReading(store: Store, accountId: number): AccountReading | undefined {
  const row = store.watch.get(accountId);
  return row === undefined ? undefined : readStored(STORED_READING, row.reading, `account ${accountId}`);
}

export async function readAccountsHere(config: AppConfig, now: number, refresh: boolean): Promise<AccountStanding[]> {
  const core = openCliCore(config);
  try {
    const { accounts, domain, store } = core;
    const staleAfterSeconds = accounts.staleAfterMs / 1000;
    const horizonDays = monitorPreferences(store).forecastDays;
    const keys = new Map<number, string>();
    if (refresh) {
      // The kept keys (the keychain): connected accounts are checked with them first.
      const { openKeyVault, keychainDisabledReason } = await import('../keychain/index.ts');
      const vault = await openKeyVault({ disabled: keychainDisabledReason(process.env) });
      for (const h of await new HeldAccounts(accounts, vault).list()) keys.set(h.overview.id, h.key);
      await Promise.all([...keys].map(([id, key]) => accounts.refresh(id, key, true)));
    }
    const standings: AccountStanding[] = [];
    for (const overview of accounts.list()) {
      const previous = previousReading(store, overview.id);
      const key = keys.get(overview.id);
      let reading: AccountReading;
      if (overview.kind === 'local' || key !== undefined) {
        reading = await readAccount(
          {
            id: overview.id,
            name: overview.name,
            kind: overview.kind,
            overview: () => accounts.overview(overview.id),
            open: () =>
              Promise.resolve(key === undefined ? new LocalAccount(domain, overview.id) : accounts.forKey(key)),
          },
          // With --refresh a connected account's forecast is asked now; otherwise never (no provider call).
          {
            nowSeconds: now,
            horizonDays,
            staleAfterSeconds,
            previous,
            remoteForecastEverySeconds: refresh ? 0 : undefined,
          },
        );
      } else {
        reading = observedReading(overview, observedSettings(store, overview.id), {
          previous,
          staleAfterSeconds,
          horizonDays,
        });
      }
      standings.push({
        id: overview.id,
        name: overview.name,
        kind: overview.kind,
        baseUrl: overview.baseUrl,
        checkState: overview.state,
        lastCheckedAt: overview.lastCheckedAt,
        reading,
        status: statusOf(reading, now),
      });
    }
    return standings;
  } finally {
    core.close();
  }
}
