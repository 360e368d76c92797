// Turns /app/series into chart rows: past and projected halves (they share the "now" row so the
// line is continuous), top-ups placed on the line, and tick positions at real sample times so
// their labels come from the service's own wall-clock datetimes.
import type { Series, When } from '../../../src-shared/app-api.ts';
import { comparePence, penceText } from '../../../src-shared/money/decimal.ts';

/** A sample with its balance as exact decimal text of pence (for the words beside the chart). */
export interface ChartPoint extends When {
  balance: string;
}
export interface ChartRow {
  t: number;
  datetime: string;
  balance: string;
  past?: number;
  future?: number;
  topupAt?: number;
  topup?: string;
}
export interface ChartModel {
  rows: ChartRow[];
  byTime: Map<number, ChartRow>;
  ticks: number[];
  first: ChartPoint;
  last: ChartPoint;
  lowest: ChartPoint;
  topups: number;
}

const ADDS = new Set(['topup', 'refund']);

export function buildChart(series: Series, tickCount = 7): ChartModel {
  // Amounts normalised to decimal strings (see penceText) before anything formats them.
  const points: ChartPoint[] = series.points
    .map((p) => ({ ...p, balance: penceText(p.balance) }))
    .sort((a, b) => a.epochSeconds - b.epochSeconds);
  const rows: ChartRow[] = points.map((p) => {
    const y = penceToPoundsNumber(p.balance);
    const row: ChartRow = { t: p.epochSeconds, datetime: p.datetime, balance: p.balance };
    if (p.epochSeconds <= series.now) row.past = y;
    if (p.epochSeconds >= series.now) row.future = y;
    return row;
  });
  // The sample just before now also starts the projection, so the two halves meet.
  const lastPast = rows.filter((r) => r.past !== undefined).at(-1);
  if (lastPast && lastPast.future === undefined && rows.some((r) => r.future !== undefined))
    lastPast.future = lastPast.past;

  let topups = 0;
  for (const event of series.events) {
    if (!ADDS.has(event.kind)) continue;
    // Mark the top-up on the first sample at or after it: the balance just after it arrived.
    const row = rows.find((r) => r.t >= event.epochSeconds);
    if (!row) continue;
    topups += 1;
    row.topupAt = penceToPoundsNumber(row.balance);
    row.topup = penceText(event.amount);
  }

  const byTime = new Map(rows.map((r) => [r.t, r]));
  const ticks: number[] = [];
  if (rows.length > 0) {
    const step = Math.max(1, Math.floor((rows.length - 1) / (tickCount - 1)));
    for (let i = 0; i < rows.length; i += step) ticks.push(rows[i]?.t ?? 0);
  }
  const first = points[0] ?? { epochSeconds: 0, datetime: '', balance: '0' };
  const last = points.at(-1) ?? first;
  const lowest = points.reduce((low, p) => (comparePence(p.balance, low.balance) < 0 ? p : low), first);
  return { rows, byTime, ticks, first, last, lowest, topups };
}

/** For drawing only (chart coordinates): pounds as a float is fine there. */
export function penceToPoundsNumber(pence: string | number): number {
  return Number(pence) / 100;
}

/**
 * Round axis ticks (steps of 1, 2 or 5 times a power of ten) covering every value given, so
 * the warning line is always inside the picture.
 */
export function niceTicks(values: readonly number[], target = 6): number[] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return [0, 1];
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const rough = (hi - lo) / target;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  // Count in whole steps and round to the step's decimals, so 3 x 0.2 is 0.6, not 0.6000000000000001.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  for (let k = Math.floor(lo / step); k * step < hi + step * (1 - 1e-9); k += 1)
    ticks.push(Number((k * step).toFixed(decimals)));
  return ticks;
}
