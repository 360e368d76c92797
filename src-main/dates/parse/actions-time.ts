// Rule actions for times and for compound date-times (XMLRPC, SOAP, EXIF, common log, "Jan 2 10:00").
import { eatSpaces, getFracNr, getMonth, getNr, meridian, type Cursor } from './cursor.ts';
import { haveDate, haveTime, unhaveTime, type Parsed } from './state.ts';
import { parseZone } from './zone-text.ts';

const isSep = (b: number): boolean => b === 58 || b === 46;

function zoneInToken(t: Parsed, c: Cursor): void {
  if (c.ch() === 0) return;
  const z = parseZone(c, t);
  if (z === undefined) t.errors++;
  else t.z = z;
}

export function timeAction(name: string, t: Parsed, c: Cursor): boolean {
  switch (name) {
    case 'noon':
      unhaveTime(t);
      haveTime(t);
      t.h = 12;
      return true;
    case 'backFrontOf': {
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
      return true;
    }
    case 'time12':
      if (!haveTime(t)) return true;
      t.h = getNr(c, 2);
      if (isSep(c.ch())) {
        t.i = getNr(c, 2);
        if (isSep(c.ch())) t.s = getNr(c, 2);
      }
      eatSpaces(c);
      t.h += meridian(c, t.h);
      return true;
    case 'mssqltime':
      if (!haveTime(t)) return true;
      t.h = getNr(c, 2);
      t.i = getNr(c, 2);
      if (isSep(c.ch())) {
        t.s = getNr(c, 2);
        if (isSep(c.ch())) t.us = getFracNr(c);
      }
      eatSpaces(c);
      t.h += meridian(c, t.h);
      return true;
    case 'time24':
      if (!haveTime(t)) return true;
      t.h = getNr(c, 2);
      if (isSep(c.ch())) {
        t.i = getNr(c, 2);
        if (isSep(c.ch())) {
          t.s = getNr(c, 2);
          if (c.ch() === 46) t.us = getFracNr(c);
        }
      }
      zoneInToken(t, c);
      return true;
    case 'gnunocolon':
      if (t.haveTime === 0) {
        t.h = getNr(c, 2);
        t.i = getNr(c, 2);
        t.s = 0;
      } else if (t.haveTime === 1) {
        t.y = getNr(c, 4);
      } else {
        t.errors++;
        return true;
      }
      t.haveTime++;
      return true;
    case 'iso8601nocolon':
      if (!haveTime(t)) return true;
      t.h = getNr(c, 2);
      t.i = getNr(c, 2);
      t.s = getNr(c, 2);
      zoneInToken(t, c);
      return true;
    case 'xmlrpc':
      if (!haveTime(t) || !haveDate(t)) return true;
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
      return true;
    case 'clf': {
      if (!haveTime(t) || !haveDate(t)) return true;
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
      return true;
    }
    case 'dateshortwithtime12':
    case 'dateshortwithtime24':
      if (!haveDate(t)) return true;
      t.m = getMonth(c);
      t.d = getNr(c, 2);
      if (!haveTime(t)) return true;
      t.h = getNr(c, 2);
      t.i = getNr(c, 2);
      if (name === 'dateshortwithtime12') {
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
      return true;
    default:
      return false;
  }
}
