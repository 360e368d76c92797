// Reading a zone written inside the text: "+01:00", "GMT-5", "EST", "(CET)", "Europe/Paris".
import { ABBREVIATIONS, ZONE_IDS } from '../data/zone-tables.ts';
import type { Cursor } from './cursor.ts';
import { WordTable } from './words.ts';
import { ZONE_ABBR, ZONE_ID, ZONE_OFFSET, type Parsed } from './state.ts';

const ABBR_TABLE = new WordTable(ABBREVIATIONS);
/** Built on the first zone named in a text (most texts name none). */
let zoneByLower: ReadonlyMap<string, string> | undefined;

/** Canonical zone identifier for a name PHP accepts (case-insensitive), if any. */
export function zoneIdFor(name: string): string | undefined {
  zoneByLower ??= new Map<string, string>(ZONE_IDS.map((id) => [id.toLowerCase(), id]));
  return zoneByLower.get(name.toLowerCase());
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

function strtol(c: Cursor, from: number): number {
  let n = 0;
  for (let i = from; i < c.end && isDigit(c.buf[i] as number); i++) n = n * 10 + ((c.buf[i] as number) - 48);
  return n;
}

/** Offset digits after the sign, in seconds; undefined when the shape is not one timelib knows. */
function tzCorrection(c: Cursor): number | undefined {
  const begin = c.p;
  while (isDigit(c.ch()) || c.ch() === 58) c.p++;
  const len = c.p - begin;
  const at = (k: number): number => (begin + k < c.end ? (c.buf[begin + k] as number) : 0);
  switch (len) {
    case 1:
    case 2:
      return strtol(c, begin) * 3600;
    case 3:
    case 4:
      if (at(1) === 58) return strtol(c, begin) * 3600 + strtol(c, begin + 2) * 60;
      if (at(2) === 58) return strtol(c, begin) * 3600 + strtol(c, begin + 3) * 60;
      {
        const n = strtol(c, begin);
        return Math.trunc(n / 100) * 3600 + (n % 100) * 60;
      }
    case 5:
      if (at(2) !== 58) return undefined;
      return strtol(c, begin) * 3600 + strtol(c, begin + 3) * 60;
    case 6: {
      const n = strtol(c, begin);
      return Math.trunc(n / 10000) * 3600 + (Math.trunc(n / 100) % 100) * 60 + (n % 100);
    }
    case 8:
      if (at(2) !== 58 || at(5) !== 58) return undefined;
      return strtol(c, begin) * 3600 + strtol(c, begin + 3) * 60 + strtol(c, begin + 6);
    default:
      return undefined;
  }
}

const isAbbrChar = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isDigit(c) || c === 47 || c === 95 || c === 45 || c === 43;

/**
 * timelib_parse_zone: sets the zone on `t` and returns its offset field (`z`). Returns undefined
 * when the zone is not known, which the caller reports as a parse error.
 */
export function parseZone(c: Cursor, t: Parsed): number | undefined {
  while (c.ch() === 32 || c.ch() === 9 || c.ch() === 40) c.p++;
  if (c.ch() === 71 && c.ch(1) === 77 && c.ch(2) === 84 && (c.ch(3) === 43 || c.ch(3) === 45)) c.p += 3;
  let result: number | undefined;
  const sign = c.ch();
  if (sign === 43 || sign === 45) {
    c.p++;
    t.zoneType = ZONE_OFFSET;
    t.dst = 0;
    const v = tzCorrection(c);
    result = v === undefined ? undefined : sign === 45 ? -v : v;
  } else {
    const begin = c.p;
    while (isAbbrChar(c.ch())) c.p++;
    const abbr = c.p - begin < 6 ? ABBR_TABLE.get(c.buf, begin, c.p) : undefined;
    let found = false;
    let offset = 0;
    if (abbr !== undefined) {
      found = true;
      t.zoneType = ZONE_ABBR;
      t.dst = abbr[1];
      offset = abbr[0] - abbr[1] * 3600;
    }
    // Only "UTC" written in capitals is also tried as an identifier (timelib does the same).
    const isUtc = c.p - begin === 3 && c.buf[begin] === 85 && c.buf[begin + 1] === 84 && c.buf[begin + 2] === 67;
    if (!found || isUtc) {
      let text = '';
      for (let i = begin; i < c.p; i++) text += String.fromCharCode(c.buf[i] as number);
      const id = zoneIdFor(text);
      if (id !== undefined) {
        t.zoneType = ZONE_ID;
        t.zoneId = id;
        found = true;
      }
    }
    result = found ? offset : undefined;
  }
  while (c.ch() === 41) c.p++;
  return result;
}
