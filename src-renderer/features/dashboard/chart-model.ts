// Turns /app/series into chart rows: past and projected halves (they share the "now" row so the
// line is continuous), top-ups placed on the line, and tick positions at real sample times so
// their labels come from the service's own wall-clock datetimes. A connected account's events are
// what its checks found (a top-up, or an unexpected charge: marked too); its provider's projected
// balances show a scheduled top-up only as a rise, which is marked and counted as a projected one.
// The forecast's range after now (series.band: the pessimistic and optimistic balances) rides on
// the same rows, starting from the line at now.
import type { Series, SeriesPoint, When } from '../../../src-shared/app-api.ts';
import { comparePence, isAmount, penceText } from '../../../src-shared/money/decimal.ts';

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
  /** A connected account's check found more gone than projected (an unexpected charge). */
  chargeAt?: number;
  charge?: string;
  /** The top-up is ahead of now (a ledger entry dated later, or a rise in the provider's projection). */
  projectedTopup?: boolean;
  /** The forecast's range here, pounds for drawing: [pessimistic (p10), optimistic (p90)]. */
  band?: [number, number];
}
export interface ChartModel {
  rows: ChartRow[];
  byTime: Map<number, ChartRow>;
  ticks: number[];
  first: ChartPoint;
  last: ChartPoint;
  lowest: ChartPoint;
  /** Top-ups marked up to now, and after it. */
  topups: number;
  projectedTopups: number;
  /** A connected account's unexpected charges marked (a local ledger's charges are not surprises). */
  unexpectedCharges: number;
  /** The forecast's range is drawn (it has learned the account's spending). */
  hasBand: boolean;
}

const ADDS = new Set(['topup', 'refund']);

/**
 * The points the chart plots, and its table lists: those whose balance is an amount. One that is
 * not (a NaN the service's JSON wrote as null) is left out, so the line goes from the point
 * before to the one after, where penceText's "0" would draw a fall to zero that never happened.
 */
export function plottedPoints(series: Series): SeriesPoint[] {
  return series.points.filter((p) => isAmount(p.balance));
}

export function buildChart(series: Series, tickCount = 7): ChartModel {
  // Amounts normalised to decimal strings (see penceText) before anything formats them.
  const points: ChartPoint[] = plottedPoints(series)
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
  const band = series.band ?? [];
  if (band.length > 0) {
    const at = new Map(band.map((b) => [b.epochSeconds, b]));
    for (const row of rows) {
      const b = at.get(row.t);
      if (b !== undefined) row.band = [penceToPoundsNumber(b.low), penceToPoundsNumber(b.high)];
    }
    // The range opens from the line at now.
    if (lastPast?.past !== undefined) lastPast.band = [lastPast.past, lastPast.past];
  }

  const connected = series.points.some((p) => p.source !== 'ledger');
  let topups = 0;
  let projectedTopups = 0;
  let unexpectedCharges = 0;
  for (const event of series.events) {
    // Mark it on the first sample at or after it: the balance just after it.
    const row = rows.find((r) => r.t >= event.epochSeconds);
    if (!row) continue;
    if (ADDS.has(event.kind)) {
      row.topupAt = penceToPoundsNumber(row.balance);
      row.topup = penceText(event.amount);
      if (event.epochSeconds > series.now) {
        row.projectedTopup = true;
        projectedTopups += 1;
      } else topups += 1;
    } else if (connected && event.kind === 'charge') {
      row.chargeAt = penceToPoundsNumber(row.balance);
      row.charge = penceText(event.amount);
      unexpectedCharges += 1;
    }
  }
  // The provider's projection shows a scheduled top-up only as a rise between two of its balances.
  const projected = series.points
    .filter((p) => p.source === 'projected')
    .sort((a, b) => a.epochSeconds - b.epochSeconds);
  for (let i = 1; i < projected.length; i++) {
    const before = projected[i - 1];
    const after = projected[i];
    const row = after === undefined ? undefined : rows.find((r) => r.t === after.epochSeconds);
    if (before === undefined || after === undefined || row === undefined || row.topupAt !== undefined) continue;
    if (comparePence(after.balance, before.balance) <= 0) continue;
    row.topupAt = penceToPoundsNumber(after.balance);
    row.topup = penceText(after.balance - before.balance);
    row.projectedTopup = true;
    projectedTopups += 1;
  }

  const byTime = new Map(rows.map((r) => [r.t, r]));
  const ticks = tickTimes(rows, tickCount);
  const first = points[0] ?? { epochSeconds: 0, datetime: '', balance: '0' };
  const last = points.at(-1) ?? first;
  const lowest = points.reduce((low, p) => (comparePence(p.balance, low.balance) < 0 ? p : low), first);
  const hasBand = band.length > 0;
  return { rows, byTime, ticks, first, last, lowest, topups, projectedTopups, unexpectedCharges, hasBand };
}

/** About `count` sample times evenly spread through the rows, the first one first (the date axis's ticks). */
export function tickTimes(rows: readonly { t: number }[], count: number): number[] {
  const ticks: number[] = [];
  if (rows.length > 0) {
    const step = Math.max(1, Math.floor((rows.length - 1) / (count - 1)));
    for (let i = 0; i < rows.length; i += step) ticks.push(rows[i]?.t ?? 0);
  }
  return ticks;
}

/** "2 top-ups, 1 projected top-up and 1 unexpected charge in range" (every count said, zero too for top-ups). */
export function countsWords(m: Pick<ChartModel, 'topups' | 'projectedTopups' | 'unexpectedCharges'>): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [n(m.topups, 'top-up', 'top-ups')];
  if (m.projectedTopups > 0) parts.push(n(m.projectedTopups, 'projected top-up', 'projected top-ups'));
  if (m.unexpectedCharges > 0) parts.push(n(m.unexpectedCharges, 'unexpected charge', 'unexpected charges'));
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
  return `${list ?? ''} in range`;
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
