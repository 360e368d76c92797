// The learned part of the forecast (src-main/domain/spending.ts) on hand-made histories: steady,
// noisy, a change of rate, a one-off, top-ups (never in the history it is given: the ledger's
// reader leaves them out, checked in forecast-range.test.ts), too short; then the paths it gives.
import { describe, expect, it } from 'vitest';
import {
  DAY,
  learnSpending,
  normalCdf,
  spendingQuantile,
  SpendingPaths,
  type SpendingCharge,
} from '../../src-main/domain/spending.ts';
import { mulberry32 } from '../helpers/prng.ts';

const NOW = Date.UTC(2026, 10, 27, 12) / 1000;

/** One charge a day for `days` days before now (at 06:00 UTC), its pence from `amount(dayIndex)` (0: the oldest). */
function daily(days: number, amount: (i: number) => number): SpendingCharge[] {
  return Array.from({ length: days }, (_, i) => ({
    at: NOW - (days - i) * DAY + 6 * 3600 - 12 * 3600 + DAY,
    pence: amount(i),
  }));
}

const learn = (charges: SpendingCharge[], days: number) =>
  learnSpending({ now: NOW, since: NOW - days * DAY - 3600, charges });

describe('the learned spending', () => {
  it('steady: the rate is the daily amount, with a narrow range and high confidence', () => {
    const l = learn(
      daily(60, () => 120),
      60,
    );
    expect(l.scheduledOnly).toBe(false);
    expect(l.days).toBe(60);
    expect(l.charges).toBe(60);
    expect(l.dailyRate).toBeCloseTo(120, 6);
    expect(l.spread).toBeCloseTo(0, 6);
    expect(l.confidence).toBe('high');
    const p50 = spendingQuantile(l, 0.5, 30);
    expect(p50).toBeCloseTo(3600, 6);
    // Only the rate's drift widens it: a tenth or so either side over a month.
    const p90 = spendingQuantile(l, 0.9, 30);
    expect(p90 / p50).toBeGreaterThan(1.05);
    expect(p90 / p50).toBeLessThan(1.25);
  });

  it('noisy: the same rate, a wider range and less confidence', () => {
    const random = mulberry32(5);
    const steady = learn(
      daily(60, () => 120),
      60,
    );
    const noisy = learn(
      daily(60, () => Math.round(120 * Math.exp(1.2 * (random() - 0.5) * 2))),
      60,
    );
    expect(noisy.dailyRate).toBeGreaterThan(80);
    expect(noisy.dailyRate).toBeLessThan(180);
    const width = (l: typeof steady): number => spendingQuantile(l, 0.9, 30) - spendingQuantile(l, 0.1, 30);
    expect(width(noisy) / noisy.dailyRate).toBeGreaterThan((1.5 * width(steady)) / steady.dailyRate);
    expect(noisy.spread).toBeGreaterThan(30);
    expect(['medium', 'low']).toContain(noisy.confidence);
  });

  it('a change of rate: recent days weigh more, so the rate follows the new one', () => {
    const l = learn(
      daily(90, (i) => (i < 60 ? 100 : 300)),
      90,
    );
    // Thirty days at 300 after sixty at 100: the weighted rate is most of the way to 300.
    expect(l.dailyRate).toBeGreaterThan(240);
    expect(l.dailyRate).toBeLessThan(300);
  });

  it('a one-off: a charge of weeks of usage is kept out of the rate and expected only now and then', () => {
    const base = daily(60, () => 120);
    const withOneOff = [...base, { at: NOW - 2 * DAY, pence: 5000 }];
    const l = learn(withOneOff, 60);
    expect(l.charges).toBe(61);
    expect(l.dailyRate).toBeCloseTo(120, 6);
    expect(l.oneOffSize).toBe(5000);
    // Once in 60 days (counted over 90): the likely month has none, the pessimistic one has it.
    expect(l.oneOffsPerDay).toBeCloseTo(1 / 90, 6);
    expect(spendingQuantile(l, 0.5, 30)).toBeLessThan(3600 + 2500);
    expect(spendingQuantile(l, 0.9, 30)).toBeGreaterThan(3600 + 5000);
    // Without the rule, the weighted rate would have jumped: £50 yesterday weighs as two weeks.
    const asRate = learn([...base, { at: NOW - 2 * DAY, pence: 600 }], 60);
    expect(asRate.dailyRate).toBeGreaterThan(130);
  });

  it('top-ups never count: the history holds charges only, and a refund is not negative spending', () => {
    const l = learn([...daily(30, () => 100), { at: NOW - DAY, pence: -5000 }], 30);
    expect(l.charges).toBe(30);
    expect(l.dailyRate).toBeCloseTo(100, 6);
  });

  it('too short: under 14 days or 5 charges is collecting data, the scheduled forecast alone', () => {
    const short = learn(
      daily(10, () => 120),
      10,
    );
    expect(short).toMatchObject({ scheduledOnly: true, confidence: 'collecting', days: 10, charges: 10 });
    expect(spendingQuantile(short, 0.9, 30)).toBe(0);
    const few = learn(
      daily(60, (i) => (i % 15 === 0 ? 400 : 0)).filter((c) => c.pence > 0),
      60,
    );
    expect(few).toMatchObject({ scheduledOnly: true, confidence: 'collecting', charges: 4 });
    const none = learnSpending({ now: NOW, since: null, charges: [] });
    expect(none).toMatchObject({ scheduledOnly: true, days: 0, charges: 0 });
  });

  it('a history recorded a day late ends at its latest charge, not with an empty day', () => {
    const charges = daily(40, () => 150).map((c) => ({ ...c, at: c.at - DAY }));
    expect(learn(charges, 41).dailyRate).toBeCloseTo(150, 6);
  });

  it('the same history and now give the same answer (no random source)', () => {
    const random = mulberry32(9);
    const charges = daily(50, () => 50 + Math.floor(random() * 100));
    expect(learn(charges, 50)).toEqual(learn([...charges].reverse(), 50));
  });
});

describe('the paths', () => {
  it('pessimistic spends more than likely, likely more than optimistic, none ever falls', () => {
    const random = mulberry32(11);
    const l = learn([...daily(60, () => 60 + Math.floor(random() * 120)), { at: NOW - 20 * DAY, pence: 4000 }], 60);
    const paths = new SpendingPaths(l, 120);
    let last = { p10: 0, p50: 0, p90: 0 };
    for (let s = 0; s <= 120 * DAY; s += 7919) {
      const at = { p10: paths.pence('p10', s), p50: paths.pence('p50', s), p90: paths.pence('p90', s) };
      expect(at.p10).toBeGreaterThanOrEqual(at.p50);
      expect(at.p50).toBeGreaterThanOrEqual(at.p90);
      expect(at.p90).toBeGreaterThanOrEqual(0);
      for (const k of ['p10', 'p50', 'p90'] as const) expect(at[k]).toBeGreaterThanOrEqual(last[k]);
      last = at;
    }
    expect(paths.units('p50', 10 * DAY)).toBe(BigInt(Math.round(paths.pence('p50', 10 * DAY) * 1e4)) * 1_000_000n);
  });

  it('collecting data: every path is zero', () => {
    const paths = new SpendingPaths(
      learn(
        daily(5, () => 100),
        5,
      ),
      30,
    );
    expect(paths.active).toBe(false);
    expect(paths.pence('p10', 20 * DAY)).toBe(0);
  });

  it('the normal distribution function is right to 1e-7', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.2815515655446004)).toBeCloseTo(0.9, 6);
    expect(normalCdf(-1.959963984540054)).toBeCloseTo(0.025, 6);
  });
});
