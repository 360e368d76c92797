// The tray's menu, as a model and as Electron gets it: rebuilt and set again at each change, and
// never touched once the tray is gone (a destroyed Tray throws, as Electron's does).
import { describe, expect, it, vi } from 'vitest';
import type { AccountsView, MonitorSnapshot } from '../../src-main/monitor/types.ts';
import { trayMenuModel } from '../../src-main/desktop/tray-menu.ts';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { setupTray } = await import('../../src-main/desktop/tray.ts');

const reading = (balance: string): MonitorSnapshot => ({
  state: 'ok',
  reading: { balance, warningEnabled: true, warningLevel: 1000, summary: [], forecastBelowLevelAt: null },
  readAt: 0,
  problem: undefined,
});
const two: AccountsView = {
  state: 'low',
  accounts: [
    { id: 1, name: 'Home', snapshot: { ...reading('500'), state: 'low' } },
    { id: 2, name: 'Work', snapshot: reading('498387.5') },
  ],
};

describe('trayMenuModel', () => {
  it('has Open, every account with its balance and state, Refresh now and Copy URL, Quit', () => {
    expect(trayMenuModel({ view: two, apiUrl: 'http://127.0.0.1:8417/' })).toEqual([
      { id: 'open', items: [{ label: 'Open Account Monitor', action: 'open' }] },
      {
        id: 'accounts',
        items: [
          { label: 'Account Monitor: LOW BALANCE' },
          { label: 'Home: £5.00 (LOW)' },
          { label: 'Work: £4,983.87 (ok)' },
        ],
      },
      {
        id: 'actions',
        items: [
          { label: 'Refresh now', action: 'refresh' },
          { label: 'Copy local API URL (http://127.0.0.1:8417/)', action: 'copy-api-url', enabled: true },
        ],
      },
      { id: 'quit', items: [{ label: 'Quit', action: 'quit' }] },
    ]);
  });

  it('says what to do with no account yet, and when the API is not listening', () => {
    const [, accounts, actions] = trayMenuModel({ view: { state: 'unknown', accounts: [] }, apiUrl: null });
    expect(accounts?.items).toEqual([
      { label: 'Account Monitor: balance unknown (no account yet: connect one in the window): no balance read yet' },
    ]);
    expect(actions?.items[1]).toEqual({
      label: 'Copy local API URL (not listening)',
      action: 'copy-api-url',
      enabled: false,
    });
  });
});

describe('setupTray', () => {
  it('sets the menu at every change, and ignores changes once disposed', async () => {
    // A Tray exists only after ready.
    await electronFake.app.whenReady();
    const quit = vi.fn();
    const view = setupTray('/r', { open: vi.fn(), refresh: vi.fn(), apiUrl: () => null, quit });
    const tray = recorded.trays.at(-1);
    expect(tray?.menusSet).toBe(1);
    view.update(two);
    expect(tray?.menusSet).toBe(2);
    expect(tray?.image).toBe(
      '/r/tray/low.png'.replace('low.png', process.platform === 'darwin' ? 'lowTemplate.png' : 'low.png'),
    );
    expect(tray?.menu.filter((i) => i.type === 'separator')).toHaveLength(3);
    tray?.menu.find((i) => i.label === 'Quit')?.click?.();
    expect(quit).toHaveBeenCalledOnce();
    view.dispose();
    expect(tray?.isDestroyed()).toBe(true);
    view.update({ state: 'ok', accounts: [] });
    view.refreshMenu();
    view.dispose();
    expect(recorded.refused).toEqual([]);
  });
});
