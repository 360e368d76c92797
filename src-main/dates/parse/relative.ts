// Relative units ("3 days", "next monday", "+2 weekdays") as timelib records them: amounts are
// accumulated per unit; weekdays and "weekday(s)" set the special weekday fields.
import type { Cursor } from './cursor.ts';
import { skipLetters } from './cursor.ts';
import {
  ORDINAL_AMOUNTS,
  RELATIVE_WORDS,
  UNIT_WORDS,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
  type UnitKind,
} from '../vocabulary.ts';
import { WordTable } from './words.ts';
import { SPECIAL_WEEKDAY, unhaveTime, type Parsed } from './state.ts';

const US = 0,
  SEC = 1,
  MIN = 2,
  HOUR = 3,
  DAY = 4,
  MONTH = 5,
  YEAR = 6,
  WEEKDAY = 7,
  SPECIAL = 8;
const KIND: Readonly<Record<UnitKind, number>> = {
  microsecond: US,
  second: SEC,
  minute: MIN,
  hour: HOUR,
  day: DAY,
  month: MONTH,
  year: YEAR,
};

/** timelib_relunit_table: unit words, then weekday names (plural, full, abbreviated), then "weekday(s)". */
const RELUNITS = new WordTable<readonly [number, number]>(
  Object.fromEntries([
    ...UNIT_WORDS.map(([w, kind, mult]) => [w, [KIND[kind], mult]] as const),
    ...WEEKDAY_NAMES.flatMap(
      (name, n) =>
        [
          [`${name}s`, [WEEKDAY, n]],
          [name, [WEEKDAY, n]],
          [WEEKDAY_ABBREVIATIONS[n] ?? name, [WEEKDAY, n]],
        ] as const,
    ),
    ['weekday', [SPECIAL, SPECIAL_WEEKDAY]],
    ['weekdays', [SPECIAL, SPECIAL_WEEKDAY]],
  ]),
);

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

/** timelib_reltext_lookup: [amount, behavior]; only "this" has behavior 1. */
const RELTEXT = new WordTable<readonly [number, number]>(
  Object.fromEntries([
    ...ORDINAL_AMOUNTS.map(([w, n]) => [w, [n, 0]] as const),
    ...RELATIVE_WORDS.map(([w, n]) => [w, [n, w === 'this' ? 1 : 0]] as const),
  ]),
);

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
    case US:
      r.us += amount * mult;
      break;
    case SEC:
      r.s += amount * mult;
      break;
    case MIN:
      r.i += amount * mult;
      break;
    case HOUR:
      r.h += amount * mult;
      break;
    case DAY:
      r.d += amount * mult;
      break;
    case MONTH:
      r.m += amount * mult;
      break;
    case YEAR:
      r.y += amount * mult;
      break;
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
