// Rule actions for dates: what each matched date token writes into the parse state. These follow
// the rule actions of timelib's parse_date.re one by one (same field order, same number widths).
import { getMonth, getNr, getSignedNr, lookupMonth, processYear, skipDaySuffix, type Cursor } from './cursor.ts';
import { haveDate, type Parsed } from './state.ts';
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

export function dateAction(name: string, t: Parsed, c: Cursor): boolean {
  switch (name) {
    case 'american':
      if (!haveDate(t)) return true;
      t.m = getNr(c, 2);
      t.d = getNr(c, 2);
      if (c.ch() === 47) t.y = yearOf(c, 4);
      return true;
    case 'iso8601date4':
    case 'iso8601datex':
      if (!haveDate(t)) return true;
      t.y = getSignedNr(c, name === 'iso8601date4' ? 4 : 19);
      if (c.failed) t.errors++;
      t.m = getNr(c, 2);
      t.d = getNr(c, 2);
      return true;
    case 'iso8601date2':
    case 'gnudateshort':
      if (!haveDate(t)) return true;
      t.y = getNr(c, 4);
      {
        const len = c.lastLen;
        t.m = getNr(c, 2);
        t.d = getNr(c, 2);
        t.y = processYear(t.y, len);
      }
      return true;
    case 'gnudateshorter':
      if (!haveDate(t)) return true;
      t.y = yearOf(c, 4);
      t.m = getNr(c, 2);
      t.d = 1;
      return true;
    case 'datefull':
      if (!haveDate(t)) return true;
      t.d = getNr(c, 2);
      skipDaySuffix(c);
      t.m = getMonth(c);
      t.y = yearOf(c, 4);
      return true;
    case 'pointeddate4':
      if (!haveDate(t)) return true;
      t.d = getNr(c, 2);
      t.m = getNr(c, 2);
      t.y = getNr(c, 4);
      return true;
    case 'pointeddate2':
      if (!haveDate(t)) return true;
      t.d = getNr(c, 2);
      t.m = getNr(c, 2);
      t.y = yearOf(c, 2);
      return true;
    case 'datenoday':
      if (!haveDate(t)) return true;
      t.m = getMonth(c);
      t.y = yearOf(c, 4);
      t.d = 1;
      return true;
    case 'datenodayrev':
      if (!haveDate(t)) return true;
      t.y = yearOf(c, 4);
      t.m = getMonth(c);
      t.d = 1;
      return true;
    case 'datetextual':
    case 'pgtextshort':
      if (!haveDate(t)) return true;
      t.m = getMonth(c);
      t.d = getNr(c, 2);
      t.y = yearOf(c, 4);
      return true;
    case 'datenoyearrev':
      if (!haveDate(t)) return true;
      t.d = getNr(c, 2);
      skipDaySuffix(c);
      t.m = getMonth(c);
      return true;
    case 'datenocolon':
      if (!haveDate(t)) return true;
      t.y = getNr(c, 4);
      t.m = getNr(c, 2);
      t.d = getNr(c, 2);
      return true;
    case 'pgydotd':
      if (!haveDate(t)) return true;
      t.y = getNr(c, 4);
      {
        const len = c.lastLen;
        t.d = getNr(c, 3);
        t.m = 1;
        t.y = processYear(t.y, len);
      }
      return true;
    case 'isoweekday':
    case 'isoweek': {
      if (!haveDate(t)) return true;
      t.haveRelative = true;
      t.y = getNr(c, 4);
      const w = getNr(c, 2);
      const d = name === 'isoweekday' ? getNr(c, 1) : 1;
      t.m = 1;
      t.d = 1;
      t.rel.d = dayNrFromWeekNr(t.y, w, d);
      return true;
    }
    case 'pgtextreverse':
      if (!haveDate(t)) return true;
      t.y = getNr(c, 4);
      {
        const len = c.lastLen;
        t.m = getMonth(c);
        t.d = getNr(c, 2);
        t.y = processYear(t.y, len);
      }
      return true;
    case 'year4':
      t.y = getNr(c, 4);
      return true;
    case 'monthtext':
      if (!haveDate(t)) return true;
      t.m = lookupMonth(c);
      return true;
    default:
      return false;
  }
}
