// The learned part of a connected account's forecast (src-main/domain/spending.ts): how much
// faster its balance fell between one check and the next than the provider's own projection
// falls (what is scheduled), learned as the unscheduled spending of the days the checks cover,
// then taken off the provider's projected balances. It asks the provider nothing: the paths' crossings are found on the daily samples the
// scheduled forecast already asked for (the provider's balance straight between two of them),
// never later than the scheduled crossing itself, which is exact to the second.
import { parseExactPence, type Rational } from '../../src-shared/money/decimal.ts';
import { DAY, learnSpending, type LearnedSpending, type PathName, type SpendingPaths } from '../domain/spending.ts';
import type { Store } from '../store/index.ts';
import { OBSERVATIONS_KEPT } from '../store/observations-store.ts';
import type { Sample } from './timeline.ts';

const toNumber = (r: Rational): number => Number(r.n) / Number(r.d);

/** A fall between two checks beyond what is scheduled counts from a penny (less is the accrual within a month against its average). */
const LEAST_FALL = 1;

/**
 * The unscheduled spending the checks found: between each check with a balance and the next,
 * the fall beyond `scheduledPerDay` (pence a day: how fast the provider's projection falls) is an
 * unscheduled charge at the later check; a rise (a top-up) counts nothing. The history starts at
 * the first check with a balance, and goes back no further than every check is kept.
 */
export function remoteLearned(store: Store, accountId: number, now: number, scheduledPerDay: number): LearnedSpending {
  const first = store.observations.firstReadingAt(accountId);
  const kept = now - OBSERVATIONS_KEPT.everyRowForDays * DAY;
  const since = first === null ? null : Math.max(first, kept);
  const charges: { at: number; pence: number }[] = [];
  let previous: { at: number; pence: number } | undefined;
  for (const o of since === null ? [] : store.observations.readings(accountId, since, now)) {
    if (o.balance === null) continue;
    const reading = { at: o.at, pence: toNumber(parseExactPence(o.balance)) };
    if (previous !== undefined) {
      const fall = previous.pence - reading.pence - (scheduledPerDay * (reading.at - previous.at)) / DAY;
      if (fall >= LEAST_FALL) charges.push({ at: reading.at, pence: fall });
    }
    previous = reading;
  }
  return learnSpending({ now, since, charges });
}

/** The provider's balance at t on the line between the samples either side (pence). */
function lineAt(a: Sample, b: Sample, t: number): number {
  const x = toNumber(a.exact);
  return b.at === a.at ? x : x + ((toNumber(b.exact) - x) * (t - a.at)) / (b.at - a.at);
}

/**
 * The first instant a path's balance (the samples, less its learned spending since `start`) is
 * below `level` pence, to the second on the line between samples; null when it is not in
 * [first sample, until]. `scheduled` (the provider's own crossing, exact) bounds it: less
 * spending never crosses later.
 */
export function pathCrossing(
  samples: readonly Sample[],
  paths: SpendingPaths,
  path: PathName,
  start: number,
  level: number,
  until: number,
  scheduled: number | null,
): number | null {
  const balance = (a: Sample, b: Sample, t: number): number => lineAt(a, b, t) - paths.pence(path, t - start);
  const first = samples[0];
  if (first === undefined) return scheduled;
  if (balance(first, first, first.at) < level) return first.at;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as Sample;
    const b = samples[i] as Sample;
    if (a.at >= until) break;
    const hi = Math.min(b.at, until);
    if (balance(a, b, hi) >= level) continue;
    let lo = a.at;
    let top = hi;
    while (top - lo > 1) {
      const mid = Math.floor((lo + top) / 2);
      if (balance(a, b, mid) < level) top = mid;
      else lo = mid;
    }
    return scheduled === null ? top : Math.min(top, scheduled);
  }
  return scheduled;
}

/**
 * The lowest balance of a path among the samples up to `until` and `until` itself (the provider's
 * balance there given as `end`), with the scheduled lowest (`low`, exact) less the path's spending
 * at its instant as one more candidate.
 */
export function pathLowest(
  samples: readonly Sample[],
  end: Sample,
  low: Sample,
  paths: SpendingPaths,
  path: PathName,
  start: number,
): { at: number; pence: number } {
  let best = { at: low.at, pence: toNumber(low.exact) - paths.pence(path, low.at - start) };
  for (const s of [...samples.filter((x) => x.at < end.at), end]) {
    const pence = toNumber(s.exact) - paths.pence(path, s.at - start);
    if (pence < best.pence) best = { at: s.at, pence };
  }
  return best;
}
