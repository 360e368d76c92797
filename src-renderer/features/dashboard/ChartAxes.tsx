// The chart's frame: the dotted grid, the balance axis on the left (round pounds) and the date
// axis below (the service's own wall-clock dates of the sample times it labels). Colours come from
// the stylesheet, so dark mode needs no script.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatShortDate } from '../../lib/datetime.ts';
import type { Geometry } from './chart-geometry.ts';
import type { ChartRow } from './chart-model.ts';

/** Axis labels: whole pounds when every tick is whole ("£40", "-£20"), else all with pence. */
export function axisFormatter(ticks: readonly number[]): (pounds: number) => string {
  const whole = ticks.every((t) => Number.isInteger(t));
  return (pounds) => {
    const text = formatPounds(Math.round(pounds * 100));
    return whole ? text.slice(0, -3) : text;
  };
}

/** A date label is centred on its tick, or ends there at the right edge (the axis's width keeps the first in). */
function anchorOf(x: number, g: Geometry): 'middle' | 'end' {
  return x + 24 > g.width ? 'end' : 'middle';
}

export function ChartAxes({ g, byTime }: { g: Geometry; byTime: ReadonlyMap<number, ChartRow> }) {
  const { plot } = g;
  const pounds = axisFormatter(g.yTicks);
  return (
    <>
      <g className="chart-grid">
        {g.yTicks.map((v) => (
          <line key={`y${v}`} x1={plot.left} x2={plot.right} y1={g.y(v)} y2={g.y(v)} />
        ))}
        {g.xTicks.map((t) => (
          <line key={`x${t}`} x1={g.x(t)} x2={g.x(t)} y1={plot.top} y2={plot.bottom} />
        ))}
      </g>
      <g className="chart-axis">
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} />
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} />
        {g.yTicks.map((v) => (
          <g key={v}>
            <line x1={plot.left - 6} x2={plot.left} y1={g.y(v)} y2={g.y(v)} />
            <text x={plot.left - 9} y={g.y(v)} dy="0.35em" textAnchor="end">
              {pounds(v)}
            </text>
          </g>
        ))}
        {g.xTicks.map((t) => (
          <g key={t}>
            <line x1={g.x(t)} x2={g.x(t)} y1={plot.bottom} y2={plot.bottom + 6} />
            <text x={g.x(t)} y={plot.bottom + 20} textAnchor={anchorOf(g.x(t), g)}>
              {formatShortDate(byTime.get(t)?.datetime ?? '')}
            </text>
          </g>
        ))}
      </g>
    </>
  );
}
