// Money in the window: the service sends exact decimal strings in pence ("4983.8709677419").
// We never go through binary floating point for what the user reads: pounds are rounded from
// the exact string with BigInt, half to even like the service's own rounding.

interface Decimal { negative: boolean; digits: bigint; scale: number }

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text.trim());
}

function parseDecimal(text: string): Decimal {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error(`not a decimal amount: ${JSON.stringify(text)}`);
  const frac = m[3] ?? '';
  const digits = BigInt((m[2] ?? '0') + frac);
  return { negative: m[1] === '-' && digits !== 0n, digits, scale: frac.length };
}

/** Rounds |value| to a whole number, half to even. */
function roundHalfEven(digits: bigint, scale: number): bigint {
  if (scale === 0) return digits;
  const unit = 10n ** BigInt(scale);
  const whole = digits / unit;
  const rest = (digits % unit) * 2n;
  if (rest > unit || (rest === unit && whole % 2n === 1n)) return whole + 1n;
  return whole;
}

function groupThousands(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "4983.8709677419" pence -> "£49.84"; "-12.5" -> "-£0.12". */
export function formatPounds(pence: string | number): string {
  const d = parseDecimal(String(pence));
  const wholePence = roundHalfEven(d.digits, d.scale);
  const pounds = wholePence / 100n;
  const rest = (wholePence % 100n).toString().padStart(2, '0');
  const sign = d.negative && wholePence !== 0n ? '-' : '';
  return `${sign}£${groupThousands(pounds)}.${rest}`;
}

/**
 * The exact amount character for character as the service sent it ("4983.8709677419p"), so it
 * can be compared with, or pasted next to, what the API returns.
 */
export function formatExactPence(pence: string | number): string {
  return `${String(pence).trim()}p`;
}

/** Compares two exact decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string | number, b: string | number): number {
  const x = parseDecimal(String(a));
  const y = parseDecimal(String(b));
  const scale = Math.max(x.scale, y.scale);
  const xv = (x.negative ? -1n : 1n) * x.digits * 10n ** BigInt(scale - x.scale);
  const yv = (y.negative ? -1n : 1n) * y.digits * 10n ** BigInt(scale - y.scale);
  return xv < yv ? -1 : xv > yv ? 1 : 0;
}

/**
 * An amount from JSON as a plain decimal string. The contract sends strings; a number (already
 * a float, so possibly rounded) is accepted and written without an exponent rather than crash.
 */
export function decimalText(value: unknown): string {
  if (typeof value === 'string' && isDecimal(value)) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) {
    const fixed = value.toFixed(10).replace(/\.?0+$/, '');
    return fixed === '-0' ? '0' : fixed;
  }
  return '0';
}

/** For drawing only (chart coordinates): pounds as a float is fine there. */
export function penceToPoundsNumber(pence: string | number): number {
  return Number(pence) / 100;
}
