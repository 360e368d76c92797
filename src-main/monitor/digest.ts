// After quiet hours: one notification that says what they held ("While quiet: 2 alerts. Home:
// below £20.00 since 23:10."), pushed through every channel at the first evaluation after they
// end. It is not stored (the alerts it sums up are, each marked held); the monitor remembers how
// far it has told (MonitorMemory), so a restart does not tell it twice.
import { type Severity, worstSeverity } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import type { AlertKind } from '../../src-shared/vocabulary.ts';
import { formatLocal } from '../dates/wall-clock.ts';

/** Held alerts older than this are not told in a digest (the list keeps them). */
export const DIGEST_LOOK_BACK_SECONDS = 86_400;

/** A held alert in a few words, for the digest's line about its account. */
function phrase(alert: Alert): string {
  const kind: AlertKind = alert.kind;
  switch (kind) {
    case 'low':
      return alert.level === null ? 'low' : `below ${formatPounds(alert.level)}`;
    case 'below_zero':
      return 'below zero';
    case 'forecast':
      return alert.title === 'Balance will soon run out' ? 'forecast to run out' : 'forecast to run low';
    case 'unreachable':
      return 'provider not answering';
    case 'key_refused':
      return 'key refused';
    case 'stale':
      return 'out of date';
    case 'summary':
      return alert.title.toLowerCase();
    case 'unexpected_charge':
      return 'an unexpected charge';
    case 'digest':
      return alert.title;
  }
}

const ORDER: readonly Severity[] = ['critical', 'warning', 'unknown', 'stale', 'ok'];

/**
 * The digest of the held alerts (oldest first) as an alert to push: one line per account, its
 * gravest held alert and when the first of them was raised. `id` 0 and no account: it is not a
 * stored alert.
 */
export function digestAlert(held: readonly Alert[], now: number, timeZone: string): Alert {
  const byAccount = new Map<number, Alert[]>();
  for (const alert of held) byAccount.set(alert.accountId, [...(byAccount.get(alert.accountId) ?? []), alert]);
  const lines = [...byAccount.values()].map((alerts) => {
    const [first] = alerts;
    const gravest = [...alerts].sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity))[0] ?? first;
    const since = formatLocal(first?.at.epochSeconds ?? now, timeZone).slice(11, 16);
    return `${gravest?.accountName ?? ''}: ${gravest === undefined ? '' : phrase(gravest)} since ${since}.`;
  });
  const count = held.length;
  return {
    id: 0,
    accountId: 0,
    accountName: '',
    at: { datetime: formatLocal(now, timeZone), epochSeconds: now },
    kind: 'digest',
    severity: worstSeverity(held.map((a) => a.severity)),
    urgent: false,
    title: `While quiet: ${count} ${count === 1 ? 'alert' : 'alerts'}`,
    text: lines.join(' '),
    balance: null,
    level: null,
    read: false,
    delivery: 'pushed',
  };
}
