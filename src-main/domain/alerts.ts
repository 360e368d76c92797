// The monitor's stored alerts and app-wide preferences in the contract's terms (src-shared/
// app-api.ts), for the app API and the desktop shell's alert feed alike.
import type { Severity } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { applyPreferences, type MonitorPreferences, readPreferences } from '../../src-shared/quiet-hours.ts';
import type { AlertKind } from '../../src-shared/vocabulary.ts';
import { formatLocal } from '../dates/index.ts';
import type { Store, StoredAlert } from '../store/index.ts';
import { DomainError } from './errors.ts';

/** A stored alert as the app API shows it. */
export function alertOf(row: StoredAlert, timeZone: string): Alert {
  return {
    id: row.id,
    accountId: row.accountId,
    accountName: row.accountName,
    at: { datetime: formatLocal(row.at, timeZone), epochSeconds: row.at },
    // Written by the monitor from the shared lists only.
    kind: row.kind as AlertKind,
    severity: row.severity as Severity,
    urgent: row.urgent,
    title: row.title,
    text: row.body,
    balance: row.balance,
    level: row.level,
    read: row.readAt !== null,
    delivery: row.delivery,
  };
}

const PREFERENCES = 'monitor';

/** The monitor's preferences as stored (defaults for anything missing or damaged). */
export function monitorPreferences(store: Store): MonitorPreferences {
  return readPreferences(store.appSettings.get(PREFERENCES));
}

/** Applies an edit (absent fields keep their value); a bad value is refused as invalid_settings. */
export function editMonitorPreferences(store: Store, edit: Parameters<typeof applyPreferences>[1]): MonitorPreferences {
  const checked = applyPreferences(monitorPreferences(store), edit);
  if (!checked.ok) throw new DomainError('invalid_settings', checked.problem);
  store.appSettings.put(PREFERENCES, checked.value);
  return checked.value;
}
