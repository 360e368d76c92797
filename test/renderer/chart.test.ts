// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Series } from '../../src-shared/app-api.ts';
import { buildChart, countsWords, niceTicks } from '../../src-renderer/features/dashboard/chart-model.ts';

const pt = (t: number, balance: number) => ({
  epochSeconds: t,
  datetime: `2026-11-${String(10 + t).padStart(2, '0')} 00:00:00`,
  balance,
  source: 'ledger' as const,
});

describe('buildChart', () => {
  const series: Series = {
    points: [pt(0, 1000), pt(1, 900), pt(2, 3800), pt(3, 3700), pt(4, 3600)],
    events: [
      { epochSeconds: 2, datetime: '2026-11-12 00:00:00', amount: '3000', kind: 'topup', signed: 3000 },
      { epochSeconds: 3, datetime: '', amount: '50', kind: 'charge', signed: -50 },
    ],
    warningLevel: 2000,
    now: 2,
  };
  it('splits recorded and projected halves that meet at now', () => {
    const m = buildChart(series);
    expect(m.rows.map((r) => [r.past, r.future])).toEqual([
      [10, undefined],
      [9, undefined],
      [38, 38],
      [undefined, 37],
      [undefined, 36],
    ]);
  });
  it('puts top-ups (not charges) on the line', () => {
    const m = buildChart(series);
    expect(m.topups).toBe(1);
    expect(m.rows[2]).toMatchObject({ topupAt: 38, topup: '3000' });
  });
  it('summary facts and ticks at sample times', () => {
    const m = buildChart(series, 3);
    expect(m.lowest.balance).toBe('900');
    expect(m.first.epochSeconds).toBe(0);
    expect(m.last.epochSeconds).toBe(4);
    expect(m.ticks).toEqual([0, 2, 4]);
  });
  it('leaves out a point whose balance is not an amount (a NaN sent as null), rather than drawing a fall to zero', () => {
    const odd = { ...pt(1, 0), balance: null as unknown as number };
    const m = buildChart({
      ...series,
      points: [pt(0, 1000), odd, pt(2, 3800), { ...pt(3, 0), balance: Number.NaN }, pt(4, 1e21)],
    });
    expect(m.rows.map((r) => [r.t, r.balance])).toEqual([
      [0, '1000'],
      [2, '3800'],
    ]);
    expect(m.lowest.balance).toBe('1000');
    expect(m.last.balance).toBe('3800');
  });
  it('joins the halves when now falls between samples', () => {
    const m = buildChart({ ...series, now: 1.5 });
    expect(m.rows[1]).toMatchObject({ past: 9, future: 9 });
  });
});

describe('niceTicks', () => {
  it('round steps covering every value', () => {
    expect(niceTicks([14.56, 65.2, 20])).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(niceTicks([-45.98, 88])).toEqual([-50, 0, 50, 100]);
    expect(niceTicks([0.5, 1.7])).toEqual([0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8]);
  });
  it('keeps a warning level far from the data inside', () => {
    const ticks = niceTicks([500, 520, 5]);
    expect(ticks[0]).toBeLessThanOrEqual(5);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(520);
  });
  it('a flat line and no data', () => {
    expect(niceTicks([3, 3])).toEqual([2, 2.5, 3, 3.5, 4]);
    expect(niceTicks([])).toEqual([0, 1]);
  });
});

describe('buildChart with tiny amounts', () => {
  it('writes balances (JSON numbers) as decimals without an exponent', () => {
    const m = buildChart({
      points: [
        { epochSeconds: 0, datetime: '', balance: 1e-7, source: 'ledger' },
        { epochSeconds: 1, datetime: '', balance: 12.5, source: 'ledger' },
      ],
      events: [],
      warningLevel: null,
      now: 0,
    });
    expect(m.rows.map((r) => r.balance)).toEqual(['0.0000001', '12.5']);
    expect(m.lowest.balance).toBe('0.0000001');
  });
});

describe("a connected account's chart: its checks' surprises and its provider's projected top-ups", () => {
  const at = (t: number, balance: number, source: 'observed' | 'projected') => ({ ...pt(t, balance), source });
  const series: Series = {
    points: [
      at(0, 5000, 'observed'),
      at(1, 4400, 'observed'),
      at(2, 6900, 'observed'),
      at(3, 6800, 'projected'),
      at(4, 9800, 'projected'),
      at(5, 9700, 'projected'),
    ],
    events: [
      { epochSeconds: 1, datetime: '2026-11-11 00:00:00', amount: '420', kind: 'charge', signed: -420 },
      { epochSeconds: 2, datetime: '2026-11-12 00:00:00', amount: '2500', kind: 'topup', signed: 2500 },
    ],
    warningLevel: 2000,
    now: 2,
  };
  it('marks an unexpected charge, a recorded top-up and a rise ahead as a projected top-up', () => {
    const m = buildChart(series);
    expect(m.rows[1]).toMatchObject({ chargeAt: 44, charge: '420' });
    expect(m.rows[2]).toMatchObject({ topupAt: 69, topup: '2500' });
    expect(m.rows[2]?.projectedTopup).toBeUndefined();
    expect(m.rows[4]).toMatchObject({ topupAt: 98, topup: '3000', projectedTopup: true });
    expect(m.rows[5]?.topupAt).toBeUndefined();
    expect([m.topups, m.projectedTopups, m.unexpectedCharges]).toEqual([1, 1, 1]);
    expect(countsWords(m)).toBe('1 top-up, 1 projected top-up and 1 unexpected charge in range');
  });
  it("a local ledger's charges are not surprises; a top-up dated ahead is a projected one", () => {
    const local: Series = {
      points: [pt(0, 1000), pt(1, 900), pt(2, 800), pt(3, 3800)],
      events: [
        { epochSeconds: 1, datetime: '', amount: '100', kind: 'charge', signed: -100 },
        { epochSeconds: 3, datetime: '', amount: '3000', kind: 'topup', signed: 3000 },
      ],
      warningLevel: null,
      now: 2,
    };
    const m = buildChart(local);
    expect(m.rows.some((r) => r.chargeAt !== undefined)).toBe(false);
    expect([m.topups, m.projectedTopups, m.unexpectedCharges]).toEqual([0, 1, 0]);
    expect(countsWords(m)).toBe('0 top-ups and 1 projected top-up in range');
  });
  it('counts in words', () => {
    expect(countsWords({ topups: 0, projectedTopups: 0, unexpectedCharges: 0 })).toBe('0 top-ups in range');
    expect(countsWords({ topups: 2, projectedTopups: 0, unexpectedCharges: 3 })).toBe(
      '2 top-ups and 3 unexpected charges in range',
    );
  });
});
