// The page title and favicon follow the worst state of the window's accounts, decided by the one
// status function; against the real service (test/renderer/real-service.ts).
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src-renderer/App.tsx';
import { faviconFor } from '../../src-renderer/features/alerts/favicon.ts';
import { windowState } from '../../src-renderer/features/alerts/window-state.ts';
import type { AccountSummary, Status } from '../../src-shared/app-api.ts';
import { accountInUse, installBrowserStubs, NOW, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
  document.head.innerHTML = '<link rel="icon" href="data:,"><title>Account Monitor</title>';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

const icon = (): string => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href') ?? '';

describe('the title and favicon', () => {
  it('are plain while ok, then say "(!) £14.86 low", then below zero, as the balance moves', async () => {
    service = realService();
    const { accountId } = await accountInUse(service, 'Home');
    service.app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
    service.app.domain.addEntry(accountId, { at: '2026-11-01 09:00:00', amount: '5000', kind: 'topup', note: 'card' });
    render(<App />);
    await screen.findByTestId('balance-now');
    await waitFor(() => {
      expect(icon()).toBe(faviconFor('ok'));
    });
    expect(document.title).toBe('Account Monitor');

    service.app.domain.addEntry(accountId, { at: '2026-11-20 09:00:00', amount: '3514', kind: 'charge', note: 'a' });
    // Another process's write: the change feed reports it and the balance is read again.
    service.app.store.invalidate();
    await waitFor(
      () => {
        expect(document.title).toBe('(!) £14.86 low - Account Monitor');
      },
      { timeout: 10_000 },
    );
    expect(icon()).toBe(faviconFor('warning'));

    service.app.domain.addEntry(accountId, { at: '2026-11-21 09:00:00', amount: '2000', kind: 'charge', note: 'b' });
    service.app.store.invalidate();
    await waitFor(
      () => {
        expect(document.title).toBe('(!) -£5.14 below zero - Account Monitor');
      },
      { timeout: 10_000 },
    );
    expect(icon()).toBe(faviconFor('critical'));
  });
});

describe('windowState', () => {
  const status = (accounts: AccountSummary[]): Status => ({
    vault: { mode: 'session', store: 'this session only' },
    accounts,
    timeZone: 'Europe/London',
    now: { datetime: '2026-11-22 10:35:00', epochSeconds: NOW },
    api: { baseUrl: null, listening: false },
    checks: { intervalMinutes: 10, staleAfterMinutes: 30 },
  });
  const summary = (id: number, name: string, extra: Partial<AccountSummary> = {}): AccountSummary => ({
    id,
    name,
    kind: 'local',
    baseUrl: null,
    state: 'ok',
    stale: false,
    lastCheckedAt: null,
    lastAnsweredAt: null,
    problem: null,
    reading: null,
    key: 'stored',
    ...extra,
  });
  const level = { warningEnabled: true, warningLevel: 2000, summary: [], disk: [], bandwidth: [] };

  it('names the worst of several accounts', () => {
    const home = summary(1, 'Home');
    const work = summary(2, 'Work');
    const all = [home, work];
    expect(
      windowState(
        [
          { account: home, balance: '1486', settings: level },
          { account: work, balance: '-100', settings: level },
        ],
        status(all),
      ),
    ).toEqual({ severity: 'critical', title: '(!) Work: -£1.00 below zero - Account Monitor' });
  });

  it('says "(?)" for a connected account whose provider has not answered for too long', () => {
    const remote = summary(3, 'Provider', {
      kind: 'remote',
      lastAnsweredAt: { datetime: '2026-11-22 08:35:00', epochSeconds: NOW - 7200 },
    });
    expect(windowState([{ account: remote, balance: '9000', settings: level }], status([remote]))).toEqual({
      severity: 'stale',
      title: '(?) £90.00 stale - Account Monitor',
    });
  });

  it('waits for an account not read yet instead of calling it ok', () => {
    const home = summary(1, 'Home');
    expect(windowState([{ account: home, balance: undefined, settings: level }], status([home]))).toEqual({
      severity: 'unknown',
      title: 'Account Monitor',
    });
  });
});
