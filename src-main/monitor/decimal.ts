// Pence for the monitor's comparisons, sums and messages: exact units of 1e-10 pence (the
// precision balances are printed with) from src-main/money, never binary floating point.
import { AMOUNT_SCALE, formatUnits, parseDecimalUnits } from '../money/decimal.ts';

/** Parses "4983.8709677419", "-12.5", "5000" into units of 1e-10 pence; throws on anything else. */
export function parsePence(text: string): bigint {
  const units = parseDecimalUnits(text);
  if (units === undefined) throw new Error(`not a decimal amount of pence: "${text}"`);
  return units;
}

/** A level in whole (or fractional) pence as units; numbers come from JSON settings. */
export function penceFromNumber(value: number): bigint {
  if (!Number.isFinite(value)) throw new Error(`not a finite amount of pence: ${value}`);
  return parsePence(value.toFixed(10));
}

/** Units back to the plain decimal form: no exponent, trailing zeros trimmed. */
export const formatPence = formatUnits;

/**
 * Pence as pounds for people: "£49.84", "-£0.13". Rounded half away from zero to whole pence
 * (display only; the exact value stays in the data).
 */
export function formatPounds(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const pence = (abs + AMOUNT_SCALE / 2n) / AMOUNT_SCALE;
  const pounds = pence / 100n;
  const rest = (pence % 100n).toString().padStart(2, '0');
  const grouped = pounds.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative && pence !== 0n ? '-' : ''}£${grouped}.${rest}`;
}
