// The one exact decimal module, for both sides: amounts of pence as exact units of 1e-10 pence
// (BigInt) and as rationals, never binary floating point. Ledger amounts are exact decimals and
// pro-rata accrual divides by period lengths in seconds, so only printed values are ever rounded
// (balances to the tenth decimal place here, pounds for people in pounds.ts).

import { quote } from '../quote.ts';

/** A rational number n/d with d > 0. Not necessarily reduced. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

/** Ledger amounts keep at most this many fractional digits (unit = 1e-10 pence). */
export const AMOUNT_SCALE_DIGITS = 10;
export const AMOUNT_SCALE = 10n ** BigInt(AMOUNT_SCALE_DIGITS);
/** Largest amount one entry or charge may carry, in pence (£10 billion): keeps sums sane. */
export const MAX_AMOUNT_PENCE = 1_000_000_000_000n;

export const ZERO: Rational = { n: 0n, d: 1n };

export function rational(n: bigint, d = 1n): Rational {
  if (d === 0n) throw new RangeError('division by zero');
  return d < 0n ? { n: -n, d: -d } : { n, d };
}

export function add(a: Rational, b: Rational): Rational {
  if (a.d === b.d) return { n: a.n + b.n, d: a.d };
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

export function sub(a: Rational, b: Rational): Rational {
  return add(a, { n: -b.n, d: b.d });
}

export function mul(a: Rational, b: Rational): Rational {
  return { n: a.n * b.n, d: a.d * b.d };
}

export function compare(a: Rational, b: Rational): number {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** A value in units of 1e-10 pence as a rational in pence. */
export function fromUnits(units: bigint): Rational {
  return { n: units, d: AMOUNT_SCALE };
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads a plain decimal of pence ("4983.8709677419", "-12.5") into units of 1e-10 pence, any
 * magnitude; digits past the tenth are cut. Undefined when the text is not such a number.
 */
export function parseDecimalUnits(text: string): bigint | undefined {
  const m = DECIMAL_PATTERN.exec(text.trim());
  if (!m) return undefined;
  const frac = BigInt((m[3] ?? '').slice(0, AMOUNT_SCALE_DIGITS).padEnd(AMOUNT_SCALE_DIGITS, '0'));
  const units = BigInt(m[2] ?? '0') * AMOUNT_SCALE + frac;
  return m[1] === '-' ? -units : units;
}

/**
 * A plain decimal of pence exactly as written, every digit kept (a provider may write more than
 * ten): "1999.99999999999" is 199999999999999/10^11. A RangeError for anything else.
 */
export function parseExactPence(text: string): Rational {
  const m = DECIMAL_PATTERN.exec(text.trim());
  if (!m) throw new RangeError(`not a decimal amount of pence: ${quote(text)}`);
  const fraction = m[3] ?? '';
  const n = BigInt(`${m[2] ?? '0'}${fraction}`);
  return { n: m[1] === '-' ? -n : n, d: 10n ** BigInt(fraction.length) };
}

/** True for a plain decimal of pence as the service writes it ("12.5", "-3"; no exponent, no £). */
export function isPenceText(text: string): boolean {
  return DECIMAL_PATTERN.test(text.trim());
}

/** A plain decimal of pence as units; throws a RangeError on anything else. */
export function parsePence(text: string): bigint {
  const units = parseDecimalUnits(text);
  if (units === undefined) throw new RangeError(`not a decimal amount of pence: ${quote(text)}`);
  return units;
}

/**
 * An amount that arrives as text or as a JSON number, as units. A number is already a float (so
 * possibly rounded); it is read through its fixed-point form, never its exponent form.
 */
export function penceUnits(value: string | number): bigint {
  if (typeof value === 'string') return parsePence(value);
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount of pence: ${value}`);
  return parsePence(value.toFixed(AMOUNT_SCALE_DIGITS));
}

/** Compares two amounts of pence exactly: -1, 0 or 1. */
export function comparePence(a: string | number, b: string | number): number {
  const x = penceUnits(a);
  const y = penceUnits(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Whether a value from outside is an amount of pence that penceUnits reads: decimal text of one,
 * or a finite number under 1e21 (from there on a number's fixed-point form is its exponent form).
 */
export function isAmount(value: unknown): value is string | number {
  return typeof value === 'string' ? isPenceText(value) : typeof value === 'number' && Math.abs(value) < 1e21;
}

/**
 * Any value that should be an amount, as the plain decimal text of it; what is not an amount at
 * all reads as "0", so one odd value from outside cannot take a view down.
 */
export function penceText(value: unknown): string {
  if (!isAmount(value)) return '0';
  return typeof value === 'string' ? value.trim() : formatUnits(penceUnits(value));
}

const AMOUNT_PATTERN = /^[+-]?\d{1,13}(?:\.\d{1,10})?$/;

/**
 * Parses an amount a user writes ("1000", "12.5", "-3.25") into units of 1e-10 pence: at most
 * 10 decimal places and 10^12 pence. Returns an error message instead when it is not such a number.
 */
export function parseAmountUnits(text: string): bigint | string {
  const units = AMOUNT_PATTERN.test(text.trim()) ? parseDecimalUnits(text) : undefined;
  if (units === undefined)
    return `not an amount in pence: ${quote(text)} (digits, optionally a sign and up to ${AMOUNT_SCALE_DIGITS} decimal places)`;
  if ((units < 0n ? -units : units) > MAX_AMOUNT_PENCE * AMOUNT_SCALE)
    return `amount too large: ${quote(text)} (at most ${MAX_AMOUNT_PENCE} pence)`;
  return units;
}

/**
 * Units of 1e-10 pence printed as a plain decimal, trailing zeros trimmed: what formatRational
 * prints for the same value, straight from the digits (every balance answer goes through here).
 */
export function formatUnits(units: bigint): string {
  if (units === 0n) return '0';
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(AMOUNT_SCALE_DIGITS + 1, '0');
  const point = digits.length - AMOUNT_SCALE_DIGITS;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48) end -= 1;
  const whole = digits.slice(0, point);
  return `${negative ? '-' : ''}${whole}${end > point ? `.${digits.slice(point, end)}` : ''}`;
}

/**
 * Prints a rational as a plain decimal: no exponent, at most `digits` fractional digits,
 * rounded half to even, trailing zeros trimmed ("5000", "4983.8709677419", "-12.5").
 */
export function formatRational(value: Rational, digits = 10): string {
  const scale = 10n ** BigInt(digits);
  const negative = value.n < 0n;
  const num = (negative ? -value.n : value.n) * scale;
  let q = num / value.d;
  const r = num % value.d;
  const twice = r * 2n;
  if (twice > value.d || (twice === value.d && q % 2n === 1n)) q += 1n;
  if (q === 0n) return '0';
  const whole = q / scale;
  let frac = (q % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  if (digits === 0) frac = '';
  return `${negative ? '-' : ''}${whole}${frac ? '.' + frac : ''}`;
}

/** Nearest JavaScript number, for charts and comparisons where exactness is not shown. */
export function toNumber(value: Rational): number {
  return Number(formatRational(value, 10));
}
