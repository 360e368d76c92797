// The balance over time, over a range the user chooses (90 days each way to start with).
import { useState } from 'react';
import { Notice } from '../../components/Notice.tsx';
import type { ChartRange } from '../../data/keys.ts';
import { useSeries, useSettings } from '../../data/queries.ts';
import { BalanceChart } from './BalanceChart.tsx';
import { RangeForm } from './RangeForm.tsx';

export function ChartCard() {
  const [range, setRange] = useState<ChartRange>({ back: 90, ahead: 90 });
  const series = useSeries(range);
  const settings = useSettings();
  return (
    <div className="card chart-card">
      <div className="chart-head">
        <h3 id="chart-title">Balance over time</h3>
        <RangeForm range={range} onChange={setRange} />
      </div>
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
