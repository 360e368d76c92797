// The date words, written once. First PHP's own (timelib's parse_date.re): the scanner rules and
// its lookup tables are built from these lists, so they must stay exactly PHP's. Then the English
// spellings PHP does not know, which only the phrase reader (stage 2) accepts. All lower case.

/** Month names; the month number is the index plus one. */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** PHP's month abbreviations with their month numbers ("sept" is PHP's too). */
export const MONTH_ABBREVIATIONS: readonly (readonly [string, number])[] = [
  ['jan', 1],
  ['feb', 2],
  ['mar', 3],
  ['apr', 4],
  ['may', 5],
  ['jun', 6],
  ['jul', 7],
  ['aug', 8],
  ['sep', 9],
  ['sept', 9],
  ['oct', 10],
  ['nov', 11],
  ['dec', 12],
];

/** Roman month numerals (PHP reads them in upper case only); the month number is the index plus one. */
export const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'] as const;

/** Weekday names; the index is PHP's weekday number (Sunday is 0). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** PHP's three-letter weekday abbreviations, indexed like WEEKDAY_NAMES. */
export const WEEKDAY_ABBREVIATIONS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** PHP's ordinal words for relative amounts ("third monday of", "second day"), with their amounts; "eight" is PHP's too. */
export const ORDINAL_AMOUNTS: readonly (readonly [string, number])[] = [
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['sixth', 6],
  ['seventh', 7],
  ['eight', 8],
  ['eighth', 8],
  ['ninth', 9],
  ['tenth', 10],
  ['eleventh', 11],
  ['twelfth', 12],
];

/** PHP's relative words with their amounts: "next" is +1, "last"/"previous" -1, "this" 0. */
export const RELATIVE_WORDS: readonly (readonly [string, number])[] = [
  ['next', 1],
  ['last', -1],
  ['previous', -1],
  ['this', 0],
];

/** The kinds of relative unit timelib keeps apart. */
export type UnitKind = 'microsecond' | 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/**
 * PHP's relative unit words (timelib_relunit_table): kind and multiplier. Weekday names and
 * "weekday(s)" are relative units in PHP too; the scanner adds them from the lists above.
 */
export const UNIT_WORDS: readonly (readonly [string, UnitKind, number])[] = [
  ['ms', 'microsecond', 1000],
  ['msec', 'microsecond', 1000],
  ['msecs', 'microsecond', 1000],
  ['millisecond', 'microsecond', 1000],
  ['milliseconds', 'microsecond', 1000],
  ['µs', 'microsecond', 1],
  ['usec', 'microsecond', 1],
  ['usecs', 'microsecond', 1],
  ['µsec', 'microsecond', 1],
  ['µsecs', 'microsecond', 1],
  ['microsecond', 'microsecond', 1],
  ['microseconds', 'microsecond', 1],
  ['sec', 'second', 1],
  ['secs', 'second', 1],
  ['second', 'second', 1],
  ['seconds', 'second', 1],
  ['min', 'minute', 1],
  ['mins', 'minute', 1],
  ['minute', 'minute', 1],
  ['minutes', 'minute', 1],
  ['hour', 'hour', 1],
  ['hours', 'hour', 1],
  ['day', 'day', 1],
  ['days', 'day', 1],
  ['week', 'day', 7],
  ['weeks', 'day', 7],
  ['fortnight', 'day', 14],
  ['fortnights', 'day', 14],
  ['forthnight', 'day', 14],
  ['forthnights', 'day', 14],
  ['month', 'month', 1],
  ['months', 'month', 1],
  ['year', 'year', 1],
  ['years', 'year', 1],
];

// English spellings PHP does not know (stage 2 only).

/** Weekday abbreviations people write besides PHP's three letters, indexed like WEEKDAY_NAMES. */
export const EXTRA_WEEKDAY_ABBREVIATIONS: readonly (readonly [string, number])[] = [
  ['tues', 2],
  ['weds', 3],
  ['thur', 4],
  ['thurs', 4],
];

/** Unit abbreviations people write besides PHP's ("2 hrs ago"). */
export const EXTRA_UNIT_WORDS: readonly (readonly [string, UnitKind, number])[] = [
  ['hr', 'hour', 1],
  ['hrs', 'hour', 1],
  ['wk', 'day', 7],
  ['wks', 'day', 7],
  ['yr', 'year', 1],
  ['yrs', 'year', 1],
];

/** Cardinal number words up to twenty, then the tens; "twenty-one" and "twenty one" are composed from them. */
export const NUMBER_WORDS: readonly (readonly [string, number])[] = [
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
];

/** Ordinal words for days of the month ("the first of May", "the twenty-first"), composed like NUMBER_WORDS. */
export const ORDINAL_WORDS: readonly (readonly [string, number])[] = [
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['sixth', 6],
  ['seventh', 7],
  ['eighth', 8],
  ['ninth', 9],
  ['tenth', 10],
  ['eleventh', 11],
  ['twelfth', 12],
  ['thirteenth', 13],
  ['fourteenth', 14],
  ['fifteenth', 15],
  ['sixteenth', 16],
  ['seventeenth', 17],
  ['eighteenth', 18],
  ['nineteenth', 19],
  ['twentieth', 20],
  ['thirtieth', 30],
];
