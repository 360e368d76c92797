// The chart as drawn (issue 36's hand-drawn SVG, in place of recharts): the recorded line with its
// points, the projection dashed, the forecast's band shaded after now only, the level line, the
// now marker, top-ups and unexpected charges; its tip under the pointer, and the arrow keys
// stepping through the points with each step announced. Drawn at its fallback width (jsdom
// measures nothing), so the x of a time is known.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Series } from '../../src-shared/app-api.ts';
import { BalanceChart } from '../../src-renderer/features/dashboard/BalanceChart.tsx';

afterEach(cleanup);

const DAY = 86_400;
const when = (d: number) => ({
  epochSeconds: d * DAY,
  datetime: `2026-11-${String(20 + d).padStart(2, '0')} 00:00:00`,
});
/** Five days, now on the third; £50 falling £5 a day, a top-up of £10 on day 1 and, ahead, a range around the line. */
const series: Series = {
  points: [0, 1, 2, 3, 4].map((d) => ({
    ...when(d),
    balance: 5000 - 500 * d,
    source: d <= 2 ? ('observed' as const) : ('projected' as const),
  })),
  events: [
    { ...when(1), amount: '1000', kind: 'topup', signed: 1000 },
    { ...when(2), amount: '200', kind: 'charge', signed: -200 },
  ],
  warningLevel: 2500,
  now: 2 * DAY,
  band: [
    { ...when(3), low: 3200, high: 3800 },
    { ...when(4), low: 2600.25, high: 3400.5 },
  ],
};

/** Every x of a path's points. */
function xsOf(d: string | null): number[] {
  return [...(d ?? '').matchAll(/[ML]([-\d.]+),/g)].map((m) => Number(m[1]));
}

describe('the chart, drawn', () => {
  it('says so, instead of drawing a line at £0, when no point the service sent is an amount', () => {
    const odd = { ...series, points: series.points.map((p) => ({ ...p, balance: null as unknown as number })) };
    const { container } = render(<BalanceChart series={odd} warningEnabled />);
    expect(container.querySelector('svg.chart-svg')).toBeNull();
    expect(screen.getByText(/No balance to draw: the service sent none that is an amount/)).toBeInTheDocument();
  });

  it('draws both halves, the band after now only, the level, now, a top-up and an unexpected charge', () => {
    const { container } = render(<BalanceChart series={series} warningEnabled />);
    const svg = container.querySelector('svg.chart-svg');
    expect(svg).toHaveAccessibleName(/^Balance over time, Fri 20 Nov 2026 to Tue 24 Nov 2026: use the arrow keys/);
    expect(svg).toHaveAttribute('tabindex', '0');
    const lines = container.querySelectorAll('path.chart-line');
    expect(lines).toHaveLength(2);
    expect(xsOf(lines[0]?.getAttribute('d') ?? null)).toHaveLength(3);
    expect(lines[1]).toHaveClass('chart-projection');
    expect(container.querySelectorAll('circle.chart-dot')).toHaveLength(3);

    const nowLine = container.querySelector('line.chart-now');
    const nowX = Number(nowLine?.getAttribute('x1'));
    const band = container.querySelector('path.chart-band');
    const xs = xsOf(band?.getAttribute('d') ?? null);
    // Opened from the line at now, out to the last day, and back.
    expect(xs).toHaveLength(6);
    expect(Math.min(...xs)).toBeCloseTo(nowX, 0);
    expect(Math.max(...xs)).toBeGreaterThan(nowX);

    expect(container.querySelector('line.chart-level')).not.toBeNull();
    expect(within(svg as HTMLElement).getByText('Warning level £25.00')).toBeInTheDocument();
    expect(within(svg as HTMLElement).getByText('Now')).toBeInTheDocument();
    expect(container.querySelectorAll('path.chart-topup')).toHaveLength(1);
    expect(container.querySelectorAll('path.chart-charge')).toHaveLength(1);
    // The balance axis in round pounds, the dates from the service's own datetimes.
    expect(within(svg as HTMLElement).getByText('£50')).toBeInTheDocument();
    expect(within(svg as HTMLElement).getByText('20 Nov')).toBeInTheDocument();
  });

  it('leaves a point whose balance is not an amount out of the line and the table alike', async () => {
    const points = series.points.map((p, i) => (i === 1 ? { ...p, balance: null as unknown as number } : p));
    const { container } = render(<BalanceChart series={{ ...series, points }} warningEnabled />);
    expect(container.querySelectorAll('circle.chart-dot')).toHaveLength(2);
    await userEvent.click(screen.getByText('Show as table'));
    const table = screen.getByTestId('chart-table');
    expect(within(table).getAllByRole('row')).toHaveLength(points.length);
    expect(table).not.toHaveTextContent('£0.00');
  });

  it('has no band, and no level line with the warning off, while the forecast collects data', () => {
    const { container } = render(<BalanceChart series={{ ...series, band: [] }} warningEnabled={false} />);
    expect(container.querySelector('path.chart-band')).toBeNull();
    expect(container.querySelector('line.chart-level')).toBeNull();
    expect(screen.queryByText(/Likely range/)).toBeNull();
  });

  it('makes the table when it is first opened, not with the chart, and keeps it once made', async () => {
    const { container } = render(<BalanceChart series={series} warningEnabled />);
    // Issue 36's first load: a row per point is most of the chart's elements.
    expect(screen.queryByTestId('chart-table')).toBeNull();
    expect(container.querySelector('path.chart-line')).not.toBeNull();
    await userEvent.click(screen.getByText('Show as table'));
    expect(within(screen.getByTestId('chart-table')).getAllByRole('row')).toHaveLength(series.points.length + 1);
    await userEvent.click(screen.getByText('Show as table'));
    expect(container.querySelector('details.chart-table')).not.toHaveAttribute('open');
    expect(screen.getByTestId('chart-table')).toBeInTheDocument();
  });

  it('lists the band in the table, as "Likely range"', async () => {
    render(<BalanceChart series={series} warningEnabled />);
    await userEvent.click(screen.getByText('Show as table'));
    const table = screen.getByTestId('chart-table');
    expect(within(table).getByRole('columnheader', { name: 'Likely range' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('£26.00 to £34.00');
  });

  it('shows the tip of the point under the pointer', () => {
    const { container } = render(<BalanceChart series={series} warningEnabled />);
    const svg = container.querySelector('svg.chart-svg') as SVGSVGElement;
    const x = Number(container.querySelector('line.chart-now')?.getAttribute('x1'));
    fireEvent.pointerMove(svg, { clientX: x + 3, clientY: 100 });
    expect(container.querySelector('.chart-tip')).toHaveTextContent(/^Sun 22 Nov 2026 00:00:00£40\.00 \(4000p\)/);
    expect(container.querySelector('.chart-tip')).toHaveTextContent('Unexpected charge: £2.00 more than expected');
    // Only a keyboard step is announced.
    expect(screen.getByTestId('chart-announced')).toBeEmptyDOMElement();
    fireEvent.pointerLeave(svg);
    expect(container.querySelector('.chart-tip')).toBeNull();
  });

  it('steps through the points with the arrow keys from now, announcing each, and Escape puts the tip away', async () => {
    const { container } = render(<BalanceChart series={series} warningEnabled />);
    await userEvent.tab();
    expect(container.querySelector('svg.chart-svg')).toHaveFocus();
    const announced = screen.getByTestId('chart-announced');
    await userEvent.keyboard('{ArrowRight}');
    expect(announced).toHaveTextContent(/^Sun 22 Nov 2026 00:00:00£40\.00/);
    await userEvent.keyboard('{ArrowRight}');
    expect(announced).toHaveTextContent(
      /^Mon 23 Nov 2026 00:00:00 \(projected\)£35\.00 \(3500p\)Likely between £32\.00 and £38\.00$/,
    );
    await userEvent.keyboard('{Home}');
    expect(announced).toHaveTextContent(/^Fri 20 Nov 2026/);
    await userEvent.keyboard('{ArrowLeft}');
    expect(announced).toHaveTextContent(/^Fri 20 Nov 2026/);
    await userEvent.keyboard('{End}');
    expect(container.querySelector('.chart-tip')).toHaveTextContent(/^Tue 24 Nov 2026 00:00:00 \(projected\)/);
    await userEvent.keyboard('{Escape}');
    expect(container.querySelector('.chart-tip')).toBeNull();
    expect(announced).toBeEmptyDOMElement();
  });
});
