// Second stage: chrono-node (en-GB) for English phrases strtotime rejects ("in 3 days", "next
// Tuesday at 5pm"). It answers only when its reading spans the whole trimmed input, so a date is
// never picked out of a sentence ("I have 2 cats" stays not understood). A date without a time
// means 00:00:00, as in the first stage; a relative phrase ("in 3 days") keeps the time of day.
import { createRequire } from 'node:module';
import type * as ChronoModule from 'chrono-node';
import { daysFromCivil } from './civil.ts';
import { localToUtc } from './compute/local-to-utc.ts';
import type { ZoneRules } from './zone/zone-rules.ts';

/**
 * chrono-node is loaded on first use: most texts never reach this stage, and a CLI run that does
 * not need it starts ~0.1 s faster.
 */
let chronoModule: typeof ChronoModule | undefined;
function chrono(): typeof ChronoModule {
  chronoModule ??= createRequire(import.meta.url)('chrono-node') as typeof ChronoModule;
  return chronoModule;
}

/** Casual words that name a time of day rather than a date: their implied hour is kept. */
const TIME_OF_DAY_TAGS = ['casualReference/morning', 'casualReference/afternoon', 'casualReference/evening', 'casualReference/night',
  'casualReference/tonight', 'casualReference/noon', 'casualReference/midnight', 'casualReference/now'];

const DAY_ANCHORED = /\b(?:tomorrow|yesterday|today)\b/i;
/** Whole words that make a phrase about a date or time (besides month and weekday names). */
const DATE_WORDS = new Set(['today', 'tonight', 'tomorrow', 'yesterday', 'now', 'noon', 'midnight', 'morning', 'afternoon', 'evening',
  'night', 'ago', 'later', 'after', 'before', 'from', 'within', 'next', 'last', 'this', 'past', 'coming', 'sec', 'secs', 'second',
  'seconds', 'min', 'mins', 'minute', 'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'fortnight', 'fortnights', 'month',
  'months', 'quarter', 'year', 'years', 'weekend', 'christmas']);
const MONTH_OR_WEEKDAY = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$/i;
const FILLER = /^(?:the|on|at|by|for)\s+$/i;
const WORD = /^[a-z]+\.?$/i;
const NUMBER = /^\d{1,4}(?:st|nd|rd|th)?$/i;
const CLOCK = /^\d{1,2}(?::\d{2}){0,2}(?:am|pm|a\.m\.|p\.m\.)?$/i;

/**
 * A plain English phrase: words, small numbers and clock times only. Numeric date formats PHP
 * rejected ("13/1/2024", "1969-13-08") are not offered to chrono: they stay "not understood"
 * rather than getting a guess.
 */
export function isPlainEnglish(text: string): boolean {
  if (text.length === 0 || /[^\x20-\x7e\t]/.test(text)) return false;
  let hasDateWord = false;
  for (const token of text.split(/[\s,]+/)) {
    if (token === '') continue;
    if (WORD.test(token)) {
      if (DATE_WORDS.has(token.toLowerCase()) || MONTH_OR_WEEKDAY.test(token)) hasDateWord = true;
    } else if (!NUMBER.test(token) && !CLOCK.test(token)) {
      return false;
    }
  }
  return hasDateWord;
}

/**
 * Texts chrono does not read whole. Which part of a text chrono matches does not depend on the
 * reference instant or zone (those only change the values), so the negative answer is a property
 * of the text and can be remembered. Bounded; cleared when full.
 */
const unreadable = new Set<string>();
const UNREADABLE_MAX = 50000;

function remember(text: string): number | undefined {
  if (unreadable.size >= UNREADABLE_MAX) unreadable.clear();
  unreadable.add(text);
  return undefined;
}

export function chronoStage(text: string, nowSeconds: number, zone: ZoneRules): number | undefined {
  const trimmed = text.trim();
  if (unreadable.has(trimmed)) return undefined;
  if (!isPlainEnglish(trimmed)) return remember(trimmed);
  const offsetMinutes = zone.offsetAt(nowSeconds) / 60;
  const results = chrono().en.GB.parse(trimmed, { instant: new Date(nowSeconds * 1000), timezone: offsetMinutes });
  const result = results[0];
  if (results.length !== 1 || result === undefined) return remember(trimmed);
  // The reading must span the whole input; a leading filler word ("the 3rd of March", "on Tuesday") is allowed.
  const lead = trimmed.slice(0, result.index);
  if ((result.index !== 0 && !FILLER.test(lead)) || result.index + result.text.length !== trimmed.length) return remember(trimmed);
  const start = result.start;
  const y = start.get('year'), m = start.get('month'), d = start.get('day');
  if (y === null || m === null || d === null) return undefined;
  const tags = result.tags();
  const localNow = nowSeconds + offsetMinutes * 60;
  const nowIsNoon = localNow - Math.floor(localNow / 86400) * 86400 === 43200;
  const impliedNoon = !nowIsNoon && start.get('hour') === 12 && start.get('minute') === 0 && start.get('second') === 0;
  const keepTime = start.isCertain('hour') || TIME_OF_DAY_TAGS.some((tag) => tags.has(tag)) ||
    // "in 3 days", "two weeks ago" keep the time like "+3 days"; chrono's default noon for a bare
    // date and phrases anchored on a day ("the day after tomorrow") mean midnight.
    (tags.has('result/relativeDate') && !impliedNoon && !DAY_ANCHORED.test(trimmed));
  const h = keepTime ? (start.get('hour') ?? 0) : 0;
  const mi = keepTime ? (start.get('minute') ?? 0) : 0;
  const s = keepTime ? (start.get('second') ?? 0) : 0;
  const wall = daysFromCivil(y, m, d) * 86400 + h * 3600 + mi * 60 + s;
  const tz = start.get('timezoneOffset');
  // A zone written in the phrase ("5pm EST") is honoured; otherwise the wall time is local.
  if (start.isCertain('timezoneOffset') && tz !== null) return wall - tz * 60;
  return localToUtc(wall, zone, false, 0);
}
