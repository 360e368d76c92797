// Where the chart's model (chart-model.ts) lands on screen, in CSS pixels: the plot inside its
// margins, time to x and pounds to y, the date ticks that fit the width, and the SVG paths of the
// line's halves, the forecast's band and the markers. Pure, so it is tested without a browser.
import { tickTimes, type ChartModel, type ChartRow } from './chart-model.ts';

export const CHART_HEIGHT = 320;
/** Room around the plot: above for the "Now" label, left for the balance axis, below for the dates. */
const MARGIN = { top: 36, right: 24, bottom: 38, left: 80 };
/** Room a date label needs ("24 Aug" and a gap), so narrow charts label fewer ticks. */
const DATE_LABEL_PX = 64;
/** Widest number of date ticks, at any width. */
const MOST_DATE_TICKS = 7;

export interface Geometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  x: (t: number) => number;
  y: (pounds: number) => number;
  /** The time under a pixel column (for the pointer). */
  timeAt: (px: number) => number;
  yTicks: readonly number[];
  /** Sample times labelled on the date axis. */
  xTicks: readonly number[];
}

export function geometryOf(model: ChartModel, yTicks: readonly number[], width: number): Geometry {
  const plot = {
    left: MARGIN.left,
    right: Math.max(MARGIN.left + 1, width - MARGIN.right),
    top: MARGIN.top,
    bottom: CHART_HEIGHT - MARGIN.bottom,
  };
  const t0 = model.rows[0]?.t ?? 0;
  const t1 = Math.max(model.rows.at(-1)?.t ?? 1, t0 + 1);
  const lo = yTicks[0] ?? 0;
  const hi = Math.max(yTicks.at(-1) ?? 1, lo + 1e-9);
  const across = plot.right - plot.left;
  const count = Math.min(MOST_DATE_TICKS, Math.max(2, Math.floor(across / DATE_LABEL_PX) + 1));
  return {
    width,
    height: CHART_HEIGHT,
    plot,
    x: (t) => plot.left + ((t - t0) / (t1 - t0)) * across,
    y: (v) => plot.bottom - ((v - lo) / (hi - lo)) * (plot.bottom - plot.top),
    timeAt: (px) => t0 + ((px - plot.left) / across) * (t1 - t0),
    yTicks,
    xTicks: tickTimes(model.rows, count),
  };
}

const n = (v: number): string => v.toFixed(1);

/** A line through each run of rows that have a value (no line across a gap). */
export function linePath(rows: readonly ChartRow[], value: (r: ChartRow) => number | undefined, g: Geometry): string {
  let d = '';
  let inRun = false;
  for (const row of rows) {
    const v = value(row);
    if (v === undefined) inRun = false;
    else {
      d += `${inRun ? 'L' : 'M'}${n(g.x(row.t))},${n(g.y(v))}`;
      inRun = true;
    }
  }
  return d;
}

/** The forecast's range: along its top, back along its bottom, one closed shape per run of rows. */
export function bandPath(rows: readonly ChartRow[], g: Geometry): string {
  let d = '';
  let run: { t: number; band: [number, number] }[] = [];
  const close = () => {
    if (run.length > 1) {
      const top = run.map((r, i) => `${i === 0 ? 'M' : 'L'}${n(g.x(r.t))},${n(g.y(r.band[1]))}`);
      const bottom = [...run].reverse().map((r) => `L${n(g.x(r.t))},${n(g.y(r.band[0]))}`);
      d += `${top.join('')}${bottom.join('')}Z`;
    }
    run = [];
  };
  for (const row of rows) {
    if (row.band === undefined) close();
    else run.push({ t: row.t, band: row.band });
  }
  close();
  return d;
}

/** The index of the row nearest `t` (rows sorted by time), or undefined with no rows. */
export function nearestRow(rows: readonly ChartRow[], t: number): number | undefined {
  if (rows.length === 0) return undefined;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((rows[mid]?.t ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  const before = rows[lo - 1];
  const at = rows[lo];
  return before !== undefined && at !== undefined && t - before.t < at.t - t ? lo - 1 : lo;
}

/** A top-up's triangle (pointing up) or an unexpected charge's diamond, centred on the point. */
export function markerPath(shape: 'triangle' | 'diamond', x: number, y: number, size = 6.5): string {
  if (shape === 'diamond')
    return `M${n(x)},${n(y - size)}L${n(x + size)},${n(y)}L${n(x)},${n(y + size)}L${n(x - size)},${n(y)}Z`;
  const half = size * 0.9;
  return `M${n(x)},${n(y - size)}L${n(x + half)},${n(y + size * 0.6)}L${n(x - half)},${n(y + size * 0.6)}Z`;
}
