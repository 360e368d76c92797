// What the chart says about the point the pointer or the keyboard is on: when (and whether it is
// projected), the balance with its exact pence, the forecast's range there, and a top-up or an
// unexpected charge marked on it. Shown beside the point; stepped to with the keyboard, the same
// words are also announced (a live region), since a screen reader cannot see the box.
import { formatExactPence, formatPounds } from '../../../src-shared/money/pounds.ts';
import { formatDateTime } from '../../lib/datetime.ts';
import type { Geometry } from './chart-geometry.ts';
import { penceToPoundsNumber, type ChartRow } from './chart-model.ts';

/** Room the box needs above and beside its point. */
const TIP = { gap: 12, above: 40, tall: 96 };

function TipWords({ row, now }: { row: ChartRow; now: number }) {
  return (
    <>
      <div>
        {formatDateTime(row.datetime)}
        {row.t > now ? ' (projected)' : ''}
      </div>
      <div>
        <strong>{formatPounds(row.balance)}</strong> <span className="muted">({formatExactPence(row.balance)})</span>
      </div>
      {row.band !== undefined && row.t > now && (
        <div>
          Likely between {formatPounds(Math.round(row.band[0] * 100))} and {formatPounds(Math.round(row.band[1] * 100))}
        </div>
      )}
      {row.topup !== undefined && (
        <div>
          {row.projectedTopup === true ? 'Projected top-up' : 'Top-up'}: {formatPounds(row.topup)}
        </div>
      )}
      {row.charge !== undefined && <div>Unexpected charge: {formatPounds(row.charge)} more than expected</div>}
    </>
  );
}

/** The box beside the point (hidden from screen readers: `announced` carries the words to them). */
export function ChartTip({ row, now, g }: { row: ChartRow | undefined; now: number; g: Geometry }) {
  if (row === undefined) return null;
  const x = g.x(row.t);
  const y = g.y(penceToPoundsNumber(row.balance));
  // Right of the point on the left half, left of it on the right half, so it stays inside the chart.
  const side = x < g.width / 2 ? { left: x + TIP.gap } : { right: g.width - x + TIP.gap };
  const top = Math.min(Math.max(0, y - TIP.above), g.height - TIP.tall);
  return (
    <div className="chart-tip" aria-hidden="true" style={{ ...side, top }}>
      <TipWords row={row} now={now} />
    </div>
  );
}

/** The live region: the stepped-to point's words, for screen readers. */
export function ChartAnnouncer({ row, now }: { row: ChartRow | undefined; now: number }) {
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="chart-announced">
      {row !== undefined && <TipWords row={row} now={now} />}
    </div>
  );
}
