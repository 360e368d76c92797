// Exact decimal pence for the monitor's comparisons and sums: fixed point over BigInt with ten
// fractional digits (the precision balances are printed with), never binary floating point.

const DIGITS = 10;
const SCALE = 10n ** BigInt(DIGITS);
const PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses "4983.8709677419", "-12.5", "5000" into units of 1e-10 pence; throws on anything else. */
export function parsePence(text: string): bigint {
  const m = PATTERN.exec(text.trim());
  if (!m) throw new Error(`not a decimal amount of pence: "${text}"`);
  const fraction = (m[3] ?? '').slice(0, DIGITS).padEnd(DIGITS, '0');
  const units = BigInt(m[2] ?? '0') * SCALE + BigInt(fraction);
  return m[1] === '-' ? -units : units;
}

/** A level in whole (or fractional) pence as units; numbers come from JSON settings. */
export function penceFromNumber(value: number): bigint {
  if (!Number.isFinite(value)) throw new Error(`not a finite amount of pence: ${value}`);
  return parsePence(value.toFixed(DIGITS));
}

/** Units back to the plain decimal form: no exponent, trailing zeros trimmed. */
export function formatPence(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(DIGITS, '0').replace(/0+$/, '');
  return `${negative && abs !== 0n ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * Pence as pounds for people: "£49.84", "-£0.13". Rounded half away from zero to whole pence
 * (display only; the exact value stays in the data).
 */
export function formatPounds(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const pence = (abs + SCALE / 2n) / SCALE;
  const pounds = pence / 100n;
  const rest = (pence % 100n).toString().padStart(2, '0');
  const grouped = pounds.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative && pence !== 0n ? '-' : ''}£${grouped}.${rest}`;
}
