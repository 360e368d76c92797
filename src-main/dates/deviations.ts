// Deliberate deviations from PHP, each listed with its reason in docs/date-deviations.md. Keep this
// list short: everything else follows PHP exactly, odd corners included.
import type { Resolution } from './types.ts';
import { strtotime } from './strtotime.ts';
import type { ZoneRules } from './zone/zone-rules.ts';

/**
 * D1: "a week ago", "a month ago": PHP reads "a" as the military time zone Alpha (UTC+1) and
 * silently drops the unit (a second zone is only a warning), so "a week ago" means "now, read in
 * UTC+1". English says one unit ago; we read it as "1 <unit> ago".
 */
export const A_UNIT = /^\s*a\s+(sec|second|min|minute|hour|day|week|fortnight|month|year)(\s+ago)\s*$/i;

export function deviation(text: string, nowSeconds: number, zone: ZoneRules): Resolution | undefined {
  const first = text.charCodeAt(0);
  // Cheap pre-check: only text starting with "a"/"A" or whitespace can match.
  if (text.length > 40 || (first !== 97 && first !== 65 && first !== 32 && first !== 9)) return undefined;
  const m = A_UNIT.exec(text);
  if (m === null) return undefined;
  const seconds = strtotime(`1 ${m[1] ?? ''}${m[2] ?? ''}`, nowSeconds, zone);
  return seconds === undefined ? undefined : { epochSeconds: seconds, understood: true, stage: 'strtotime' };
}

/** The deviations as a rule the golden test applies to exclude exactly these cases. */
export function isListedDeviation(text: string): boolean {
  return text.length > 256 || A_UNIT.test(text);
}
