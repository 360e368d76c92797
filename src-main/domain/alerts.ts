// The monitor's stored alerts, app-wide preferences and snoozes in the contract's terms
// (src-shared/app-api.ts), for the app API, the CLI and the desktop shell alike.
import type { Severity } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { applyPreferences, type MonitorPreferences, readPreferences } from '../../src-shared/quiet-hours.ts';
import { quote } from '../../src-shared/quote.ts';
import type { AlertKind } from '../../src-shared/vocabulary.ts';
import { formatLocal } from '../dates/wall-clock.ts';
import type { Store, StoredAlert } from '../store/index.ts';
import type { DateOrder } from '../dates/types.ts';
import type { AccountDomain } from './account-domain.ts';
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

const SNOOZES = 'snoozes';

/**
 * Each account's snooze: no reminders for it before this instant (epoch seconds). Only those
 * still running at `now`; an app-wide setting, so the CLI, `serve` and the desktop app agree.
 */
export function snoozes(store: Store, now: number): Map<number, number> {
  const stored = store.appSettings.get(SNOOZES);
  const running = new Map<number, number>();
  if (typeof stored !== 'object' || stored === null) return running;
  for (const [id, until] of Object.entries(stored))
    if (/^\d+$/.test(id) && typeof until === 'number' && Number.isInteger(until) && until > now)
      running.set(Number(id), until);
  return running;
}

/** The phrase a snooze takes when none is given: tomorrow, when quiet hours end (08:00 by default). */
export function defaultSnoozePhrase(store: Store): string {
  return `tomorrow ${monitorPreferences(store).quietHours.to}`;
}

/**
 * Snoozes an account until `phrase` (read like every date here; refused unless understood and
 * later than now), or ends its snooze (`null`); returns when it ends. Ended snoozes are dropped
 * as others are written.
 */
export function snoozeAccount(
  domain: AccountDomain,
  accountId: number,
  phrase: string | null,
  dateOrder: DateOrder = 'mdy',
): number | null {
  const now = domain.nowSeconds();
  const until = phrase === null ? null : domain.instant(phrase, 'until', 'invalid_settings', dateOrder);
  if (until !== null && until <= now)
    throw new DomainError('invalid_settings', `until: ${quote(phrase ?? '')} is not later than now`);
  return domain.store.transaction(() => {
    const running = snoozes(domain.store, now);
    if (until === null) running.delete(accountId);
    else running.set(accountId, until);
    domain.store.appSettings.put(SNOOZES, Object.fromEntries(running));
    return until;
  });
}
