// Money for people: pounds, with one rounding rule for every place that shows an amount (the
// window, the tray, the notifications). The exact pence stay in the data and in the API.
//
// The rule: an amount is shown rounded DOWN to the whole penny (towards minus infinity), so a
// balance is never shown as more than it is. 4982.5p shows £49.82 and -4982.5p shows -£49.83;
// and a balance below a warning level (levels are whole pence) always shows below that level.
import { AMOUNT_SCALE, penceUnits } from './decimal.ts';

function groupThousands(whole: bigint): string {
  return whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whole pence at or below the amount, from units of 1e-10 pence. */
function floorToPenny(units: bigint): bigint {
  const pence = units / AMOUNT_SCALE;
  return units < 0n && pence * AMOUNT_SCALE !== units ? pence - 1n : pence;
}

/**
 * Pence (exact decimal text, or a JSON number such as a warning level) as pounds:
 * "4983.8709677419" -> "£49.83", "-12.5" -> "-£0.13", 123456789 -> "£1,234,567.89".
 * Throws a RangeError for text that is not a plain decimal.
 */
export function formatPounds(pence: string | number): string {
  const whole = floorToPenny(penceUnits(pence));
  const abs = whole < 0n ? -whole : whole;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${whole < 0n ? '-' : ''}£${groupThousands(abs / 100n)}.${rest}`;
}

/**
 * The exact amount character for character as the service sent it ("4983.8709677419p"), so it
 * can be compared with, or pasted next to, what the API returns.
 */
export function formatExactPence(pence: string | number): string {
  return `${String(pence).trim()}p`;
}
