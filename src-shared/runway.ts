// The runway: whole days of balance left before it goes below zero, shown beside the balance and
// in the tray's tooltip. One rule for every place: days from the forecast's start to its zero
// crossing, rounded down (a day and a half is "1 day"); none left when the balance is at or below
// zero now; unknown (null) when the forecast finds no crossing within its horizon.
import { comparePence } from './money/decimal.ts';

const DAY = 86_400;

export function runwayDays(balanceNow: string, zeroAt: number | null, from: number): number | null {
  if (comparePence(balanceNow, 0) <= 0) return 0;
  if (zeroAt === null) return null;
  return Math.max(0, Math.floor((zeroAt - from) / DAY));
}

/** "12 days left", "1 day left", "less than a day left", "more than 90 days left". */
export function runwayWords(days: number | null, horizonDays: number): string {
  if (days === null) return `more than ${horizonDays} days left`;
  if (days === 0) return 'less than a day left';
  return `${days} day${days === 1 ? '' : 's'} left`;
}
