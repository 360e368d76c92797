// A read cursor over one matched token, with the small number and word readers timelib's rule
// actions use. Reading past the token yields 0, as timelib reads the NUL-terminated copy.

import { MONTH_ABBREVIATIONS, MONTH_NAMES, ROMAN_MONTHS } from '../vocabulary.ts';
import { WordTable } from './words.ts';

export const UNSET = -9999999;

export class Cursor {
  buf: Uint8Array = new Uint8Array(0);
  p = 0;
  end = 0;
  /** Digits read by the last getNr call. */
  lastLen = 0;
  /** Set by getSignedNr on malformed input, as timelib adds a parse error. */
  failed = false;

  reset(buf: Uint8Array, start: number, end: number): void {
    this.buf = buf;
    this.p = start;
    this.end = end;
    this.failed = false;
  }

  ch(k = 0): number {
    const i = this.p + k;
    return i < this.end ? (this.buf[i] as number) : 0;
  }
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Skips to the next digit and reads at most `max` of them; UNSET when none is left. */
export function getNr(c: Cursor, max: number): number {
  while (!isDigit(c.ch())) {
    if (c.ch() === 0) return UNSET;
    c.p++;
  }
  let n = 0;
  let len = 0;
  while (isDigit(c.ch()) && len < max) {
    n = n * 10 + (c.ch() - 48);
    c.p++;
    len++;
  }
  c.lastLen = len;
  return n;
}

/**
 * A number with any run of leading signs ("--1" is 1, "+-1" is -1), as PHP 8's timelib reads
 * relative amounts and timestamps. Running out of text before any digit or sign is a parse error
 * (the cursor is marked failed); UNSET-times-sign when signs are followed by no digits.
 */
export function getSignedNr(c: Cursor, max: number): number {
  while (!isDigit(c.ch()) && c.ch() !== 43 && c.ch() !== 45) {
    if (c.ch() === 0) {
      c.failed = true;
      return 0;
    }
    c.p++;
  }
  let sign = 1;
  while (c.ch() === 43 || c.ch() === 45) {
    if (c.ch() === 45) sign = -sign;
    c.p++;
  }
  const n = getNr(c, max);
  // strtoll's range: beyond a signed 64-bit integer timelib reports "Number out of range". The
  // sign is part of what strtoll reads, so -9223372036854775808 is in range.
  if (c.lastLen >= 19 && n !== UNSET) {
    let digits = '';
    for (let i = c.p - c.lastLen; i < c.p; i++) digits += String.fromCharCode(c.buf[i] as number);
    if (BigInt(digits) > (sign < 0 ? 9223372036854775808n : 9223372036854775807n)) c.failed = true;
  }
  return sign * n;
}

/** Fraction after '.', as microseconds (timelib_get_frac_nr). */
export function getFracNr(c: Cursor): number {
  while (c.ch() !== 46 && c.ch() !== 58 && !isDigit(c.ch())) {
    if (c.ch() === 0) return UNSET;
    c.p++;
  }
  const begin = c.p;
  while (c.ch() === 46 || c.ch() === 58 || isDigit(c.ch())) c.p++;
  let text = '';
  for (let i = begin + 1; i < c.p; i++) text += String.fromCharCode(c.buf[i] as number);
  const value = Number.parseFloat(text);
  return Math.trunc((Number.isNaN(value) ? 0 : value) * 10 ** (7 - (c.p - begin)));
}

/** Reads "am"/"pm" (with optional dots) and returns the hour correction. */
export function meridian(c: Cursor, h: number): number {
  while (c.ch() !== 0 && !'AaPp'.includes(String.fromCharCode(c.ch()))) c.p++;
  let ret = 0;
  const m = c.ch() | 0x20;
  if (m === 97) {
    if (h === 12) ret = -12;
  } else if (h !== 12) {
    ret = 12;
  }
  c.p++;
  if (c.ch() === 46) c.p++;
  if ((c.ch() | 0x20) === 109) c.p++;
  if (c.ch() === 46) c.p++;
  return ret;
}

export function skipDaySuffix(c: Cursor): void {
  const a = c.ch();
  if (a === 32 || (a >= 9 && a <= 13)) return;
  const pair = String.fromCharCode(a | 0x20, c.ch(1) | 0x20);
  if (pair === 'nd' || pair === 'rd' || pair === 'st' || pair === 'th') c.p += 2;
}

export function eatSpaces(c: Cursor): void {
  for (;;) {
    const a = c.ch();
    if (a === 32 || a === 9) c.p++;
    else if (a === 0xe2 && c.ch(1) === 0x80 && c.ch(2) === 0xaf) c.p += 3;
    else if (a === 0xc2 && c.ch(1) === 0xa0) c.p += 2;
    else return;
  }
}

const MONTHS = new WordTable<number>(
  Object.fromEntries([
    ...MONTH_ABBREVIATIONS,
    ...ROMAN_MONTHS.map((r, i) => [r, i + 1] as const),
    ...MONTH_NAMES.map((m, i) => [m, i + 1] as const),
  ]),
);

/** Skips the run of ASCII letters at the cursor; returns where it began. */
export function skipLetters(c: Cursor): number {
  const begin = c.p;
  while (isAlpha(c.ch())) c.p++;
  return begin;
}

export function lookupMonth(c: Cursor): number {
  const begin = skipLetters(c);
  return MONTHS.get(c.buf, begin, c.p) ?? 0;
}

export function getMonth(c: Cursor): number {
  for (let a = c.ch(); a === 32 || a === 9 || a === 45 || a === 46 || a === 47; a = c.ch()) c.p++;
  return lookupMonth(c);
}

/** Two-digit years: < 70 is 20xx, else 19xx; four or more digits stay as written. */
export function processYear(y: number, len: number): number {
  if (y === UNSET || len >= 4) return y;
  if (y < 100) return y < 70 ? y + 2000 : y + 1900;
  return y;
}
