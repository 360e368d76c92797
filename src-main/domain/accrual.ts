// Continuous pro-rata accrual of a recurring charge: within each calendar period of the zone the
// charge accrues linearly in elapsed seconds, so a whole period always costs exactly its amount.
import { add, fromUnits, mul, rational, type Rational, ZERO } from '../../src-shared/money/decimal.ts';
import type { StoredRecurring } from '../store/index.ts';
import { periodContaining } from './periods.ts';

/** Fraction of periods elapsed between `from` and `to` (from < to), as an exact rational. */
export function periodsBetween(kind: StoredRecurring['every'], from: number, to: number, timeZone: string): Rational {
  const a = periodContaining(kind, from, timeZone);
  const b = periodContaining(kind, to, timeZone);
  if (a.index === b.index) return rational(BigInt(to - from), BigInt(a.end - a.start));
  const head = rational(BigInt(a.end - from), BigInt(a.end - a.start));
  const whole = rational(BigInt(b.index - a.index - 1));
  const tail = rational(BigInt(to - b.start), BigInt(b.end - b.start));
  return add(add(head, whole), tail);
}

/** Amount (pence) the charge has accrued from its start up to instant t. */
export function accruedBy(charge: StoredRecurring, t: number, timeZone: string): Rational {
  const until = charge.endsAt === null ? t : Math.min(t, charge.endsAt);
  if (until <= charge.startsAt) return ZERO;
  return mul(fromUnits(charge.units), periodsBetween(charge.every, charge.startsAt, until, timeZone));
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** Sum of every charge's accrual at t, reduced so that denominators stay small. */
export function totalAccrued(charges: readonly StoredRecurring[], t: number, timeZone: string): Rational {
  let total = ZERO;
  for (const c of charges) {
    total = add(total, accruedBy(c, t, timeZone));
    const g = gcd(total.n, total.d);
    if (g > 1n) total = { n: total.n / g, d: total.d / g };
  }
  return total;
}
