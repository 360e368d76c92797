// The fields `status --json` and `account list --json` share for one account: its balance in
// pence and pounds, its level, how it stands (accountStatus()'s answer, in its words too) and how
// old the reading is.
import { earliestCrossings } from '../monitor/episodes.ts';
import { formatPounds } from '../../src-shared/money/pounds.ts';
import { statusWords } from '../monitor/presentation.ts';
import type { AccountStanding } from './account-standing.ts';

const iso = (t: number | null): string | null =>
  t === null ? null : new Date(t * 1000).toISOString().replace('.000Z', 'Z');

export function standingJson(a: AccountStanding, now: number): Record<string, unknown> {
  const r = a.reading;
  return {
    name: a.name,
    kind: a.kind,
    balance: r.balance,
    pounds: r.balance === null ? null : formatPounds(r.balance),
    level: r.warningEnabled ? r.warningLevel : null,
    balanceState: a.status.balance,
    providerState: a.status.source,
    severity: a.status.severity,
    words: statusWords(a.status),
    readAt: iso(r.readAt),
    ageSeconds: r.readAt === null ? null : Math.max(0, now - r.readAt),
    // The instants the state's "low soon" and "runs out soon" come from: the earliest plausible crossings.
    forecastBelowLevelAt: a.status.forecastLow ? iso(earliestCrossings(r).forecastBelowLevelAt) : null,
    forecastZeroAt: a.status.forecastZero ? iso(earliestCrossings(r).forecastZeroAt) : null,
  };
}
