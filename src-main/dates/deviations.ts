// Deliberate deviations from PHP, each listed with its reason in docs/date-deviations.md. Keep this
// list short: everything else follows PHP exactly, odd corners included.
import { daysFromCivil } from './civil.ts';
import { phraseStageOnDemand } from './phrase-stage.ts';
import type { DateOrder, Resolution } from './types.ts';
import type { ZoneRules } from './zone/zone-rules.ts';

/** Longer inputs are not understood (and never reach the scanner): D2. */
export const MAX_INPUT_LENGTH = 256;

/**
 * D1: "a week ago", "a month ago": PHP reads "a" as the military time zone Alpha (UTC+1) and
 * silently drops the unit (a second zone is only a warning), so "a week ago" means "now, read in
 * UTC+1". English says one unit ago, and the second stage reads it so, as it reads "an hour ago"
 * (which PHP rejects). "fortnight" is not here: PHP 8.2 rejects "a fortnight ago" (the word is
 * too long for a zone), so the second stage reads it anyway.
 */
export const A_UNIT = /^\s*a\s+(sec|second|min|minute|hour|day|week|month|year)\s+ago\s*$/i;

export function deviation(text: string, nowSeconds: number, zone: ZoneRules, order: DateOrder): Resolution | undefined {
  const first = text.charCodeAt(0);
  // Cheap pre-check: only text starting with "a"/"A" or whitespace can match.
  if (text.length > 40 || (first !== 97 && first !== 65 && first !== 32 && first !== 9)) return undefined;
  if (!A_UNIT.test(text)) return undefined;
  const seconds = phraseStageOnDemand()(text, nowSeconds, zone, order);
  return seconds === undefined ? undefined : { epochSeconds: seconds, understood: true, stage: 'phrase' };
}

/**
 * D4: the furthest instant from 1970, in seconds, that a JavaScript number holds exactly (2^53 - 1,
 * the year 285,428,751). Beyond it an answer could only be approximate (PHP's 64-bit arithmetic
 * overflows out there too: it prints `@-9223372036854775807` in the year 292277026596), so an
 * answer beyond it is not understood. (Amounts beyond it are fine: timelib's own 64-bit
 * wrap-around is followed, and "+9223372036854775807 sec" lands in 3399 in both.)
 */
export const MAX_EXACT_SECONDS = Number.MAX_SAFE_INTEGER;

/**
 * D4 in an answer `YYYY-MM-DD HH:MM:SS` (any number of year digits, as PHP prints them): within
 * a day of MAX_EXACT_SECONDS or beyond, read as UTC (a zone's offset is under a day).
 */
export function isBeyondExactRange(wall: string): boolean {
  const m = /^(-?\d+)-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(wall);
  if (m === null) return false;
  const seconds = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3])) * 86400 + Number(m[4]) * 3600;
  return Math.abs(seconds) >= MAX_EXACT_SECONDS - 86400;
}

/**
 * The deviations as a rule the golden test applies to exclude exactly these cases: by the text
 * (D1, D2) or by PHP's answer to it (D4).
 */
export function isListedDeviation(text: string, phpAnswer?: string | null): boolean {
  return (
    text.length > MAX_INPUT_LENGTH ||
    A_UNIT.test(text) ||
    (typeof phpAnswer === 'string' && isBeyondExactRange(phpAnswer))
  );
}
