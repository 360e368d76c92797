// An unexpected charge or a top-up in words, for the alert, the window and the CLI alike:
// "£4.20 more than expected went between 09:00 and 09:10", "£25.00 came in between 09:00 and
// 09:10 (a top-up)". Times are wall times in the configured zone; the day is named when the two
// are on different days (wall-time.ts's wallTextIn gives such a wall time from an instant).
import { formatPounds } from './money/pounds.ts';
import type { SurpriseKind } from './vocabulary.ts';
import { wallDate } from './wall-dates.ts';

export interface SurpriseForWords {
  kind: SurpriseKind;
  /** Positive pence. */
  amount: string;
  /** Wall times `YYYY-MM-DD HH:MM:SS`: the previous good reading (null: none) and the check that found it. */
  since: string | null;
  at: string;
}

const hhmm = (wall: string): string => wall.slice(11, 16);
const day = (wall: string): string => wallDate(`${wall.slice(0, 10)} 00:00:00`, { weekday: true });

function span(since: string | null, at: string): string {
  if (since === null) return `before ${hhmm(at)} on ${day(at)}`;
  if (since.slice(0, 10) === at.slice(0, 10)) return `between ${hhmm(since)} and ${hhmm(at)}`;
  return `between ${day(since)} ${hhmm(since)} and ${day(at)} ${hhmm(at)}`;
}

export function surpriseWords(s: SurpriseForWords): string {
  const amount = formatPounds(s.amount);
  return s.kind === 'unexpected_charge'
    ? `${amount} more than expected went ${span(s.since, s.at)}`
    : `${amount} came in ${span(s.since, s.at)} (a top-up)`;
}
