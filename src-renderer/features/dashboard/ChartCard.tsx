// The balance over time, over a range the user chooses (90 days each way to start with; the
// choice is kept across reloads, like Look ahead). A connected account whose provider is not
// answering has only its stored checks to draw: the card says so, and why the chart is short.
// Its checks leave with the user as CSV ("Export checks").
import { Notice } from '../../components/Notice.tsx';
import { useAccount } from '../../data/account-context.ts';
import { useSeries, useSettings } from '../../data/queries.ts';
import { useChartRange } from '../../preferences.ts';
import { BalanceChart } from './BalanceChart.tsx';
import { ExportChecks } from './ExportChecks.tsx';
import { RangeForm } from './RangeForm.tsx';

/** Why a connected account's chart is short, or undefined when its provider answered. */
export function shortChartNote(state: string, kind: string, ahead: boolean): string | undefined {
  if (kind !== 'remote') return undefined;
  const future = ahead
    ? 'ahead, what it projected when it last answered, which may be out of date'
    : 'nothing ahead: its projected balances come back when it answers';
  if (state === 'unreachable')
    return `Your provider is not answering, so the chart shows the checks stored so far and ${future}.`;
  if (state === 'key_refused')
    return `Your provider refused the key, so the chart shows the checks stored before that and ${future}.`;
  return undefined;
}

export function ChartCard() {
  const { account } = useAccount();
  const [range, setRange] = useChartRange();
  const series = useSeries(range);
  const settings = useSettings();
  const short = shortChartNote(
    account.state,
    account.kind,
    series.data?.points.some((p) => p.source === 'projected') === true,
  );
  return (
    <div className="card chart-card">
      <div className="chart-head">
        <h3 id="chart-title">Balance over time</h3>
        <RangeForm range={range} onChange={setRange} />
        {account.kind === 'remote' && <ExportChecks />}
      </div>
      {short !== undefined && (
        <p className="chart-short muted small" data-testid="chart-short">
          {short}
        </p>
      )}
      {series.error && (
        <Notice tone="error" title="Could not draw the chart" headingLevel={3}>
          <p>{series.error.message}</p>
        </Notice>
      )}
      {series.data && <BalanceChart series={series.data} warningEnabled={settings.data?.warningEnabled ?? false} />}
      {series.isPending && <p className="muted">Drawing…</p>}
    </div>
  );
}
