// Days stage 2 reads (policy rules 7, 10, 13): today, tomorrow, yesterday and their neighbours,
// weekdays ("thurs", "next thurs", "this coming Friday", "Tuesday week", "a week on Friday"),
// calendar dates (dates.ts), and an amount measured from any of them ("3 days after tomorrow").
import { WEEKDAY_ABBREVIATIONS } from '../vocabulary.ts';
import { readAmount, shift } from './amounts.ts';
import type { Form, TokenCursor } from './cursor.ts';
import { readDate, readFirstOrLastDayOf, readNumericDate, readWeekday } from './dates.ts';
import { termsDay, type Day } from './meaning.ts';

const SPANS: Readonly<Record<string, string>> = { week: '+1 week', fortnight: '+2 weeks' };
const phpName = (wd: number): string => WEEKDAY_ABBREVIATIONS[wd] ?? '';

/**
 * Weekdays as PHP reads them, with the British spans. The forms counted from a weekday other than
 * PHP's plain name are not read on that weekday itself: on a Friday, "this coming Friday" or
 * "Friday week" may start from today or from a week later.
 */
const WEEKDAY_DAYS: readonly Form<Day>[] = [
  (c) => {
    c.eat('the');
    const wd = readWeekday(c);
    return wd !== undefined && c.eatAll('after', 'next')
      ? termsDay(`next ${phpName(wd)} +1 week`, true, wd)
      : undefined;
  },
  (c) => {
    const wd = readWeekday(c);
    const span = c.eat('week', 'fortnight');
    return wd === undefined || span === undefined
      ? undefined
      : termsDay(`${phpName(wd)} ${SPANS[span] ?? ''}`, true, wd);
  },
  (c) => {
    if (c.eat('a') === undefined) return undefined;
    const span = c.eat('week', 'fortnight');
    const wd = span !== undefined && c.eat('on') !== undefined ? readWeekday(c) : undefined;
    return span === undefined || wd === undefined
      ? undefined
      : termsDay(`${phpName(wd)} ${SPANS[span] ?? ''}`, false, wd);
  },
  (c) => {
    const coming = c.eatAll('this', 'coming') || c.eat('coming') !== undefined;
    const rel = coming ? undefined : c.eat('next', 'last', 'this');
    const wd = readWeekday(c);
    if (wd === undefined) return undefined;
    if (coming) return termsDay(`next ${phpName(wd)}`, true, wd);
    return termsDay(rel === undefined ? phpName(wd) : `${rel} ${phpName(wd)}`, true);
  },
];

/** today, tomorrow, yesterday, the day after tomorrow, the day before yesterday, a week today. */
const NAMED_DAYS: readonly Form<Day>[] = [
  (c) => {
    const w = c.eat('today', 'tomorrow', 'yesterday');
    return w === undefined ? undefined : termsDay(w, false);
  },
  (c) => {
    c.eat('the');
    if (c.eatAll('day', 'after', 'tomorrow')) return termsDay('tomorrow +1 day', true);
    return c.eatAll('day', 'before', 'yesterday') ? termsDay('yesterday -1 day', true) : undefined;
  },
  (c) => {
    if (c.eat('a') === undefined) return undefined;
    const span = c.eat('week', 'fortnight');
    const w = c.eat('today', 'tomorrow');
    return span === undefined || w === undefined ? undefined : termsDay(`${w} ${SPANS[span] ?? ''}`, false);
  },
];

/** A day without an amount measured from it. */
const SIMPLE_DAYS: readonly Form<Day>[] = [
  (c) => c.first(NAMED_DAYS),
  readFirstOrLastDayOf,
  readDate,
  (c) => c.first(WEEKDAY_DAYS),
  readNumericDate,
];

/**
 * "3 days after tomorrow", "a week before the 3rd of May", "2 hours after tomorrow": the amount
 * added to or taken from the day (rule 7); hours, minutes and seconds as real seconds (rule 12).
 */
const anchored: Form<Day> = (c) => {
  const a = readAmount(c);
  const rel = a === undefined || a.possessive ? undefined : c.eat('after', 'before', 'from');
  const anchor = rel === undefined ? undefined : c.first(SIMPLE_DAYS);
  if (a === undefined || anchor === undefined || anchor.numeric) return undefined;
  const { terms, elapsed } = shift(a, rel === 'before' ? -1 : 1);
  return { ...anchor, terms: `${anchor.terms} ${terms}`.trim(), elapsed, takesOn: false };
};

const DAYS: readonly Form<Day>[] = [anchored, ...SIMPLE_DAYS];

/** A day, or an amount measured from one. */
export function readDay(c: TokenCursor): Day | undefined {
  return c.first(DAYS);
}
