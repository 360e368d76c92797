// The Alerts panel and the header's unread count against the real service
// (test/renderer/real-service.ts): the real monitor raises the alerts, the window reads them.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { snoozes } from '../../src-main/domain/alerts.ts';
import { accountInUse, installBrowserStubs, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

/** A local account with a £20 warning level and a £50 top-up: ok until a charge takes it below. */
async function startWithAccount(): Promise<RealService & { accountId: number }> {
  service = realService();
  const { accountId } = await accountInUse(service, 'Home');
  service.app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
  service.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup', note: 'card' });
  return Object.assign(service, { accountId });
}

/** A charge that takes the balance to £14.86, then the monitor's evaluation (as a write would start). */
async function goLow(s: RealService & { accountId: number }): Promise<void> {
  s.app.domain.addEntry(s.accountId, { at: '2026-11-20 09:00:00', amount: '3514', kind: 'charge', note: 'server' });
  await s.app.monitor.refresh(s.accountId);
}

describe('the Alerts panel', () => {
  it('says there are none yet, then shows an alert raised while the page is open, with the header count', async () => {
    const s = await startWithAccount();
    render(<App />);
    const panel = await screen.findByRole('region', { name: /^Alerts/ });
    expect(await within(panel).findByRole('heading', { name: 'No alerts yet' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();

    await goLow(s);
    // The change feed brings it, as it brings a background check's balance: no reload.
    const item = await within(panel).findByText('Balance is low', {}, { timeout: 10_000 });
    const row = item.closest('li');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('Home');
    expect(row).toHaveTextContent('£14.86');
    expect(row).toHaveTextContent('Sun 22 Nov 2026 10:35:00');
    expect(row).toHaveTextContent('New');
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('1 unread');
    expect(within(panel).getByTestId('alerts-unread')).toHaveTextContent('(1 unread)');
  });

  it('lists newest first, and "Mark all read" clears the count here and in the service', async () => {
    const s = await startWithAccount();
    await goLow(s);
    s.app.domain.addEntry(s.accountId, { at: '2026-11-21 09:00:00', amount: '2000', kind: 'charge', note: 'more' });
    await s.app.monitor.refresh(s.accountId);
    render(<App />);
    const list = await screen.findByTestId('alert-list');
    const titles = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('strong')?.textContent);
    expect(titles).toEqual(['Balance is below zero', 'Balance is low']);
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('2 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => {
      expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    });
    expect(screen.getByTestId('alerts-unread')).toHaveTextContent('(0 unread)');
    expect(s.app.alerts.unreadCount()).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it("snoozes an account's reminders from its newest balance alert, and resumes them", async () => {
    const s = await startWithAccount();
    await goLow(s);
    s.app.domain.addEntry(s.accountId, { at: '2026-11-21 09:00:00', amount: '2000', kind: 'charge', note: 'more' });
    await s.app.monitor.refresh(s.accountId);
    render(<App />);
    const list = await screen.findByTestId('alert-list');
    // One control for the account, on its newest balance alert (below zero); tomorrow, when quiet hours end.
    const snooze = await within(list).findByRole('button', { name: 'Snooze reminders until Mon 23 Nov 2026 08:00:00' });
    expect(within(list).getAllByRole('button', { name: /^Snooze reminders/ })).toHaveLength(1);
    expect(snooze.closest('li')).toHaveTextContent('Balance is below zero');
    await userEvent.click(snooze);
    expect(await within(list).findByText('Reminders snoozed until Mon 23 Nov 2026 08:00:00.')).toBeInTheDocument();
    expect([...snoozes(s.app.store, s.app.domain.nowSeconds()).keys()]).toEqual([s.accountId]);
    await userEvent.click(within(list).getByRole('button', { name: 'Resume reminders' }));
    expect(await within(list).findByRole('button', { name: /^Snooze reminders/ })).toBeInTheDocument();
    expect(snoozes(s.app.store, s.app.domain.nowSeconds()).size).toBe(0);
  });

  it('reading the list on screen marks the alerts shown read', async () => {
    // jsdom draws nothing, so whether the list is on screen is told by a stand-in observer that
    // reports it visible: the browser's IntersectionObserver is the outside world here.
    class SeenAtOnce {
      readonly report: (entries: { isIntersecting: boolean }[]) => void;
      constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
        this.report = report;
      }
      observe(): void {
        this.report([{ isIntersecting: true }]);
      }
      disconnect(): void {
        /* nothing kept */
      }
    }
    vi.stubGlobal('IntersectionObserver', SeenAtOnce);
    const s = await startWithAccount();
    await goLow(s);
    render(<App />);
    const list = await screen.findByTestId('alert-list');
    await waitFor(() => {
      expect(s.app.alerts.unreadCount()).toBe(0);
    });
    await waitFor(() => {
      expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    });
    // Still marked as new to this reader, now read in the service.
    expect(within(list).getByRole('listitem')).toHaveTextContent('New');
    expect(within(list).getByRole('listitem')).toHaveAttribute('data-read', 'yes');
  });
});
