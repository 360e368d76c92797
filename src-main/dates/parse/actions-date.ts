// Rule actions for dates: what each matched date token writes into the parse state. These follow
// the rule actions of timelib's parse_date.re one by one (same field order, same number widths).
import { getMonth, getNr, getSignedNr, lookupMonth, processYear, skipDaySuffix, type Cursor } from './cursor.ts';
import { haveDate, type Action, type Parsed } from './state.ts';
import type { RuleName } from '../lexer/rules.ts';
import { dayOfWeek } from '../civil.ts';

function yearOf(c: Cursor, max: number): number {
  const y = getNr(c, max);
  return processYear(y, c.lastLen);
}

/** Day offset from 1 January of ISO week `w`, day `d` (timelib_daynr_from_weeknr). */
function dayNrFromWeekNr(y: number, w: number, d: number): number {
  const dow = dayOfWeek(y, 1, 1);
  const day = 0 - (dow > 4 ? dow - 7 : dow);
  return day + (w - 1) * 7 + d;
}

function isoDate(t: Parsed, c: Cursor, yearDigits: number): void {
  if (!haveDate(t)) return;
  t.y = getSignedNr(c, yearDigits);
  if (c.failed) t.errors++;
  t.m = getNr(c, 2);
  t.d = getNr(c, 2);
}

/** Year, month, day where the year may have two digits ("08-06-30", "2008-6-30"). */
function shortYearDate(t: Parsed, c: Cursor): void {
  if (!haveDate(t)) return;
  t.y = getNr(c, 4);
  const len = c.lastLen;
  t.m = getNr(c, 2);
  t.d = getNr(c, 2);
  t.y = processYear(t.y, len);
}

function textualDate(t: Parsed, c: Cursor): void {
  if (!haveDate(t)) return;
  t.m = getMonth(c);
  t.d = getNr(c, 2);
  t.y = yearOf(c, 4);
}

function isoWeek(t: Parsed, c: Cursor, withDay: boolean): void {
  if (!haveDate(t)) return;
  t.haveRelative = true;
  t.y = getNr(c, 4);
  const w = getNr(c, 2);
  const d = withDay ? getNr(c, 1) : 1;
  t.m = 1;
  t.d = 1;
  t.rel.d = dayNrFromWeekNr(t.y, w, d);
}

/** "1/7", "1/7/2026": month first, as PHP reads them. */
function american(t: Parsed, c: Cursor): void {
  if (!haveDate(t)) return;
  t.m = getNr(c, 2);
  t.d = getNr(c, 2);
  if (c.ch() === 47) t.y = yearOf(c, 4);
}

/** The same slashed forms read day first (dateOrder "dmy"); only the order of the first two numbers differs. */
export function americanDayFirst(t: Parsed, c: Cursor): void {
  if (!haveDate(t)) return;
  t.d = getNr(c, 2);
  t.m = getNr(c, 2);
  if (c.ch() === 47) t.y = yearOf(c, 4);
}

/** The date rules' actions, keyed by rule name (lexer/rules.ts). */
export const DATE_ACTIONS = {
  american,
  iso8601date4: (t, c) => {
    isoDate(t, c, 4);
  },
  iso8601datex: (t, c) => {
    isoDate(t, c, 19);
  },
  iso8601date2: shortYearDate,
  gnudateshort: shortYearDate,
  gnudateshorter: (t, c) => {
    if (!haveDate(t)) return;
    t.y = yearOf(c, 4);
    t.m = getNr(c, 2);
    t.d = 1;
  },
  datefull: (t, c) => {
    if (!haveDate(t)) return;
    t.d = getNr(c, 2);
    skipDaySuffix(c);
    t.m = getMonth(c);
    t.y = yearOf(c, 4);
  },
  pointeddate4: (t, c) => {
    if (!haveDate(t)) return;
    t.d = getNr(c, 2);
    t.m = getNr(c, 2);
    t.y = getNr(c, 4);
  },
  pointeddate2: (t, c) => {
    if (!haveDate(t)) return;
    t.d = getNr(c, 2);
    t.m = getNr(c, 2);
    t.y = yearOf(c, 2);
  },
  datenoday: (t, c) => {
    if (!haveDate(t)) return;
    t.m = getMonth(c);
    t.y = yearOf(c, 4);
    t.d = 1;
  },
  datenodayrev: (t, c) => {
    if (!haveDate(t)) return;
    t.y = yearOf(c, 4);
    t.m = getMonth(c);
    t.d = 1;
  },
  datetextual: textualDate,
  pgtextshort: textualDate,
  datenoyearrev: (t, c) => {
    if (!haveDate(t)) return;
    t.d = getNr(c, 2);
    skipDaySuffix(c);
    t.m = getMonth(c);
  },
  datenocolon: (t, c) => {
    if (!haveDate(t)) return;
    t.y = getNr(c, 4);
    t.m = getNr(c, 2);
    t.d = getNr(c, 2);
  },
  pgydotd: (t, c) => {
    if (!haveDate(t)) return;
    t.y = getNr(c, 4);
    const len = c.lastLen;
    t.d = getNr(c, 3);
    t.m = 1;
    t.y = processYear(t.y, len);
  },
  isoweekday: (t, c) => {
    isoWeek(t, c, true);
  },
  isoweek: (t, c) => {
    isoWeek(t, c, false);
  },
  pgtextreverse: (t, c) => {
    if (!haveDate(t)) return;
    t.y = getNr(c, 4);
    const len = c.lastLen;
    t.m = getMonth(c);
    t.d = getNr(c, 2);
    t.y = processYear(t.y, len);
  },
  year4: (t, c) => {
    t.y = getNr(c, 4);
  },
  monthtext: (t, c) => {
    if (!haveDate(t)) return;
    t.m = lookupMonth(c);
  },
} satisfies Partial<Record<RuleName, Action>>;
