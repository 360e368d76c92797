// Calendar dates stage 2 reads (policy rules 4 to 6, 13, 15): "the 3rd of May", "3 May", "May the
// 3rd", "12,May", "May 3rd, 2027", "the 3rd of next month", "the last day of March", a weekday
// written with the date, and numeric dates in the chosen day/month order.
import type { Form, TokenCursor } from './cursor.ts';
import { monthOf, ordinalWord, weekdayOf } from './lexicon.ts';
import { writtenDate, type Day, type WrittenDate } from './meaning.ts';

const SHIFTS: Readonly<Record<string, number>> = { next: 1, this: 0, last: -1, previous: -1 };

/** A weekday name or abbreviation (a full stop only after an abbreviation): 0 is Sunday. */
export function readWeekday(c: TokenCursor): number | undefined {
  const t = c.peek();
  if (t?.kind !== 'word') return undefined;
  const wd = weekdayOf(t.text, t.dotted);
  if (wd !== undefined) c.pos++;
  return wd;
}

function readMonth(c: TokenCursor): number | undefined {
  const t = c.peek();
  if (t?.kind !== 'word') return undefined;
  const m = monthOf(t.text, t.dotted);
  if (m !== undefined) c.pos++;
  return m;
}

/** A day of the month: "3", "3rd", or in words ("third", "twenty-first") where `words` allows. */
function readDayNumber(c: TokenCursor, words: boolean): number | undefined {
  const t = c.peek();
  if (t?.kind === 'number' && t.digits <= 2) {
    c.pos++;
    return t.value;
  }
  if (!words) return undefined;
  const hit = ordinalWord(c.wordAt(), c.wordAt(1));
  if (hit === undefined) return undefined;
  c.pos += hit.used;
  return hit.value;
}

/** ", 2027", "2027", "next year" after a date; the date unchanged when none follows. */
function withYear(c: TokenCursor, date: WrittenDate): WrittenDate {
  return (
    c.attempt(() => {
      c.eatComma();
      const t = c.peek();
      if (t?.kind === 'number' && t.digits === 4 && !t.suffixed) {
        c.pos++;
        return { ...date, year: t.value };
      }
      const which = c.eat('next', 'last', 'previous', 'this');
      return which === undefined || c.eat('year') === undefined
        ? undefined
        : { ...date, yearShift: SHIFTS[which] ?? 0 };
    }) ?? date
  );
}

/**
 * Day then month, or month then day. An ordinal in words before the month only with "the" or
 * "of" ("the first of May", not "first Feb"), and a comma only next to digits ("12,May", not
 * "Feb,first").
 */
const DAY_AND_MONTH: readonly Form<WrittenDate>[] = [
  (c) => {
    const the = c.eat('the') !== undefined;
    const digits = c.peek()?.kind === 'number';
    const day = readDayNumber(c, true);
    if (day === undefined) return undefined;
    const comma = digits && c.eatComma();
    const of = !comma && c.eat('of') !== undefined;
    if (!digits && !the && !of) return undefined;
    const month = readMonth(c);
    if (month !== undefined) return withYear(c, writtenDate(day, month));
    const which = of ? c.eat('next', 'this', 'last') : undefined;
    if (which === undefined || c.eat('month') === undefined) return undefined;
    return { ...writtenDate(day, undefined), monthShift: SHIFTS[which] ?? 0 };
  },
  (c) => {
    const month = readMonth(c);
    if (month === undefined) return undefined;
    const comma = c.eatComma();
    if (!comma) c.eat('the');
    const day = readDayNumber(c, !comma);
    return day === undefined ? undefined : withYear(c, writtenDate(day, month));
  },
];

/** A date, with the weekday it falls on if written ("Sunday, the 3rd of May"). */
export function readDate(c: TokenCursor): Day | undefined {
  return c.attempt(() => {
    const weekday = c.attempt(() => {
      const w = readWeekday(c);
      if (w !== undefined) c.eatComma();
      return w;
    });
    const date = c.first(DAY_AND_MONTH);
    return date === undefined ? undefined : { date: { ...date, weekday }, terms: '', takesOn: true, numeric: false };
  });
}

/** "the last day of March", "first day of May 2027": a named month's first or last day, as PHP reads them. */
export function readFirstOrLastDayOf(c: TokenCursor): Day | undefined {
  return c.attempt(() => {
    c.eat('the');
    const which = c.eat('first', 'last');
    if (which === undefined || !c.eatAll('day', 'of')) return undefined;
    const month = readMonth(c);
    if (month === undefined) return undefined;
    const date = withYear(c, { ...writtenDate(1, month), lastOfMonth: which === 'last' });
    return { date, terms: '', takesOn: true, numeric: false };
  });
}

/** "2026-05-03", "5/3/2026" (day first with dateOrder "dmy"; two-digit years as PHP reads them). */
export function readNumericDate(c: TokenCursor): Day | undefined {
  const t = c.peek();
  let date: WrittenDate | undefined;
  if (t?.kind === 'isoDate') {
    date = { ...writtenDate(t.d, t.m), year: t.y };
  } else if (t?.kind === 'slashDate') {
    const [month, day] = c.order === 'dmy' ? [t.second, t.first] : [t.first, t.second];
    const year = t.yearDigits === 2 ? (t.year < 70 ? 2000 + t.year : 1900 + t.year) : t.year;
    date = { ...writtenDate(day, month), year };
  }
  if (date === undefined) return undefined;
  c.pos++;
  return { date, terms: '', takesOn: false, numeric: true };
}
