// The runway: whole days of balance left before it goes below zero, shown beside the balance and
// in the tray's tooltip, `status` and the page title. One rule for every place: days from the
// forecast's start to its likely zero crossing (p50), rounded down (a day and a half is "1 day");
// none left when the balance is at or below zero now; unknown (null) when the forecast finds no
// crossing within its horizon. One short form in words: "runs out in about 26 days". Told only
// while the account's source is fine (`runwayTold`): never an old forecast as a fact.
import type { SourceStanding } from './account-status.ts';
import { comparePence } from './money/decimal.ts';

const DAY = 86_400;

export function runwayDays(balanceNow: string, zeroAt: number | null, from: number): number | null {
  if (comparePence(balanceNow, 0) <= 0) return 0;
  if (zeroAt === null) return null;
  return Math.max(0, Math.floor((zeroAt - from) / DAY));
}

/** "runs out in about 26 days", "... about 1 day", "runs out within a day", "does not run out within 90 days". */
export function runwayWords(days: number | null, horizonDays: number): string {
  if (days === null) return `does not run out within ${horizonDays} days`;
  if (days === 0) return 'runs out within a day';
  return `runs out in about ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * Whether the runway may be told of an account whose source stands so (accountStatus()'s
 * `source`): a local account (null), or a connected one whose provider answers and whose reading
 * is current. Otherwise its forecast is an old one of a provider that is not answering, which is
 * not told as a fact: the tray leaves the runway out, the window says RUNWAY_WAITING.
 */
export function runwayTold(source: SourceStanding | null): boolean {
  return source === null || source === 'ok';
}

/** What the window says in the runway's place while the provider is not answering. */
export const RUNWAY_WAITING = 'waiting for your provider to answer';
