// One bad value never blanks the window: a value that makes the chart throw (an answer without
// its points) replaces only its panel with words; the other panels go on working. (A balance
// JSON carried as null, as a provider's 1 followed by 400 zeros once did, no longer throws: the
// chart leaves such a point out, chart.test.ts.) And the window's state pill asks the one function
// that decides how an account stands (src-shared/account-status.ts), as the tray does.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { App } from '../../src-renderer/App.tsx';
import { PanelBoundary } from '../../src-renderer/components/PanelBoundary.tsx';
import { BalanceChart } from '../../src-renderer/features/dashboard/BalanceChart.tsx';
import type { Series } from '../../src-shared/app-api.ts';
import { accountInUse, installBrowserStubs, NOW, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;
beforeEach(() => {
  installBrowserStubs();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

/** A series whose points came through as null: an answer the chart cannot draw at all. */
const BAD: Series = {
  points: null as unknown as Series['points'],
  events: [],
  warningLevel: null,
  now: NOW,
};

function OtherPanel() {
  const [clicks, setClicks] = useState(0);
  return (
    <section aria-label="the ledger">
      <button
        type="button"
        onClick={() => {
          setClicks((n) => n + 1);
        }}
      >
        Clicked {clicks}
      </button>
    </section>
  );
}

describe('an error boundary per panel', () => {
  it('a value that throws in the chart: that panel says so in words, the others keep working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <PanelBoundary name="the dashboard" id="dashboard">
          <BalanceChart series={BAD} warningEnabled={false} />
        </PanelBoundary>
        <PanelBoundary name="the ledger" id="ledger">
          <OtherPanel />
        </PanelBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: /Could not show the dashboard/ })).toBeInTheDocument();
    expect(screen.getByTestId('panel-failed')).toHaveTextContent(/Cannot read properties of null/);
    expect(screen.getByTestId('panel-failed')).toHaveAttribute('id', 'dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    // Trying again draws the panel afresh (the value is still bad, so it says so again).
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: /Could not show the dashboard/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
  });
});

describe('the state pill', () => {
  it('with no warning level, a balance above zero is OK, as the tray says (it said "unknown" before)', async () => {
    service = realService();
    const { accountId } = await accountInUse(service);
    service.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup' });
    render(<App />);
    const pill = await screen.findByText('OK: above zero (no warning level is set)');
    expect(pill.closest('[data-state]')).toHaveAttribute('data-state', 'ok');
  });

  it('below zero is said as run out, whatever the level', async () => {
    service = realService();
    const { accountId } = await accountInUse(service);
    service.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '-5', kind: 'adjustment' });
    render(<App />);
    const pill = await screen.findByText('Run out: the balance is at or below zero');
    expect(pill.closest('[data-state]')).toHaveAttribute('data-state', 'below_zero');
  });
});
