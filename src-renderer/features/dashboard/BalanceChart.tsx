// Balance over time, drawn as SVG by hand (no chart library: issue 36's first load; see
// docs/dependencies.md): the frame (ChartAxes.tsx), what is plotted (ChartPlot.tsx), the tip of the
// point looked at (ChartTip.tsx, use-chart-pointer.ts), and what goes with it (ChartCaption.tsx: the
// legend, a written summary with the same facts for those who cannot see the chart, and "Show as
// table" with every plotted point). The chart is named (its title) for screen readers and keyboard
// users, and steps through its points with the arrow keys.
import { useMemo } from 'react';
import type { Series } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatDate } from '../../lib/datetime.ts';
import { useWidth } from '../../lib/hooks.ts';
import { ChartAxes } from './ChartAxes.tsx';
import { ChartCaption } from './ChartCaption.tsx';
import { geometryOf } from './chart-geometry.ts';
import { buildChart, countsWords, niceTicks, penceToPoundsNumber } from './chart-model.ts';
import { ChartPlot } from './ChartPlot.tsx';
import { ChartAnnouncer, ChartTip } from './ChartTip.tsx';
import { useChartPointer } from './use-chart-pointer.ts';

/** Drawn at this width until the chart's box is measured (and where nothing measures: tests). */
const UNMEASURED_WIDTH = 640;

export function BalanceChart({ series, warningEnabled }: { series: Series; warningEnabled: boolean }) {
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
  const [box, measured] = useWidth();
  const g = useMemo(() => geometryOf(chart, yTicks, measured || UNMEASURED_WIDTH), [chart, yTicks, measured]);
  const pointer = useChartPointer(chart.rows, g, series.now);

  if (series.points.length === 0) return <p className="muted">No balance to draw yet: the ledger is empty.</p>;
  if (chart.rows.length === 0)
    return <p className="muted">No balance to draw: the service sent none that is an amount. Reload to ask again.</p>;

  const span = `${formatDate(chart.first.datetime)} to ${formatDate(chart.last.datetime)}`;
  const summary = `From ${formatDate(chart.first.datetime)} (${formatPounds(chart.first.balance)}) to ${formatDate(chart.last.datetime)} (${formatPounds(chart.last.balance)}); lowest ${formatPounds(chart.lowest.balance)} on ${formatDate(chart.lowest.datetime)}; ${countsWords(chart)}.`;
  return (
    <figure
      className="chart"
      aria-labelledby="chart-title"
      data-testid="balance-chart"
      data-points={series.points.length}
    >
      <div className="chart-area" ref={box}>
        <svg
          className="chart-svg"
          width={g.width}
          height={g.height}
          role="application"
          // "tabindex" in lower case: an SVG element's attribute names are case-sensitive, and
          // Preact (serving React's API, vite.config.ts) writes an SVG element's props by name.
          {...{ tabindex: 0 }}
          aria-label={`Balance over time, ${span}: use the arrow keys to step through the points`}
          aria-describedby="chart-summary"
          {...pointer.handlers}
        >
          <ChartAxes g={g} byTime={chart.byTime} />
          <ChartPlot g={g} model={chart} level={showLevel ? level : null} now={series.now} active={pointer.active} />
        </svg>
        <ChartTip row={pointer.active} now={series.now} g={g} />
        <ChartAnnouncer row={pointer.announced} now={series.now} />
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
