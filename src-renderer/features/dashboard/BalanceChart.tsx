// Balance over time (recharts): the recorded past as a solid line through its sample points,
// the projection dashed (no points there: they would fill in the dashes) inside the forecast's
// range shaded (pessimistic to optimistic balance, after now), top-ups as triangles
// (a connected account's unexpected charges as diamonds),
// the warning level as a dashed line and "now" as a vertical marker. A written summary beside
// it carries the same facts for those who cannot see the chart, and "Show as table" lists every
// plotted point. The chart itself is named (its title) for screen readers and keyboard users.
import { useMemo } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Series } from '../../../src-shared/app-api.ts';
import { formatExactPence, formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatDateTime, formatShortDate, formatDate } from '../../lib/datetime.ts';
import { useDarkScheme } from '../../lib/hooks.ts';
import { buildChart, countsWords, niceTicks, penceToPoundsNumber } from './chart-model.ts';
import { ChartCaption } from './ChartCaption.tsx';

const LIGHT = {
  line: '#0b5cad',
  future: '#0b5cad',
  grid: '#d5d9df',
  text: '#3d434b',
  warn: '#b3261e',
  now: '#5b3cc4',
  topup: '#1a7f37',
  band: '#0b5cad',
  bg: '#ffffff',
};
const DARK = {
  line: '#7cb8ff',
  future: '#7cb8ff',
  grid: '#3a4049',
  text: '#c4cad3',
  warn: '#ff8a80',
  now: '#c3a6ff',
  topup: '#6fdc8c',
  band: '#7cb8ff',
  bg: '#1f2226',
};

/** Axis labels: whole pounds when every tick is whole ("£40", "-£20"), else all with pence. */
export function axisFormatter(ticks: readonly number[]): (pounds: number) => string {
  const whole = ticks.every((t) => Number.isInteger(t));
  return (pounds) => {
    const text = formatPounds(Math.round(pounds * 100));
    return whole ? text.slice(0, -3) : text;
  };
}

interface TipProps {
  active?: boolean;
  payload?: readonly { payload?: { t?: number } }[];
  label?: unknown;
}

export function BalanceChart({ series, warningEnabled }: { series: Series; warningEnabled: boolean }) {
  const dark = useDarkScheme();
  const c = dark ? DARK : LIGHT;
  const chart = useMemo(() => buildChart(series), [series]);
  const level = series.warningLevel;
  const showLevel = warningEnabled && level !== null;
  const yTicks = useMemo(
    () =>
      niceTicks([
        ...chart.rows.map((r) => penceToPoundsNumber(r.balance)),
        ...chart.rows.flatMap((r) => r.band ?? []),
        ...(showLevel ? [penceToPoundsNumber(level)] : []),
      ]),
    [chart, showLevel, level],
  );

  if (series.points.length === 0) return <p className="muted">No balance to draw yet: the ledger is empty.</p>;

  const Tip = ({ active, payload }: TipProps) => {
    const t = payload?.[0]?.payload?.t;
    if (active !== true || t === undefined) return null;
    const row = chart.byTime.get(t);
    if (!row) return null;
    return (
      <div className="chart-tip">
        <div>
          {formatDateTime(row.datetime)}
          {t > series.now ? ' (projected)' : ''}
        </div>
        <div>
          <strong>{formatPounds(row.balance)}</strong> <span className="muted">({formatExactPence(row.balance)})</span>
        </div>
        {row.band !== undefined && t > series.now && (
          <div>
            Likely between {formatPounds(Math.round(row.band[0] * 100))} and{' '}
            {formatPounds(Math.round(row.band[1] * 100))}
          </div>
        )}
        {row.topup !== undefined && (
          <div>
            {row.projectedTopup === true ? 'Projected top-up' : 'Top-up'}: {formatPounds(row.topup)}
          </div>
        )}
        {row.charge !== undefined && <div>Unexpected charge: {formatPounds(row.charge)} more than expected</div>}
      </div>
    );
  };

  const summary = `From ${formatDate(chart.first.datetime)} (${formatPounds(chart.first.balance)}) to ${formatDate(chart.last.datetime)} (${formatPounds(chart.last.balance)}); lowest ${formatPounds(chart.lowest.balance)} on ${formatDate(chart.lowest.datetime)}; ${countsWords(chart)}.`;
  return (
    <figure
      className="chart"
      aria-labelledby="chart-title"
      data-testid="balance-chart"
      data-points={series.points.length}
    >
      <div className="chart-area">
        <ResponsiveContainer width="100%" height={320}>
          <ComposedChart
            data={chart.rows}
            // Room above the plot for the "Now" label, clear of the top tick of the balance axis.
            margin={{ top: 36, right: 24, bottom: 8, left: 8 }}
            title={`Balance over time, ${formatDate(chart.first.datetime)} to ${formatDate(chart.last.datetime)}: use the arrow keys to step through the points`}
            desc={summary}
          >
            <CartesianGrid stroke={c.grid} strokeDasharray="2 4" />
            <XAxis
              dataKey="t"
              type="number"
              domain={['dataMin', 'dataMax']}
              ticks={chart.ticks}
              stroke={c.text}
              tickFormatter={(t: number) => formatShortDate(chart.byTime.get(t)?.datetime ?? '')}
            />
            <YAxis
              stroke={c.text}
              width={72}
              type="number"
              domain={[yTicks[0] ?? 0, yTicks.at(-1) ?? 1]}
              ticks={yTicks}
              tickFormatter={axisFormatter(yTicks)}
            />
            <Tooltip content={<Tip />} />
            {showLevel && (
              <ReferenceLine
                y={penceToPoundsNumber(level)}
                stroke={c.warn}
                strokeDasharray="6 4"
                strokeWidth={2}
                label={{
                  value: `Warning level ${formatPounds(level)}`,
                  position: 'insideBottomLeft',
                  fill: c.warn,
                  fontSize: 12,
                }}
              />
            )}
            <ReferenceLine
              x={series.now}
              stroke={c.now}
              strokeWidth={2}
              label={{ value: 'Now', position: 'top', offset: 14, fill: c.now, fontSize: 12 }}
            />
            {chart.hasBand && (
              <Area
                type="linear"
                dataKey="band"
                name="Likely range"
                stroke="none"
                fill={c.band}
                fillOpacity={0.18}
                isAnimationActive={false}
                connectNulls={false}
                activeDot={false}
              />
            )}
            <Line
              type="linear"
              dataKey="past"
              name="Recorded"
              stroke={c.line}
              strokeWidth={2}
              dot={{ r: 1.75, fill: c.line, strokeWidth: 0 }}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
              connectNulls={false}
            />
            <Line
              type="linear"
              dataKey="future"
              name="Projected"
              stroke={c.future}
              strokeWidth={2}
              strokeDasharray="7 5"
              dot={false}
              activeDot={{ r: 5 }}
              isAnimationActive={false}
              connectNulls={false}
            />
            <Scatter dataKey="topupAt" name="Top-ups" fill={c.topup} shape="triangle" isAnimationActive={false} />
            {chart.unexpectedCharges > 0 && (
              <Scatter
                dataKey="chargeAt"
                name="Unexpected charges"
                fill={c.warn}
                shape="diamond"
                isAnimationActive={false}
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ChartCaption
        series={series}
        summary={summary}
        level={warningEnabled ? level : null}
        charges={chart.unexpectedCharges > 0}
      />
    </figure>
  );
}
