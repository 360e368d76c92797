// The window's first reads (issue 36's first load, app/first-reads.ts): before React's first
// render the window asks the real service for the status and, once it names the account, for that
// account's dashboard (balance, settings, outlook, series); the panels then draw from those
// answers, each asked once, rather than asking again once mounted.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from '../../src-renderer/App.tsx';
import { startFirstReads } from '../../src-renderer/app/first-reads.ts';
import { accountInUse, installBrowserStubs, realService, type RealService } from './real-service.ts';

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
});
