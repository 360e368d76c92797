// Rule actions for times and for compound date-times (XMLRPC, SOAP, EXIF, common log, "Jan 2 10:00").
import { eatSpaces, getFracNr, getMonth, getNr, meridian, type Cursor } from './cursor.ts';
import { haveDate, haveTime, unhaveTime, type Action, type Parsed } from './state.ts';
import type { RuleName } from '../lexer/rules.ts';
import { parseZone } from './zone-text.ts';

const isSep = (b: number): boolean => b === 58 || b === 46;

function zoneInToken(t: Parsed, c: Cursor): void {
  if (c.ch() === 0) return;
  const z = parseZone(c, t);
  if (z === undefined) t.errors++;
  else t.z = z;
}

function time12(t: Parsed, c: Cursor): void {
  if (!haveTime(t)) return;
  t.h = getNr(c, 2);
  if (isSep(c.ch())) {
    t.i = getNr(c, 2);
    if (isSep(c.ch())) t.s = getNr(c, 2);
  }
  eatSpaces(c);
  t.h += meridian(c, t.h);
}

function time24(t: Parsed, c: Cursor): void {
  if (!haveTime(t)) return;
  t.h = getNr(c, 2);
  if (isSep(c.ch())) {
    t.i = getNr(c, 2);
    if (isSep(c.ch())) {
      t.s = getNr(c, 2);
      if (c.ch() === 46) t.us = getFracNr(c);
    }
  }
  zoneInToken(t, c);
}

/** "Jan 2 10:00", "Jan 2 10:00pm": a year-less date and a time in one token. */
function dateShortWithTime(t: Parsed, c: Cursor, twelveHour: boolean): void {
  if (!haveDate(t)) return;
  t.m = getMonth(c);
  t.d = getNr(c, 2);
  if (!haveTime(t)) return;
  t.h = getNr(c, 2);
  t.i = getNr(c, 2);
  if (twelveHour) {
    if (isSep(c.ch())) {
      t.s = getNr(c, 2);
      if (c.ch() === 46) t.us = getFracNr(c);
    }
    t.h += meridian(c, t.h);
  } else {
    if (c.ch() === 58) {
      t.s = getNr(c, 2);
      if (c.ch() === 46) t.us = getFracNr(c);
    }
    zoneInToken(t, c);
  }
}

/** The time and date-time rules' actions, keyed by rule name (lexer/rules.ts). */
export const TIME_ACTIONS = {
  noon: (t) => {
    unhaveTime(t);
    haveTime(t);
    t.h = 12;
  },
  backFrontOf: (t, c) => {
    unhaveTime(t);
    haveTime(t);
    // timelib tests for a lower-case 'b' only: "BACK OF 7" reads as "front of".
    const back = c.ch() === 98;
    t.h = getNr(c, 2) - (back ? 0 : 1);
    t.i = back ? 15 : 45;
    if (c.ch() !== 0) {
      eatSpaces(c);
      t.h += meridian(c, t.h);
    }
  },
  time12,
  mssqltime: (t, c) => {
    if (!haveTime(t)) return;
    t.h = getNr(c, 2);
    t.i = getNr(c, 2);
    if (isSep(c.ch())) {
      t.s = getNr(c, 2);
      if (isSep(c.ch())) t.us = getFracNr(c);
    }
    eatSpaces(c);
    t.h += meridian(c, t.h);
  },
  time24,
  gnunocolon: (t, c) => {
    if (t.haveTime === 0) {
      t.h = getNr(c, 2);
      t.i = getNr(c, 2);
      t.s = 0;
    } else if (t.haveTime === 1) {
      t.y = getNr(c, 4);
    } else {
      t.errors++;
      return;
    }
    t.haveTime++;
  },
  iso8601nocolon: (t, c) => {
    if (!haveTime(t)) return;
    t.h = getNr(c, 2);
    t.i = getNr(c, 2);
    t.s = getNr(c, 2);
    zoneInToken(t, c);
  },
  xmlrpc: (t, c) => {
    if (!haveTime(t) || !haveDate(t)) return;
    t.y = getNr(c, 4);
    t.m = getNr(c, 2);
    t.d = getNr(c, 2);
    t.h = getNr(c, 2);
    t.i = getNr(c, 2);
    t.s = getNr(c, 2);
    if (c.ch() === 46) {
      t.us = getFracNr(c);
      zoneInToken(t, c);
    }
  },
  clf: (t, c) => {
    if (!haveTime(t) || !haveDate(t)) return;
    t.d = getNr(c, 2);
    t.m = getMonth(c);
    t.y = getNr(c, 4);
    t.h = getNr(c, 2);
    t.i = getNr(c, 2);
    t.s = getNr(c, 2);
    eatSpaces(c);
    const z = parseZone(c, t);
    if (z === undefined) t.errors++;
    else t.z = z;
  },
  dateshortwithtime12: (t, c) => {
    dateShortWithTime(t, c, true);
  },
  dateshortwithtime24: (t, c) => {
    dateShortWithTime(t, c, false);
  },
} satisfies Partial<Record<RuleName, Action>>;
