// A connected account's provider and this machine may disagree about the time. Both sides use
// these: the service to decide when to say so and which "now" a forecast starts from, the window
// to word it and to tell an answer "for the provider's now" from one for the instant asked.
import { wallTextSeconds } from './wall-time.ts';

/** Clocks within this many seconds count as agreeing (network and rounding take a second or two). */
export const CLOCK_TOLERANCE_SECONDS = 180;

/** True when the provider's clock is far enough from this machine's to say so. */
export function clocksDiffer(offsetSeconds: number): boolean {
  return Math.abs(offsetSeconds) > CLOCK_TOLERANCE_SECONDS;
}

/**
 * How close an answer's `datetime` must be to the provider's estimated "now" to count as an
 * answer for its now: the estimate comes from the latest check plus the time since, so it is off
 * by a request's round trip, a second or two.
 */
export const NOW_ANSWER_TOLERANCE_SECONDS = 5;

/**
 * True when a get_balance answer is for the provider's own "now" (its `datetime` within a few
 * seconds of the provider's current wall time), as when it did not understand the phrase.
 */
export function answeredForProviderNow(answerDatetime: string, providerNow: string): boolean {
  const a = wallTextSeconds(answerDatetime.trim());
  const b = wallTextSeconds(providerNow.trim());
  return a !== undefined && b !== undefined && Math.abs(a - b) <= NOW_ANSWER_TOLERANCE_SECONDS;
}

/** "4 minutes", "2 hours", "3 days", "1 year": how far apart two clocks are, in the largest whole unit. */
export function clockGapWords(offsetSeconds: number): string {
  const s = Math.abs(Math.round(offsetSeconds));
  const units: [number, string][] = [
    [365 * 86_400, 'year'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (s >= size) {
      const n = Math.floor(s / size);
      return `${n} ${name}${n === 1 ? '' : 's'}`;
    }
  }
  return `${s} second${s === 1 ? '' : 's'}`;
}
