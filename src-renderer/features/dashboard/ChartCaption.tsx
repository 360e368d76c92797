// What goes with the chart: its legend, the same facts in a sentence, and "Show as table" with
// every plotted point (when, balance in pounds, what kind of point, and after now the forecast's
// range there when it has one). The table is made when first opened, not with the chart: a row
// per point is most of the chart's elements, and the window's first draw need not wait for them
// (issue 36's first load).
import { useState } from 'react';
import type { Series, SeriesBandPoint, SeriesPoint } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import { plottedPoints } from './chart-model.ts';

/** What a plotted point is: the ledger's past or projection, a provider's check or its own projection. */
function pointKind(p: SeriesPoint, now: number): string {
  if (p.source === 'observed') return 'checked with your provider';
  if (p.source === 'projected') return "your provider's projection";
  return p.epochSeconds > now ? 'projected' : 'recorded';
}

/** "£12.30 to £18.40" (pessimistic to optimistic), or nothing where the range is not drawn. */
function rangeText(b: SeriesBandPoint | undefined): string {
  return b === undefined
    ? ''
    : `${formatPounds(Math.round(b.low * 100) / 100)} to ${formatPounds(Math.round(b.high * 100) / 100)}`;
}

/**
 * `level`: the warning line's level when it is drawn (the warning is on), else null; `charges`:
 * unexpected charges are marked.
 */
export function ChartCaption({
  series,
  summary,
  level,
  charges,
}: {
  series: Series;
  summary: string;
  level: number | null;
  charges: boolean;
}) {
  const band = new Map<number, SeriesBandPoint>((series.band ?? []).map((b) => [b.epochSeconds, b]));
  const ranged = band.size > 0;
  return (
    <figcaption>
      <ul className="legend">
        <li>
          <span className="key key-line" aria-hidden="true" /> Recorded balance
        </li>
        <li>
          <span className="key key-dashed" aria-hidden="true" /> {ranged ? 'Likely balance' : 'Projected balance'}
        </li>
        {ranged && (
          <li>
            <span className="key key-band" aria-hidden="true" /> Likely range (9 chances in 10 of staying above its
            bottom)
          </li>
        )}
        <li>
          <span className="key key-topup" aria-hidden="true">
            ▲
          </span>{' '}
          Top-up
        </li>
        {charges && (
          <li>
            <span className="key key-charge" aria-hidden="true">
              ◆
            </span>{' '}
            Unexpected charge
          </li>
        )}
        {level !== null && (
          <li>
            <span className="key key-warn" aria-hidden="true" /> Warning level {formatPounds(level)}
          </li>
        )}
        <li>
          <span className="key key-now" aria-hidden="true" /> Now
        </li>
      </ul>
      <p className="muted small" id="chart-summary" data-testid="chart-summary">
        {summary}
      </p>
      <ChartTable series={series} ranged={ranged} band={band} />
    </figcaption>
  );
}

/** "Show as table": its rows made the first time it is opened (then kept, so closing is cheap). */
function ChartTable({ series, ranged, band }: { series: Series; ranged: boolean; band: Map<number, SeriesBandPoint> }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="chart-table"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>Show as table</summary>
      {opened && (
        <table className="stack-table" data-testid="chart-table">
          <caption className="visually-hidden">Balance at each plotted point</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col">Kind</th>
              {ranged && <th scope="col">Likely range</th>}
            </tr>
          </thead>
          <tbody>
            {plottedPoints(series).map((p) => (
              <tr key={p.epochSeconds}>
                <td data-label="When">{formatDateTime(p.datetime)}</td>
                <td data-label="Balance" className="num">
                  {formatPounds(p.balance)}
                </td>
                <td data-label="Kind">{pointKind(p, series.now)}</td>
                {ranged && <td data-label="Likely range">{rangeText(band.get(p.epochSeconds))}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
