// Wall-clock formatting and parsing in a zone, on the cached offsets (no Intl per call).
import { readWallTime } from '../../../src-shared/wall-time.ts';
import { civilFromDays, daysFromCivil } from '../civil.ts';
import { localToUtc } from '../compute/local-to-utc.ts';
import type { ZoneRules } from './zone-rules.ts';

const ymd = [0, 0, 0];
/** Seconds of the day of the last instant put into `ymd` (wallDate). */
let secondOfDay = 0;
const p2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

function year4(y: number): string {
  if (y >= 1000 && y <= 9999) return String(y);
  const a = Math.abs(y);
  const s = a < 10 ? `000${a}` : a < 100 ? `00${a}` : a < 1000 ? `0${a}` : `${a}`;
  return y < 0 ? `-${s}` : s;
}

/** Puts the local date of an instant into `ymd` and its second of the day into `secondOfDay`. */
function wallDate(epochSeconds: number, zone: ZoneRules): void {
  const local = Math.floor(epochSeconds) + zone.offsetAt(Math.floor(epochSeconds));
  const days = Math.floor(local / 86400);
  secondOfDay = local - days * 86400;
  civilFromDays(days, ymd);
}

/** 'YYYY-MM-DD HH:MM:SS' local wall time of an instant (PHP's date('Y-m-d H:i:s')). */
export function formatWall(epochSeconds: number, zone: ZoneRules): string {
  wallDate(epochSeconds, zone);
  const sod = secondOfDay;
  const h = Math.floor(sod / 3600);
  const mi = Math.floor(sod / 60) % 60;
  return `${year4(ymd[0] as number)}-${p2(ymd[1] as number)}-${p2(ymd[2] as number)} ${p2(h)}:${p2(mi)}:${p2(sod % 60)}`;
}

const ZERO = 48;
const DASH = 45;

/** Writes two decimal digits of `n` (0 to 99) at `at`; the position after them. */
function digits2(n: number, into: Uint8Array, at: number): number {
  const tens = Math.floor(n / 10);
  into[at] = ZERO + tens;
  into[at + 1] = ZERO + n - tens * 10;
  return at + 2;
}

/**
 * formatWall's text as ASCII bytes written into `into` at `at` (room for 32 bytes needed);
 * returns the position after it. For a writer of many lines (`resolve --jsonl`): no string is
 * made per line. test/dates checks it against formatWall.
 */
export function writeWall(epochSeconds: number, zone: ZoneRules, into: Uint8Array, at: number): number {
  wallDate(epochSeconds, zone);
  const y = ymd[0] as number;
  let a = Math.abs(y);
  if (y < 0) into[at++] = DASH;
  // The year's digits, at least four (year4), written from the right.
  let width = 4;
  for (let rest = Math.floor(a / 10000); rest > 0; rest = Math.floor(rest / 10)) width++;
  for (let i = at + width - 1; i >= at; i--) {
    const q = Math.floor(a / 10);
    into[i] = ZERO + a - q * 10;
    a = q;
  }
  at += width;
  into[at++] = DASH;
  at = digits2(ymd[1] as number, into, at);
  into[at++] = DASH;
  at = digits2(ymd[2] as number, into, at);
  into[at++] = 32; // space
  const sod = secondOfDay;
  at = digits2(Math.floor(sod / 3600), into, at);
  into[at++] = 58; // colon
  at = digits2(Math.floor(sod / 60) % 60, into, at);
  into[at++] = 58;
  return digits2(sod % 60, into, at);
}

/** 'YYYY-MM-DDTHH:MM[:SS]' (or with a space) as local time in the zone -> epoch seconds. */
export function parseWall(text: string, zone: ZoneRules): number | undefined {
  const t = readWallTime(text.trim(), { local: true });
  if (t === undefined) return undefined;
  return localToUtc(
    daysFromCivil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second,
    zone,
    false,
    0,
  );
}
