// The words stage 2 knows (policy rule 3), looked up from vocabulary.ts: months, weekdays, units,
// numbers and ordinals in words. Everything else is an unknown word, which no rule reads.
import {
  EXTRA_UNIT_WORDS, EXTRA_WEEKDAY_ABBREVIATIONS, MONTH_ABBREVIATIONS, MONTH_NAMES, NUMBER_WORDS, ORDINAL_WORDS, UNIT_WORDS,
  WEEKDAY_ABBREVIATIONS, WEEKDAY_NAMES,
} from '../vocabulary.ts';

/** Month number by name or abbreviation; `abbreviated` tells whether a full stop may follow ("May." as PHP's "may"). */
const MONTHS = new Map<string, { month: number; abbreviated: boolean }>([
  ...MONTH_NAMES.map((name, i) => [name, { month: i + 1, abbreviated: false }] as const),
  ...MONTH_ABBREVIATIONS.map(([w, month]) => [w, { month, abbreviated: true }] as const),
]);

const WEEKDAYS = new Map<string, { weekday: number; abbreviated: boolean }>([
  ...WEEKDAY_NAMES.map((name, weekday) => [name, { weekday, abbreviated: false }] as const),
  ...WEEKDAY_ABBREVIATIONS.map((w, weekday) => [w, { weekday, abbreviated: true }] as const),
  ...EXTRA_WEEKDAY_ABBREVIATIONS.map(([w, weekday]) => [w, { weekday, abbreviated: true }] as const),
]);

/** Second to year only: sub-second units are PHP's, not words people use for a date (rule 3). */
const UNITS = new Map<string, { unit: string; multiplier: number }>(
  [...UNIT_WORDS, ...EXTRA_UNIT_WORDS].filter(([, kind]) => kind !== 'microsecond').map(([w, kind, multiplier]) => [w, { unit: kind, multiplier }] as const),
);

const NUMBERS = new Map<string, number>(NUMBER_WORDS);
const ORDINALS = new Map<string, number>(ORDINAL_WORDS);

export function monthOf(word: string, dotted: boolean): number | undefined {
  const hit = MONTHS.get(word);
  return hit === undefined || (dotted && !hit.abbreviated) ? undefined : hit.month;
}

export function weekdayOf(word: string, dotted: boolean): number | undefined {
  const hit = WEEKDAYS.get(word);
  return hit === undefined || (dotted && !hit.abbreviated) ? undefined : hit.weekday;
}

/** PHP's unit word and multiplier for a unit as written ("hrs" is PHP's "hour" times 1, "fortnight" "day" times 14). */
export function unitOf(word: string): { unit: string; multiplier: number } | undefined {
  return UNITS.get(word);
}

/**
 * A number or ordinal in words, 1 to 99 ("seven", "twenty-one", "thirty first"): `parts` are the
 * word and, for a compound written with a space, the next one. Returns the value and how many of
 * the parts it used.
 */
function composed(table: ReadonlyMap<string, number>, parts: readonly string[]): { value: number; used: number } | undefined {
  const [first = '', second] = parts;
  const pieces = first.split('-');
  if (pieces.length === 2) {
    const tens = NUMBERS.get(pieces[0] ?? ''), ones = table.get(pieces[1] ?? '');
    return tens !== undefined && tens >= 20 && tens % 10 === 0 && ones !== undefined && ones < 10 ? { value: tens + ones, used: 1 } : undefined;
  }
  if (pieces.length !== 1) return undefined;
  const tens = NUMBERS.get(first);
  const ones = second === undefined ? undefined : table.get(second);
  if (tens !== undefined && tens >= 20 && tens % 10 === 0 && ones !== undefined && ones < 10) return { value: tens + ones, used: 2 };
  const value = table.get(first);
  return value === undefined ? undefined : { value, used: 1 };
}

export const cardinalWord = (parts: readonly string[]): { value: number; used: number } | undefined => composed(NUMBERS, parts);
export const ordinalWord = (parts: readonly string[]): { value: number; used: number } | undefined => composed(ORDINALS, parts);
