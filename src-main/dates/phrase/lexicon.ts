// The words stage 2 knows (policy rule 3), looked up from vocabulary.ts: months, weekdays, units,
// numbers and ordinals in words. Everything else is an unknown word, which no rule reads.
import {
  EXTRA_UNIT_WORDS,
  EXTRA_WEEKDAY_ABBREVIATIONS,
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  NUMBER_WORDS,
  ORDINAL_WORDS,
  UNIT_WORDS,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
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
  [...UNIT_WORDS, ...EXTRA_UNIT_WORDS]
    .filter(([, kind]) => kind !== 'microsecond')
    .map(([w, kind, multiplier]) => [w, { unit: kind, multiplier }] as const),
);

const NUMBERS = new Map<string, number>(NUMBER_WORDS);
const ORDINALS = new Map<string, number>(ORDINAL_WORDS);

/** The words the grammar itself reads (cursor.eat and eatAll in this folder); phrase.test.ts keeps the list complete. */
export const GRAMMAR_WORDS: ReadonlySet<string> = new Set([
  'a',
  'after',
  'afternoon',
  'ago',
  'an',
  'at',
  'before',
  'clock',
  'coming',
  'day',
  'evening',
  'first',
  'fortnight',
  'from',
  'half',
  'hour',
  'in',
  'last',
  'mid-day',
  'midday',
  'month',
  'morning',
  'next',
  'noon',
  'now',
  'o',
  "o'clock",
  'oclock',
  'of',
  'on',
  'previous',
  'the',
  'this',
  'time',
  'today',
  'tomorrow',
  'week',
  'year',
  'yesterday',
]);

/**
 * Whether stage 2 knows the word at all (rule 3): a phrase with any other word is not read, which
 * is decided here before the grammar runs. Unit words may carry a possessive ("days'", "week's").
 */
export function isKnownWord(word: string): boolean {
  if (GRAMMAR_WORDS.has(word) || MONTHS.has(word) || WEEKDAYS.has(word) || NUMBERS.has(word) || ORDINALS.has(word))
    return true;
  const dash = word.indexOf('-');
  if (dash > 0)
    return (
      NUMBERS.has(word.slice(0, dash)) && (NUMBERS.has(word.slice(dash + 1)) || ORDINALS.has(word.slice(dash + 1)))
    );
  return UNITS.has(word.endsWith("'") ? word.slice(0, -1) : word.endsWith("'s") ? word.slice(0, -2) : word);
}

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
 * A number or ordinal in words, 1 to 99 ("seven", "twenty-one", "thirty first"): `first` is the
 * word and `second` the next one, for a compound written with a space. Returns the value and how
 * many of the two words it used.
 */
function composed(
  table: ReadonlyMap<string, number>,
  first: string | undefined,
  second: string | undefined,
): { value: number; used: number } | undefined {
  if (first === undefined) return undefined;
  const dash = first.indexOf('-');
  if (dash > 0) {
    const tens = NUMBERS.get(first.slice(0, dash)),
      ones = table.get(first.slice(dash + 1));
    return tens !== undefined && tens >= 20 && tens % 10 === 0 && ones !== undefined && ones < 10
      ? { value: tens + ones, used: 1 }
      : undefined;
  }
  const tens = NUMBERS.get(first);
  const ones = second === undefined ? undefined : table.get(second);
  if (tens !== undefined && tens >= 20 && tens % 10 === 0 && ones !== undefined && ones < 10)
    return { value: tens + ones, used: 2 };
  const value = table.get(first);
  return value === undefined ? undefined : { value, used: 1 };
}

export const cardinalWord = (
  first: string | undefined,
  second: string | undefined,
): { value: number; used: number } | undefined => composed(NUMBERS, first, second);
export const ordinalWord = (
  first: string | undefined,
  second: string | undefined,
): { value: number; used: number } | undefined => composed(ORDINALS, first, second);
