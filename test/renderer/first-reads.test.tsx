// The window's first reads (issue 36's first load, app/first-reads.ts): before React's first
// render the window asks the real service for the status and, once it names the account, for that
// account's dashboard (balance, settings, outlook, series); the panels then draw from those
// answers, each asked once, rather than asking again once mounted. The status is handed over once
// those answers are in, so the dashboard is drawn once, whole; a read slower than the wait is
// waited for by its own panel.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../../src-renderer/App.tsx';
import { startFirstReads } from '../../src-renderer/app/first-reads.ts';
import { accountInUse, heldFetch, installBrowserStubs, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

/** How many times each path was asked for. */
function asked(s: RealService): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of s.calls) counts[c.path] = (counts[c.path] ?? 0) + 1;
  return counts;
}

describe("the window's first reads", () => {
  it("asks for the status and the shown account's dashboard before any render, and the panels use those answers", async () => {
    const s = (service = realService());
    const { accountId } = await accountInUse(s);
    s.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup' });
    const dashboard = ['balance', 'settings', 'outlook', 'series'].map((r) => `app/accounts/${accountId}/${r}`);

    startFirstReads();
    // Nothing is drawn yet: the reads are under way all the same.
    await vi.waitFor(() => {
      expect(Object.keys(asked(s)).sort()).toEqual(['app/status', ...dashboard].sort());
    });

    render(<App />);
    expect(await screen.findByTestId('balance-chart')).toBeInTheDocument();
    const counts = asked(s);
    for (const path of ['app/status', ...dashboard]) expect(counts[path], path).toBe(1);
  });

  it('draws the dashboard once, whole: no panel shows its loading state first', async () => {
    const s = (service = realService());
    const { accountId } = await accountInUse(s);
    s.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup' });
    const loading: string[] = [];
    const observer = new MutationObserver(() => {
      for (const text of ['Loading…', 'Drawing…']) if (document.body.textContent.includes(text)) loading.push(text);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });

    // A wait no answer of the real service can outlast here, so that the order is the rule's, not the machine's.
    startFirstReads(60_000);
    render(<App />);
    expect(await screen.findByTestId('balance-chart')).toBeInTheDocument();
    observer.disconnect();
    expect(loading).toEqual([]);
    expect(screen.getAllByText('£50.00').length).toBeGreaterThan(0);
  });

  it('hands the status over after the wait when a read is slower, and that panel waits for its own answer', async () => {
    const s = (service = realService());
    const { accountId } = await accountInUse(s);
    s.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup' });
    const fetches = heldFetch();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    fetches.hold = async (call, answer) => {
      if (call.path.endsWith('/series')) await released;
      return answer();
    };

    startFirstReads(20);
    render(<App />);
    // The rest of the dashboard is drawn while the series is held back.
    expect(await screen.findByText('Drawing…')).toBeInTheDocument();
    expect((await screen.findAllByText('£50.00')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('balance-chart')).toBeNull();

    release();
    expect(await screen.findByTestId('balance-chart')).toBeInTheDocument();
    expect(asked(s)[`app/accounts/${accountId}/series`]).toBe(1);
  });
});
