// Rule actions for relative phrases, timestamps and zones.
import { eatSpaces, getSignedNr, type Cursor } from './cursor.ts';
import { getRelativeText, setRelative, weekdayOf } from './relative.ts';
import {
  FIRST_DAY_OF,
  LAST_DAY_OF,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
  ZONE_OFFSET,
  haveZone,
  unhaveDate,
  unhaveTime,
  type Action,
  type Parsed,
} from './state.ts';
import type { RuleName } from '../lexer/rules.ts';
import { parseZone } from './zone-text.ts';

function timestamp(t: Parsed, c: Cursor, withFraction: boolean): void {
  t.haveRelative = true;
  unhaveDate(t);
  unhaveTime(t);
  if (!haveZone(t)) return;
  const negative = c.ch(1) === 45;
  const i = getSignedNr(c, 24);
  // Beyond 2^53 a double drops the last digits; carry whole days separately so the seconds stay exact.
  let days = 0;
  let secs = i;
  if (c.lastLen >= 16 && !c.failed) {
    let digits = '';
    for (let k = c.p - c.lastLen; k < c.p; k++) digits += String.fromCharCode(c.buf[k] as number);
    const big = BigInt(digits) * (i < 0 ? -1n : 1n);
    let d = big / 86400n;
    if (big % 86400n < 0n) d -= 1n;
    days = Number(d);
    secs = Number(big - d * 86400n);
  }
  let us = 0;
  if (withFraction) {
    const before = c.p;
    us = getSignedNr(c, 6);
    us = us * 10 ** (7 - (c.p - before));
    if (negative) us = -us;
  }
  if (c.failed) t.errors++;
  t.y = 1970;
  t.m = 1;
  t.d = 1;
  t.h = 0;
  t.i = 0;
  t.s = 0;
  t.us = 0;
  t.rel.s += secs;
  t.rel.d += days;
  if (withFraction) t.rel.us = us;
  t.zoneType = ZONE_OFFSET;
  t.z = 0;
  t.dst = 0;
}

/** Loops over "next week", "third day" style phrases; guards against a cursor that stops moving. */
function relativeText(t: Parsed, c: Cursor, week: boolean): void {
  t.haveRelative = true;
  let behavior = 0;
  while (c.ch() !== 0) {
    const start = c.p;
    const [amount, b] = getRelativeText(c, behavior);
    behavior = b;
    eatSpaces(c);
    setRelative(c, amount, behavior, t, false);
    if (week) {
      t.rel.weekdayBehavior = 2;
      if (!t.haveWeekdayRelative) {
        t.haveRelative = true;
        t.haveWeekdayRelative = true;
        t.rel.weekday = 1;
      }
    }
    if (c.p === start) c.p++;
  }
}

function dayWord(t: Parsed, days: number): void {
  t.haveRelative = true;
  unhaveTime(t);
  t.rel.d = days;
}

/** The relative, timestamp and zone rules' actions, keyed by rule name (lexer/rules.ts). */
export const RELATIVE_ACTIONS = {
  yesterday: (t) => {
    dayWord(t, -1);
  },
  tomorrow: (t) => {
    dayWord(t, 1);
  },
  now: () => undefined,
  midnightToday: (t) => {
    unhaveTime(t);
  },
  timestamp: (t, c) => {
    timestamp(t, c, false);
  },
  timestampms: (t, c) => {
    timestamp(t, c, true);
  },
  firstLastDayOf: (t, c) => {
    t.haveRelative = true;
    t.rel.firstLast = (c.ch() | 0x20) === 108 ? LAST_DAY_OF : FIRST_DAY_OF;
  },
  weekdayOf: (t, c) => {
    t.haveRelative = true;
    t.haveSpecialRelative = true;
    const [amount, behavior] = getRelativeText(c, 0);
    eatSpaces(c);
    if (amount > 0) {
      t.rel.specialType = SPECIAL_DAY_OF_WEEK_IN_MONTH;
      setRelative(c, amount, 1, t, false);
    } else {
      t.rel.specialType = SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH;
      setRelative(c, amount, behavior, t, false);
    }
  },
  ago: (t) => {
    const r = t.rel;
    r.y = -r.y;
    r.m = -r.m;
    r.d = -r.d;
    r.h = -r.h;
    r.i = -r.i;
    r.s = -r.s;
    r.weekday = -r.weekday;
    if (r.weekday === 0) r.weekday = -7;
    if (t.haveSpecialRelative && r.specialType === SPECIAL_WEEKDAY) r.specialAmount = -r.specialAmount;
  },
  daytext: (t, c) => {
    t.haveRelative = true;
    t.haveWeekdayRelative = true;
    unhaveTime(t);
    t.rel.weekday = weekdayOf(c);
    if (t.rel.weekdayBehavior !== 2) t.rel.weekdayBehavior = 1;
  },
  relativetextweek: (t, c) => {
    relativeText(t, c, true);
  },
  relativetext: (t, c) => {
    relativeText(t, c, false);
  },
  relative: (t, c) => {
    t.haveRelative = true;
    while (c.ch() !== 0) {
      const start = c.p;
      const amount = getSignedNr(c, 24);
      if (c.failed) {
        t.errors++;
        return;
      }
      eatSpaces(c);
      setRelative(c, amount, 1, t, true);
      if (c.p === start) c.p++;
    }
  },
  tz: (t, c) => {
    if (!haveZone(t)) return;
    eatSpaces(c);
    const z = parseZone(c, t);
    if (z === undefined) t.errors++;
    else t.z = z;
  },
} satisfies Partial<Record<RuleName, Action>>;
