// Continuous pro-rata accrual of recurring charges: within each calendar period of the zone a
// charge accrues linearly in elapsed seconds, so a whole period always costs exactly its amount.
//
// A balance is printed to ten decimal places of a penny, which is a whole number of the
// ledger's units (1e-10 pence). So the accrual is kept as a whole number of units plus, per
// charge, at most two remainders r/len (len a period's length in seconds): the balance is the
// entries minus the whole part, less the sum of those fractions, rounded half to even. That
// sum is taken in floating point, which decides the rounding whenever it lies clearly away
// from a multiple of one half; otherwise it is taken again exactly over BigInt. A common
// denominator over every charge (and its gcd, once the biggest cost of an answer) is never
// needed on the common path.
import type { StoredRecurring } from '../store/index.ts';
import { type CalendarPeriod, periodContaining } from './periods.ts';

/** Part of an accrual: `whole` units plus the fractions rem[i]/len[i] (0 < rem < len). */
interface Accrued {
  whole: bigint;
  rem: number[];
  len: number[];
}

/** The period a charge starts in, per zone: the same for every query, so worked out once. */
const startPeriods = new WeakMap<StoredRecurring, { timeZone: string; period: CalendarPeriod }>();

function startPeriod(charge: StoredRecurring, timeZone: string): CalendarPeriod {
  const kept = startPeriods.get(charge);
  if (kept?.timeZone === timeZone) return kept.period;
  const period = periodContaining(charge.every, charge.startsAt, timeZone);
  startPeriods.set(charge, { timeZone, period });
  return period;
}

/** Adds units * num / den (num, den > 0 whole seconds) to the accrual. */
function addFraction(acc: Accrued, units: bigint, num: number, den: number): void {
  if (num === den) {
    acc.whole += units;
    return;
  }
  const product = units * BigInt(num);
  const bigDen = BigInt(den);
  const q = product / bigDen;
  const r = Number(product - q * bigDen);
  acc.whole += q;
  if (r !== 0) {
    acc.rem.push(r);
    acc.len.push(den);
  }
}

function accrue(acc: Accrued, charge: StoredRecurring, t: number, timeZone: string): void {
  const until = charge.endsAt === null ? t : Math.min(t, charge.endsAt);
  if (until <= charge.startsAt) return;
  const a = startPeriod(charge, timeZone);
  const b = periodContaining(charge.every, until, timeZone);
  if (a.index === b.index) {
    addFraction(acc, charge.units, until - charge.startsAt, a.end - a.start);
    return;
  }
  addFraction(acc, charge.units, a.end - charge.startsAt, a.end - a.start);
  acc.whole += charge.units * BigInt(b.index - a.index - 1);
  if (until > b.start) addFraction(acc, charge.units, until - b.start, b.end - b.start);
}

/**
 * `entries` (units of 1e-10 pence) minus every charge's accrual up to instant t, rounded half
 * to even to whole units: exactly the balance the spec prints, to its tenth decimal place.
 */
export function balanceUnits(
  entries: bigint,
  charges: readonly StoredRecurring[],
  t: number,
  timeZone: string,
): bigint {
  const acc: Accrued = { whole: 0n, rem: [], len: [] };
  for (const c of charges) accrue(acc, c, t, timeZone);
  const base = entries - acc.whole;
  if (acc.rem.length === 0) return base;
  let sum = 0;
  for (let i = 0; i < acc.rem.length; i++) sum += (acc.rem[i] ?? 0) / (acc.len[i] ?? 1);
  // Each term is exact to 1e-16 relative, so the float sum is off by far less than 1e-9:
  // if it is that far from every multiple of 1/2, its floor and its side of the half are right.
  const floor = Math.floor(sum);
  const frac = sum - floor;
  if (frac > 1e-9 && Math.abs(frac - 0.5) > 1e-9 && frac < 1 - 1e-9)
    return base - BigInt(floor) - (frac > 0.5 ? 1n : 0n);
  return base - exactRoundedSum(acc, base);
}

/** The fractions' sum, rounded so that `base` minus it is `base` minus the sum rounded half to even. */
function exactRoundedSum(acc: Accrued, base: bigint): bigint {
  let n = 0n;
  let d = 1n;
  for (let i = 0; i < acc.rem.length; i++) {
    const len = BigInt(acc.len[i] ?? 1);
    n = n * len + BigInt(acc.rem[i] ?? 0) * d;
    d *= len;
  }
  const k = n / d;
  const twice = (n - k * d) * 2n;
  if (twice === 0n || twice < d) return k;
  if (twice > d) return k + 1n;
  // Exactly half way between base - k and base - k - 1: the even one.
  return (base - k) % 2n === 0n ? k : k + 1n;
}
