// Relative units ("3 days", "next monday", "+2 weekdays") as timelib records them: amounts are
// accumulated per unit; weekdays and "weekday(s)" set the special weekday fields.
import type { Cursor } from './cursor.ts';
import { skipLetters } from './cursor.ts';
import { WordTable } from './words.ts';
import { SPECIAL_WEEKDAY, unhaveTime, type Parsed } from './state.ts';

const US = 0, SEC = 1, MIN = 2, HOUR = 3, DAY = 4, MONTH = 5, YEAR = 6, WEEKDAY = 7, SPECIAL = 8;

const RELUNITS = new WordTable<readonly [number, number]>({
  ms: [US, 1000], msec: [US, 1000], msecs: [US, 1000], millisecond: [US, 1000], milliseconds: [US, 1000],
  'µs': [US, 1], usec: [US, 1], usecs: [US, 1], 'µsec': [US, 1], 'µsecs': [US, 1], microsecond: [US, 1], microseconds: [US, 1],
  sec: [SEC, 1], secs: [SEC, 1], second: [SEC, 1], seconds: [SEC, 1],
  min: [MIN, 1], mins: [MIN, 1], minute: [MIN, 1], minutes: [MIN, 1],
  hour: [HOUR, 1], hours: [HOUR, 1],
  day: [DAY, 1], days: [DAY, 1], week: [DAY, 7], weeks: [DAY, 7],
  fortnight: [DAY, 14], fortnights: [DAY, 14], forthnight: [DAY, 14], forthnights: [DAY, 14],
  month: [MONTH, 1], months: [MONTH, 1], year: [YEAR, 1], years: [YEAR, 1],
  mondays: [WEEKDAY, 1], monday: [WEEKDAY, 1], mon: [WEEKDAY, 1],
  tuesdays: [WEEKDAY, 2], tuesday: [WEEKDAY, 2], tue: [WEEKDAY, 2],
  wednesdays: [WEEKDAY, 3], wednesday: [WEEKDAY, 3], wed: [WEEKDAY, 3],
  thursdays: [WEEKDAY, 4], thursday: [WEEKDAY, 4], thu: [WEEKDAY, 4],
  fridays: [WEEKDAY, 5], friday: [WEEKDAY, 5], fri: [WEEKDAY, 5],
  saturdays: [WEEKDAY, 6], saturday: [WEEKDAY, 6], sat: [WEEKDAY, 6],
  sundays: [WEEKDAY, 0], sunday: [WEEKDAY, 0], sun: [WEEKDAY, 0],
  weekday: [SPECIAL, SPECIAL_WEEKDAY], weekdays: [SPECIAL, SPECIAL_WEEKDAY],
});

/** Stops at the separators timelib_lookup_relunit stops at. */
const IS_STOP = new Uint8Array(256);
for (const b of [0, 32, 44, 9, 59, 58, 47, 46, 45, 40, 41]) IS_STOP[b] = 1;

/** The relative unit word at the cursor: [unit, multiplier], or undefined. */
export function lookupRelunit(c: Cursor): readonly [number, number] | undefined {
  const begin = c.p;
  for (let b = c.ch(); !IS_STOP[b]; b = c.ch()) c.p++;
  return RELUNITS.get(c.buf, begin, c.p);
}

export function weekdayOf(c: Cursor): number {
  return lookupRelunit(c)?.[1] ?? 0;
}

const RELTEXT = new WordTable<readonly [number, number]>({
  first: [1, 0], next: [1, 0], second: [2, 0], third: [3, 0], fourth: [4, 0], fifth: [5, 0], sixth: [6, 0], seventh: [7, 0],
  eight: [8, 0], eighth: [8, 0], ninth: [9, 0], tenth: [10, 0], eleventh: [11, 0], twelfth: [12, 0], last: [-1, 0], previous: [-1, 0],
  this: [0, 1],
});

/** "next", "third", "this"...: [amount, behavior]; behavior is kept from `behavior` when unknown. */
export function getRelativeText(c: Cursor, behavior: number): readonly [number, number] {
  for (let a = c.ch(); a === 32 || a === 9 || a === 45 || a === 47; a = c.ch()) c.p++;
  const begin = skipLetters(c);
  const hit = RELTEXT.get(c.buf, begin, c.p);
  return hit ?? [0, behavior];
}

/** timelib_set_relative. `keepTime` is TIMELIB_TIME_PART_KEEP ("+1 monday" keeps the time). */
export function setRelative(c: Cursor, amount: number, behavior: number, t: Parsed, keepTime: boolean): void {
  const unit = lookupRelunit(c);
  if (unit === undefined) return;
  const [kind, mult] = unit;
  const r = t.rel;
  switch (kind) {
    case US: r.us += amount * mult; break;
    case SEC: r.s += amount * mult; break;
    case MIN: r.i += amount * mult; break;
    case HOUR: r.h += amount * mult; break;
    case DAY: r.d += amount * mult; break;
    case MONTH: r.m += amount * mult; break;
    case YEAR: r.y += amount * mult; break;
    case WEEKDAY:
      t.haveRelative = true;
      t.haveWeekdayRelative = true;
      if (!keepTime) unhaveTime(t);
      r.d += (amount > 0 ? amount - 1 : amount) * 7;
      r.weekday = mult;
      r.weekdayBehavior = behavior;
      break;
    default:
      t.haveRelative = true;
      t.haveSpecialRelative = true;
      if (!keepTime) unhaveTime(t);
      r.specialType = mult;
      r.specialAmount = amount;
  }
}
