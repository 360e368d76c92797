// The balance arithmetic (whole units plus per-charge remainders, summed in floating point with
// an exact fallback) must round exactly as the plain rational sum does, ties included.
import { describe, expect, it } from 'vitest';
import { balanceUnits } from '../../src-main/domain/accrual.ts';
import { periodContaining } from '../../src-main/domain/periods.ts';
import type { StoredRecurring } from '../../src-main/store/index.ts';
import { CHARGE_PERIODS, type ChargePeriod } from '../../src-shared/vocabulary.ts';
import { mulberry32 } from '../helpers/prng.ts';

interface Q {
  n: bigint;
  d: bigint;
}
const add = (a: Q, b: Q): Q => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });

/** The reference: every charge's accrual as one exact rational, then rounded half to even. */
function reference(entries: bigint, charges: StoredRecurring[], t: number, zone: string): bigint {
  let total: Q = { n: 0n, d: 1n };
  for (const c of charges) {
    const until = c.endsAt === null ? t : Math.min(t, c.endsAt);
    if (until <= c.startsAt) continue;
    const a = periodContaining(c.every, c.startsAt, zone);
    const b = periodContaining(c.every, until, zone);
    let periods: Q;
    if (a.index === b.index) periods = { n: BigInt(until - c.startsAt), d: BigInt(a.end - a.start) };
    else {
      periods = add(
        { n: BigInt(a.end - c.startsAt), d: BigInt(a.end - a.start) },
        { n: BigInt(b.index - a.index - 1), d: 1n },
      );
      periods = add(periods, { n: BigInt(until - b.start), d: BigInt(b.end - b.start) });
    }
    total = add(total, { n: c.units * periods.n, d: periods.d });
  }
  const value: Q = { n: entries * total.d - total.n, d: total.d };
  const floor = value.n >= 0n ? value.n / value.d : -((-value.n + value.d - 1n) / value.d);
  const twice = (value.n - floor * value.d) * 2n;
  if (twice < value.d) return floor;
  if (twice > value.d) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

const PERIODS: readonly ChargePeriod[] = CHARGE_PERIODS;

function charge(
  id: number,
  units: bigint,
  every: ChargePeriod,
  startsAt: number,
  endsAt: number | null = null,
): StoredRecurring {
  return { id, amount: String(units), units, every, startsAt, endsAt, note: '' };
}

describe('balance arithmetic', () => {
  it('rounds as the exact rational sum for random charges, instants and zones', () => {
    const random = mulberry32(21);
    const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    for (let i = 0; i < 3000; i++) {
      const zone = zones[i % zones.length] ?? 'UTC';
      const start = 1_600_000_000 + Math.floor(random() * 10 ** 8);
      const charges: StoredRecurring[] = [];
      const n = 1 + Math.floor(random() * 6);
      for (let j = 0; j < n; j++) {
        // Units from one (a tenth of a billionth of a penny, where ties are common) to 10^22.
        const units =
          random() < 0.3
            ? BigInt(1 + Math.floor(random() * 7))
            : BigInt(Math.floor(random() * 1e6)) * 10n ** BigInt(Math.floor(random() * 17));
        const from = start + Math.floor(random() * 10 ** 7);
        const until = random() < 0.3 ? from + 1 + Math.floor(random() * 10 ** 8) : null;
        charges.push(charge(j, units > 0n ? units : 1n, PERIODS[Math.floor(random() * 4)] ?? 'day', from, until));
      }
      const t = start + Math.floor(random() * 2 * 10 ** 8);
      const entries = BigInt(Math.floor(random() * 1e9)) * 10n ** 6n - 10n ** 14n;
      expect(balanceUnits(entries, charges, t, zone), `case ${i}`).toBe(reference(entries, charges, t, zone));
    }
  });

  it('breaks exact ties to the even unit', () => {
    const day = Date.UTC(2026, 0, 5) / 1000;
    // One unit a day, asked at noon: half a unit accrued, so 10 - 0.5 rounds to 10 and 9 - 0.5 to 8.
    expect(balanceUnits(10n, [charge(1, 1n, 'day', day)], day + 43_200, 'UTC')).toBe(10n);
    expect(balanceUnits(9n, [charge(1, 1n, 'day', day)], day + 43_200, 'UTC')).toBe(8n);
    // Two charges whose halves add up to a whole: no rounding at all.
    expect(balanceUnits(9n, [charge(1, 1n, 'day', day), charge(2, 1n, 'day', day)], day + 43_200, 'UTC')).toBe(8n);
    // Three halves: 1.5 units, a tie again.
    const three = [charge(1, 1n, 'day', day), charge(2, 1n, 'day', day), charge(3, 1n, 'day', day)];
    expect(balanceUnits(10n, three, day + 43_200, 'UTC')).toBe(reference(10n, three, day + 43_200, 'UTC'));
    expect(balanceUnits(11n, three, day + 43_200, 'UTC')).toBe(reference(11n, three, day + 43_200, 'UTC'));
  });
});
