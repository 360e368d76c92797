// The pieces the second-stage golden phrases are built from, each with its intended meaning written
// from the policy in src-main/dates/README.md as PHP terms (evaluated later by PHP itself, never by
// the resolver). A meaning of null means "not understood" under the policy.
//
// PHP terms may use placeholders that phrases.php fills in per configuration: {Y} is the current
// year ({Y+1}, {Y-1} the next and last), {YM} the current year and month ({YM+1}, {YM-1}). Every
// YYYY-MM-DD they produce must be a real date, else the meaning is "not understood" (policy rule 5).
// A suffix "|wd=N" requires the date written in the terms (the first YYYY-MM-DD) to fall on weekday
// N (rule 6); "|nowwd!=N" requires today not to be weekday N (rule 10); "|elapsed=N" adds N real
// seconds to the instant the terms give (hours, minutes and seconds are elapsed time, rule 12:
// "in 2 hours" is "now|elapsed=7200", never PHP's wall-clock "+2 hours").
import {
  MONTH_ABBREVIATIONS,
  MONTH_NAMES,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
} from '../../src-main/dates/vocabulary.ts';

export type Rand = () => number;
/** A piece of text and its meaning in PHP terms (null: not understood). */
export interface Piece {
  text: string;
  php: string | null;
}

export const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
export const int = (rand: Rand, lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
export const p2 = (n: number): string => String(n).padStart(2, '0');
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "1st", "2nd", "3rd", "11th"... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_ONES = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];

/** 1..99 in words ("twenty-one"; `joiner` ' ' gives "twenty one"). */
export function numberWord(n: number, joiner = '-'): string {
  if (n < 20) return ONES[n] ?? '';
  const t = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? t : `${t}${joiner}${ONES[n % 10] ?? ''}`;
}

/** 1..31 as ordinal words ("twenty-first", "thirtieth"). */
export function ordinalWord(n: number, joiner = '-'): string {
  if (n < 20) return ORDINAL_ONES[n] ?? '';
  if (n % 10 === 0) return `${(TENS[n / 10] ?? '').slice(0, -1)}ieth`;
  return `${TENS[Math.floor(n / 10)] ?? ''}${joiner}${ORDINAL_ONES[n % 10] ?? ''}`;
}

/** A month as a person writes it: full name, PHP's abbreviation, with or without a full stop. */
export function monthText(rand: Rand, m: number): string {
  const full = MONTH_NAMES[m - 1] ?? 'january';
  const abbr = pick(
    rand,
    MONTH_ABBREVIATIONS.filter(([, n]) => n === m).map(([w]) => w),
  );
  return pick(rand, [full, full, abbr, `${abbr}.`]);
}

/** A day of a month, sometimes impossible (0, 30 February, 31 April, 32). */
export function dayOf(rand: Rand, m: number): number {
  const r = rand();
  if (r < 0.04) return pick(rand, [0, 32, 33, 40]);
  if (r < 0.1) return (DAYS_IN_MONTH[m - 1] ?? 31) + 1;
  return int(rand, 1, DAYS_IN_MONTH[m - 1] ?? 31);
}

/** The PHP terms for a day of a month: the current year unless one is given (policy rule 4). */
export function dateTerms(m: number, d: number, year?: number | string): string {
  return `${year ?? '{Y}'}-${p2(m)}-${p2(d)}`;
}

/** A weekday as written, with PHP's name for it. */
export function weekdayText(rand: Rand, wd: number): { text: string; php: string } {
  const full = WEEKDAY_NAMES[wd] ?? 'sunday';
  const abbr = WEEKDAY_ABBREVIATIONS[wd] ?? 'sun';
  const extra = { 2: ['tues'], 3: ['weds'], 4: ['thur', 'thurs'] }[wd] ?? [];
  const spelled = pick(rand, [full, full, abbr, ...extra, ...extra.map((e) => `${e}.`)]);
  return { text: spelled, php: abbr };
}

/** "on" before a day: English puts it before a weekday or a date, not before today, tomorrow or yesterday. */
export function onDay(day: Piece): Piece {
  return { text: `on ${day.text}`, php: /^(today|tomorrow|yesterday)$/.test(day.text) ? null : day.php };
}

/** A day that a time can be put on: today, tomorrow, a weekday (with next/last/this), or a date. */
export function dayPiece(rand: Rand): Piece {
  const r = rand();
  if (r < 0.2) {
    const w = pick(rand, ['today', 'tomorrow', 'yesterday']);
    return { text: w, php: w };
  }
  if (r < 0.5) {
    const wd = int(rand, 0, 6);
    const { text, php } = weekdayText(rand, wd);
    const rel = pick(rand, ['', '', 'next ', 'last ', 'this ', 'this coming ', 'coming ']);
    if (rel.includes('coming')) return { text: `${rel}${text}`, php: `next ${php}|nowwd!=${wd}` };
    return { text: `${rel}${text}`, php: `${rel}${php}` };
  }
  return datePiece(rand);
}

/** A calendar date in words: "the 3rd of May", "May 3rd, 2027", "Sunday the 3rd of May"... */
export function datePiece(rand: Rand): Piece {
  const m = int(rand, 1, 12);
  const d = dayOf(rand, m);
  const mt = monthText(rand, m);
  const year = rand() < 0.3 ? int(rand, 1990, 2035) : undefined;
  const ys = year === undefined ? '' : pick(rand, [` ${year}`, `, ${year}`]);
  const inWords = rand() < 0.1 && d >= 1 && d <= 31;
  const dd = inWords ? ordinalWord(d) : pick(rand, [ordinal(d), ordinal(d), String(d)]);
  const bare = `${dd} ${mt}${ys}`;
  const text = pick(rand, [
    `the ${dd} of ${mt}${ys}`,
    `${dd} of ${mt}${ys}`,
    `${mt} the ${dd}${ys}`,
    `the ${dd} ${mt}${ys}`,
    bare,
    `${mt} ${dd}${ys}`,
  ]);
  // An ordinal in words before the month needs "the" or "of" (rule 15): "first Feb" is not read.
  const php = inWords && text === bare ? null : dateTerms(m, d, year);
  if (rand() < 0.25) {
    const wd = int(rand, 0, 6);
    const w = weekdayText(rand, wd).text;
    return { text: `${w}${pick(rand, [' ', ', '])}${text}`, php: php === null ? null : `${php}|wd=${wd}` };
  }
  return { text, php };
}

/** Seconds in one of PHP's elapsed units; the others (day, week, fortnight, month, year) are calendar amounts. */
const ELAPSED_SECONDS: Readonly<Record<string, number>> = { sec: 1, min: 60, hour: 3600 };

/**
 * The meaning of an amount added to (sign 1) or taken from (-1) a day's terms ("now" for an
 * amount from now), with that day's conditions kept: PHP's "+N unit" for a calendar amount,
 * "|elapsed=" real seconds for hours, minutes and seconds.
 */
export function shiftTerms(day: string, a: { n: number; unit: string }, sign: 1 | -1): string {
  const [terms = '', ...conditions] = day.split('|');
  const seconds = ELAPSED_SECONDS[a.unit];
  if (seconds !== undefined) return [terms, ...conditions, `elapsed=${sign * a.n * seconds}`].join('|');
  const shifted = `${terms === 'now' ? '' : `${terms} `}${sign < 0 ? '-' : '+'}${a.n} ${a.unit}`;
  return [shifted, ...conditions].join('|');
}

/**
 * Whether a clock time without am/pm reads the same on a 12-hour clock: hour 0, 12 and 13 to 23,
 * or an hour with a leading zero ("02:30"). "2:30" to "11:59" may be either half of the day (rule 9).
 */
export const unambiguousClock = (hourText: string): boolean => {
  const h = Number(hourText);
  return h === 0 || h >= 12 || hourText.startsWith('0');
};

/** A clock time as written, with its 24-hour terms, or null where the policy finds it ambiguous. */
export function timePiece(rand: Rand): Piece {
  const r = rand();
  const h12 = int(rand, 1, 12);
  const mi = pick(rand, [0, 0, 0, 15, 30, 45, int(rand, 0, 59)]);
  const pm = rand() < 0.5;
  const h24 = (h12 % 12) + (pm ? 12 : 0);
  const terms = (h: number, m: number, s = 0): string => `${p2(h)}:${p2(m)}:${p2(s)}`;
  if (r < 0.45) {
    const mer = pick(
      rand,
      pm
        ? ['pm', 'PM', 'p.m.', 'P.M.', 'P.M', 'p.m', 'p. m.', 'Pm']
        : ['am', 'AM', 'a.m.', 'A.M.', 'A.M', 'a.m', 'a. m.', 'Am'],
    );
    const sp = pick(rand, ['', ' ']);
    const clock = mi === 0 && rand() < 0.6 ? String(h12) : `${h12}${pick(rand, [':', ':', '.'])}${p2(mi)}`;
    // Exactly midnight ("12am", "12:00 a.m.") is the start or the end of a day: not read.
    const midnight = h24 === 0 && mi === 0;
    return { text: `${clock}${sp}${mer}`, php: midnight ? null : terms(h24, mi) };
  }
  if (r < 0.65) {
    const h = int(rand, 0, 23);
    const withSeconds = rand() < 0.3;
    const s = int(rand, 0, 59);
    const sep = withSeconds ? ':' : pick(rand, [':', ':', ':', '.']);
    const hour = pick(rand, [String(h), p2(h)]);
    return {
      text: `${hour}${sep}${p2(mi)}${withSeconds ? `:${p2(s)}` : ''}`,
      php: unambiguousClock(hour) ? terms(h, mi, withSeconds ? s : 0) : null,
    };
  }
  if (r < 0.75) return { text: pick(rand, ['noon', 'midday', '12 noon', 'Noon', 'mid-day']), php: terms(12, 0) };
  if (r < 0.85) {
    const part = pick(rand, ['morning', 'afternoon', 'evening']);
    const h = int(rand, 1, 12);
    const ok = part === 'morning' ? h <= 11 : part === 'afternoon' ? h === 12 || h <= 5 : h >= 5 && h <= 11;
    const hh = part === 'morning' || h === 12 ? h : h + 12;
    return { text: `${h}${pick(rand, ['', " o'clock"])} in the ${part}`, php: ok ? terms(hh, 0) : null };
  }
  if (r < 0.9) return { text: `${h12} o'clock ${pm ? 'pm' : 'am'}`, php: h24 === 0 ? null : terms(h24, 0) };
  // Ambiguous (policy rule 9): a bare hour, "o'clock" alone, midnight, half past.
  return {
    text: pick(rand, [
      String(h12),
      `${h12} o'clock`,
      `${h12} oclock`,
      'midnight',
      `half past ${h12}`,
      `quarter to ${h12}`,
    ]),
    php: null,
  };
}

/** The units as written, with PHP's unit word; all of these are in the policy's list. */
export const UNIT_SPELLINGS: readonly (readonly [string, string, string])[] = [
  ['second', 'seconds', 'sec'],
  ['sec', 'secs', 'sec'],
  ['minute', 'minutes', 'min'],
  ['min', 'mins', 'min'],
  ['hour', 'hours', 'hour'],
  ['hr', 'hrs', 'hour'],
  ['day', 'days', 'day'],
  ['week', 'weeks', 'week'],
  ['wk', 'wks', 'week'],
  ['fortnight', 'fortnights', 'fortnight'],
  ['month', 'months', 'month'],
  ['year', 'years', 'year'],
  ['yr', 'yrs', 'year'],
];

/** An amount of a unit ("3 days", "twenty-one minutes", "an hour"), with its number and PHP's unit. */
export function amountPiece(rand: Rand, allowArticle = true): { text: string; n: number; unit: string } {
  const [one, many, php] = pick(rand, UNIT_SPELLINGS);
  const r = rand();
  // "an hour", "a week"; never an article before an abbreviation ("a hr").
  if (allowArticle && r < 0.15 && !['sec', 'min', 'hr', 'wk', 'yr'].includes(one))
    return { text: `${one === 'hour' ? 'an' : 'a'} ${one}`, n: 1, unit: php };
  const n = pick(rand, [1, 2, 3, 5, 10, int(rand, 1, 40), int(rand, 1, 99)]);
  const numText = r < 0.55 ? String(n) : numberWord(n, pick(rand, ['-', ' ']));
  return { text: `${numText} ${n === 1 ? one : many}`, n, unit: php };
}
