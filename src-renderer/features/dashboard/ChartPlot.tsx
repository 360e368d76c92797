// What the chart plots: the forecast's range shaded after now, the recorded line through its
// sample points, the projection dashed (no points: they would fill in the dashes), top-ups as
// triangles and a connected account's unexpected charges as diamonds, the warning level as a
// dashed line and "now" as a vertical marker; and the point the pointer or the keyboard is on.
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { bandPath, linePath, markerPath, type Geometry } from './chart-geometry.ts';
import { penceToPoundsNumber, type ChartModel, type ChartRow } from './chart-model.ts';

interface Props {
  g: Geometry;
  model: ChartModel;
  /** The warning level in pence where the line is drawn (the warning is on), else null. */
  level: number | null;
  now: number;
  active: ChartRow | undefined;
}

export function ChartPlot({ g, model, level, now, active }: Props) {
  const { plot } = g;
  const { rows } = model;
  return (
    <>
      {model.hasBand && <path className="chart-band" d={bandPath(rows, g)} />}
      {level !== null && (
        <g>
          <line
            className="chart-level"
            x1={plot.left}
            x2={plot.right}
            y1={g.y(penceToPoundsNumber(level))}
            y2={g.y(penceToPoundsNumber(level))}
          />
          <text className="chart-level-label" x={plot.left + 6} y={g.y(penceToPoundsNumber(level)) - 6}>
            Warning level {formatPounds(level)}
          </text>
        </g>
      )}
      {/* Like the rest, "now" is drawn only inside the range (a provider that has not answered may leave it past the end). */}
      {g.x(now) >= plot.left - 0.5 && g.x(now) <= plot.right + 0.5 && (
        <g>
          <line className="chart-now" x1={g.x(now)} x2={g.x(now)} y1={plot.top} y2={plot.bottom} />
          <text className="chart-now-label" x={g.x(now)} y={plot.top - 14} textAnchor="middle">
            Now
          </text>
        </g>
      )}
      {active !== undefined && (
        <line className="chart-cursor" x1={g.x(active.t)} x2={g.x(active.t)} y1={plot.top} y2={plot.bottom} />
      )}
      <path className="chart-line" d={linePath(rows, (r) => r.past, g)} />
      <path className="chart-line chart-projection" d={linePath(rows, (r) => r.future, g)} />
      <g className="chart-dots">
        {rows.map((r) =>
          r.past === undefined ? null : (
            <circle key={r.t} className="chart-dot" cx={g.x(r.t)} cy={g.y(r.past)} r={1.75} />
          ),
        )}
      </g>
      {rows.map((r) =>
        r.topupAt === undefined ? null : (
          <path key={`t${r.t}`} className="chart-topup" d={markerPath('triangle', g.x(r.t), g.y(r.topupAt))} />
        ),
      )}
      {rows.map((r) =>
        r.chargeAt === undefined ? null : (
          <path key={`c${r.t}`} className="chart-charge" d={markerPath('diamond', g.x(r.t), g.y(r.chargeAt))} />
        ),
      )}
      {active !== undefined && (
        <circle className="chart-active" cx={g.x(active.t)} cy={g.y(penceToPoundsNumber(active.balance))} r={5} />
      )}
    </>
  );
}
