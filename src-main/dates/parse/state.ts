// What the scanner accumulates (timelib's timelib_time while parsing): absolute fields, the
// relative part, the zone, and whether a parse error was seen.
import { UNSET, type Cursor } from './cursor.ts';

/** A rule's action: what the matched token (under the cursor) writes into the parse state. */
export type Action = (t: Parsed, c: Cursor) => void;

export const ZONE_NONE = 0;
export const ZONE_OFFSET = 1;
export const ZONE_ABBR = 2;
export const ZONE_ID = 3;

export const SPECIAL_WEEKDAY = 1;
export const SPECIAL_DAY_OF_WEEK_IN_MONTH = 2;
export const SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH = 3;

export const FIRST_DAY_OF = 1;
export const LAST_DAY_OF = 2;

/** A date and time as separate fields (timelib's y, m, d, h, i, s, us), any of them out of range until normalized. */
export interface Fields {
  y: number;
  m: number;
  d: number;
  h: number;
  i: number;
  s: number;
  us: number;
}

export interface Relative extends Fields {
  weekday: number;
  weekdayBehavior: number;
  firstLast: number;
  specialType: number;
  specialAmount: number;
}

export interface Parsed extends Fields {
  z: number;
  dst: number;
  zoneType: number;
  zoneId: string | undefined;
  haveTime: number;
  haveDate: boolean;
  haveZone: number;
  haveRelative: boolean;
  haveWeekdayRelative: boolean;
  haveSpecialRelative: boolean;
  rel: Relative;
  errors: number;
}

/** Resets `t` to the state newParsed() returns, without allocating (the scanner reuses one). */
export function resetParsed(t: Parsed): Parsed {
  t.y = UNSET;
  t.m = UNSET;
  t.d = UNSET;
  t.h = UNSET;
  t.i = UNSET;
  t.s = UNSET;
  t.us = UNSET;
  t.z = UNSET;
  t.dst = UNSET;
  t.zoneType = ZONE_NONE;
  t.zoneId = undefined;
  t.haveTime = 0;
  t.haveDate = false;
  t.haveZone = 0;
  t.haveRelative = false;
  t.haveWeekdayRelative = false;
  t.haveSpecialRelative = false;
  const r = t.rel;
  r.y = 0;
  r.m = 0;
  r.d = 0;
  r.h = 0;
  r.i = 0;
  r.s = 0;
  r.us = 0;
  r.weekday = 0;
  r.weekdayBehavior = 0;
  r.firstLast = 0;
  r.specialType = 0;
  r.specialAmount = 0;
  t.errors = 0;
  return t;
}

export function newParsed(): Parsed {
  return {
    y: UNSET,
    m: UNSET,
    d: UNSET,
    h: UNSET,
    i: UNSET,
    s: UNSET,
    us: UNSET,
    z: UNSET,
    dst: UNSET,
    zoneType: ZONE_NONE,
    zoneId: undefined,
    haveTime: 0,
    haveDate: false,
    haveZone: 0,
    haveRelative: false,
    haveWeekdayRelative: false,
    haveSpecialRelative: false,
    rel: {
      y: 0,
      m: 0,
      d: 0,
      h: 0,
      i: 0,
      s: 0,
      us: 0,
      weekday: 0,
      weekdayBehavior: 0,
      firstLast: 0,
      specialType: 0,
      specialAmount: 0,
    },
    errors: 0,
  };
}

/** TIMELIB_HAVE_TIME: a second time is an error; returns false when the action must stop. */
export function haveTime(t: Parsed): boolean {
  if (t.haveTime) {
    t.errors++;
    return false;
  }
  t.haveTime = 1;
  t.h = 0;
  t.i = 0;
  t.s = 0;
  t.us = 0;
  return true;
}

export function unhaveTime(t: Parsed): void {
  t.haveTime = 0;
  t.h = 0;
  t.i = 0;
  t.s = 0;
  t.us = 0;
}

export function haveDate(t: Parsed): boolean {
  if (t.haveDate) {
    t.errors++;
    return false;
  }
  t.haveDate = true;
  return true;
}

export function unhaveDate(t: Parsed): void {
  t.haveDate = false;
  t.d = 0;
  t.m = 0;
  t.y = 0;
}

/** TIMELIB_HAVE_TZ: a second zone is ignored (a warning), a third is an error. */
export function haveZone(t: Parsed): boolean {
  if (t.haveZone) {
    if (t.haveZone > 1) t.errors++;
    t.haveZone++;
    return false;
  }
  t.haveZone++;
  return true;
}
