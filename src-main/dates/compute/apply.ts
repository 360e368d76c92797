// Turns a parse into an instant the way PHP's strtotime() does after parsing: fill what the text
// left unset from "now" (timelib_fill_holes), then apply special/relative parts in timelib's order
// (timelib_update_ts) and map the local wall time to UTC in the zone that applies.
import { civilFromDays, daysFromCivil, dayOfWeek } from '../civil.ts';
import { UNSET } from '../parse/cursor.ts';
import {
  FIRST_DAY_OF,
  LAST_DAY_OF,
  SPECIAL_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH,
  SPECIAL_WEEKDAY,
  ZONE_ABBR,
  ZONE_ID,
  ZONE_NONE,
  ZONE_OFFSET,
  type Parsed,
} from '../parse/state.ts';
import { zoneRules, type ZoneRules } from '../zone/zone-rules.ts';
import { normalize } from './normalize.ts';
import { localToUtc } from './local-to-utc.ts';

/** "Now" in the default zone, kept for the last (now, zone) pair: callers resolve many texts per now. */
let lastNow = Number.NaN;
let lastZone: ZoneRules | undefined;
let nowOff = 0,
  nowDst = Number.NaN,
  nowSod = 0;
const nowYmd = [0, 0, 0];

/**
 * Whether now is daylight saving time: only a zone named in the text reads it (localToUtc
 * ignores it otherwise), and finding it samples a year of the zone's offsets, so it is computed
 * only then.
 */
function nowIsDst(t: Parsed, nowSec: number, zone: ZoneRules): number {
  if (t.zoneType === ZONE_NONE) return 0;
  if (Number.isNaN(nowDst)) nowDst = zone.isDstAt(nowSec) ? 1 : 0;
  return nowDst;
}

function fillHoles(t: Parsed, nowSec: number, zone: ZoneRules): void {
  if (nowSec !== lastNow || zone !== lastZone) {
    nowOff = zone.offsetAt(nowSec);
    nowDst = Number.NaN;
    const local = nowSec + nowOff;
    const days = Math.floor(local / 86400);
    nowSod = local - days * 86400;
    civilFromDays(days, nowYmd);
    lastNow = nowSec;
    lastZone = zone;
  }
  const off = nowOff,
    sod = nowSod,
    ymd = nowYmd;
  if (t.haveDate && !t.haveTime) {
    t.h = 0;
    t.i = 0;
    t.s = 0;
    t.us = 0;
  }
  if (t.us === UNSET) t.us = 0;
  if (t.y === UNSET) t.y = ymd[0] as number;
  if (t.m === UNSET) t.m = ymd[1] as number;
  if (t.d === UNSET) t.d = ymd[2] as number;
  if (t.h === UNSET) t.h = Math.floor(sod / 3600);
  if (t.i === UNSET) t.i = Math.floor(sod / 60) % 60;
  if (t.s === UNSET) t.s = sod % 60;
  if (t.z === UNSET) t.z = off;
  if (t.dst === UNSET) t.dst = nowIsDst(t, nowSec, zone);
}

function adjustForWeekday(t: Parsed): void {
  const r = t.rel;
  const dow = dayOfWeek(t.y, t.m, t.d);
  if (r.weekdayBehavior === 2) {
    if (dow === 0 && r.weekday !== 0) r.weekday -= 7;
    if (r.weekday === 0 && dow !== 0) r.weekday = 7;
    t.d += r.weekday - dow;
    return;
  }
  let diff = r.weekday - dow;
  if ((r.d < 0 && diff < 0) || (r.d >= 0 && diff <= -r.weekdayBehavior)) diff += 7;
  if (r.weekday >= 0) t.d += diff;
  else t.d -= 7 - (Math.abs(r.weekday) - dow);
}

function firstLast(t: Parsed): void {
  if (t.rel.firstLast === FIRST_DAY_OF) t.d = 1;
  else if (t.rel.firstLast === LAST_DAY_OF) {
    t.d = 0;
    t.m++;
  }
}

/** "+N weekdays": business days, skipping weekends (do_adjust_special_weekday). */
function addWeekdays(t: Parsed): void {
  const count = t.rel.specialAmount;
  const dow = dayOfWeek(t.y, t.m, t.d);
  t.d += Math.trunc(count / 5) * 7;
  const rem = count % 5;
  if (count > 0) {
    if (rem === 0) {
      if (dow === 0) t.d -= 2;
      else if (dow === 6) t.d -= 1;
    } else if (dow === 6) t.d += 1;
    else if (dow + rem > 5) t.d += 2;
  } else {
    if (rem === 0) {
      if (dow === 6) t.d += 2;
      else if (dow === 0) t.d += 1;
    } else if (dow === 0) t.d -= 1;
    else if (dow + rem < 1) t.d -= 2;
  }
  t.d += rem;
}

/** Epoch seconds for a parse, given "now" (epoch seconds) and the default zone. */
export function toEpochSeconds(t: Parsed, nowSec: number, zone: ZoneRules): number | undefined {
  fillHoles(t, nowSec, zone);
  const r = t.rel;
  // do_adjust_special_early
  if (t.haveSpecialRelative) {
    if (r.specialType === SPECIAL_DAY_OF_WEEK_IN_MONTH) {
      t.d = 1;
      t.m += r.m;
      r.m = 0;
    } else if (r.specialType === SPECIAL_LAST_DAY_OF_WEEK_IN_MONTH) {
      t.d = 1;
      t.m += r.m + 1;
      r.m = 0;
    }
  }
  firstLast(t);
  normalize(t);
  // do_adjust_relative
  if (t.haveWeekdayRelative) adjustForWeekday(t);
  normalize(t);
  if (t.haveRelative) {
    t.us += r.us;
    t.s += r.s;
    t.i += r.i;
    t.h += r.h;
    t.d += r.d;
    t.m += r.m;
    t.y += r.y;
  }
  firstLast(t);
  normalize(t);
  // do_adjust_special
  if (t.haveSpecialRelative && r.specialType === SPECIAL_WEEKDAY) addWeekdays(t);
  normalize(t);
  const wall = daysFromCivil(t.y, t.m, t.d) * 86400 + t.h * 3600 + t.i * 60 + t.s;
  if (!Number.isFinite(wall)) return undefined;
  switch (t.zoneType) {
    case ZONE_OFFSET:
      return wall - t.z;
    case ZONE_ABBR:
      return wall - t.z - t.dst * 3600;
    case ZONE_ID: {
      const z = t.zoneId === undefined ? undefined : zoneRules(t.zoneId);
      if (z === undefined) return undefined;
      return localToUtc(wall, z, t.haveZone > 0, t.dst);
    }
    default:
      return localToUtc(wall, zone, false, t.dst);
  }
}
