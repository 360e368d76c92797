// The chart's band (series.band: the forecast's pessimistic and optimistic balances after now):
// the chart model puts it on the rows after now, opening from the line at now, and the chart's
// caption names it in the legend and lists it in "Show as table"; nothing of it while the
// forecast is collecting data.
import '@testing-library/jest-dom/vitest';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { Series } from '../../src-shared/app-api.ts';
import { buildChart } from '../../src-renderer/features/dashboard/chart-model.ts';
import { ChartCaption } from '../../src-renderer/features/dashboard/ChartCaption.tsx';

afterEach(cleanup);

const when = (t: number) => ({ epochSeconds: t, datetime: `2026-11-${String(20 + t).padStart(2, '0')} 00:00:00` });
const series: Series = {
  points: [0, 1, 2, 3, 4].map((t) => ({ ...when(t), balance: 5000 - 500 * t, source: 'ledger' as const })),
  events: [],
  warningLevel: null,
  now: 2,
  band: [
    { ...when(3), low: 4200, high: 3600 + 400 },
    { ...when(4), low: 2600.25, high: 3400.5 },
  ].map((b) => ({ ...b, low: Math.min(b.low, b.high), high: Math.max(b.low, b.high) })),
};

describe('the band', () => {
  it('rides on the rows after now, opening from the line at now', () => {
    const m = buildChart(series);
    expect(m.hasBand).toBe(true);
    expect(m.rows.map((r) => r.band)).toEqual([undefined, undefined, [40, 40], [40, 42], [26.0025, 34.005]]);
    expect(buildChart({ ...series, band: [] }).hasBand).toBe(false);
  });

  it('is named in the legend and listed in the table', async () => {
    render(<ChartCaption series={series} summary="From ..." level={null} charges={false} />);
    expect(screen.getByText(/Likely range \(9 chances in 10/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show as table'));
    const table = screen.getByTestId('chart-table');
    expect(within(table).getByRole('columnheader', { name: 'Likely range' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('£26.00 to £34.00');
    expect(rows.at(1)).not.toHaveTextContent(' to ');
  });

  it('is not there while the forecast collects data', () => {
    render(<ChartCaption series={{ ...series, band: [] }} summary="From ..." level={null} charges={false} />);
    expect(screen.queryByText(/Likely range/)).toBeNull();
    expect(screen.getByText('Projected balance')).toBeInTheDocument();
  });
});
