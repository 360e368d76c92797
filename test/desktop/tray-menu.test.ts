// The tray's menu, as a model and as Electron gets it: rebuilt and set again at each change, and
// never touched once the tray is gone (a destroyed Tray throws, as Electron's does).
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { accountStatus } from '../../src-shared/account-status.ts';
import type { AccountReading, AccountsView, WatchedStatus } from '../../src-main/monitor/types.ts';
import { trayMenuModel } from '../../src-main/desktop/tray-menu.ts';
import { trayTooltipAll } from '../../src-main/monitor/presentation.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { displayedLabel, electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { setupTray } = await import('../../src-main/desktop/tray.ts');

const NOW = 1_800_000_000; // 2027-01-15 08:00:00 UTC, 08:00 in London
const ZONE = 'Europe/London';
const watched = (id: number, name: string, balance: string): WatchedStatus => {
  const reading: AccountReading = {
    balance,
    readAt: NOW - 60,
    warningEnabled: true,
    warningLevel: 1000,
    summary: [],
    checkOutcome: null,
    lastAnsweredAt: null,
    staleAfterSeconds: 1800,
    forecastBelowLevelAt: null,
    forecastZeroAt: null,
    forecastAt: null,
    horizonDays: 7,
    problem: null,
  };
  return { id, name, reading, status: accountStatus({ ...reading, now: NOW }) };
};
const two: AccountsView = {
  severity: 'warning',
  state: 'low',
  accounts: [watched(1, 'Home', '500'), watched(2, 'Work', '498387.5')],
  now: NOW,
};
const none = (state: AccountsView['state']): AccountsView => ({ severity: 'unknown', state, accounts: [], now: NOW });

describe('trayMenuModel', () => {
  it('has Open, every account with its balance and state, Refresh now and Copy URL, Quit', () => {
    expect(trayMenuModel({ view: two, apiUrl: 'http://127.0.0.1:8417/', timeZone: ZONE })).toEqual([
      { id: 'open', items: [{ label: 'Open Account Monitor', action: 'open' }] },
      {
        id: 'accounts',
        items: [
          { label: 'Account Monitor: an account needs action' },
          { label: 'Home: £5.00 low (read at 07:59)' },
          { label: 'Work: £4,983.87 ok (read at 07:59)' },
        ],
      },
      // The account below its level may be snoozed (named: there are several).
      { id: 'snooze', items: [{ label: 'Snooze reminders until tomorrow: Home', action: 'snooze', account: 1 }] },
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

  it('says when each account was read as a clock time, so a menu left open stays true (defect 7)', () => {
    // The menu is built when something changes and then shown as it is, maybe an hour later.
    const labels = (view: AccountsView): string[] =>
      trayMenuModel({ view, apiUrl: null, timeZone: ZONE })[1]?.items.map((i) => i.label) ?? [];
    expect(labels({ ...two, now: NOW + 3600 })).toEqual(labels(two));
    expect(labels(two)).toContain('Home: £5.00 low (read at 07:59)');
    // A reading from another day names the day.
    const old = watched(1, 'Home', '500');
    const yesterday = { ...old, reading: { ...old.reading, readAt: NOW - 86_400 } };
    expect(labels({ ...two, accounts: [yesterday] })).toEqual(['Home: £5.00 low (read Thu 14 Jan, 08:00)']);
    expect(trayTooltipAll(two, ZONE)).not.toMatch(/ ago\)/);
  });

  it('while an account is snoozed, says until when and offers to resume its reminders', () => {
    const one: AccountsView = { ...two, accounts: two.accounts.slice(0, 1) };
    const sections = trayMenuModel({
      view: one,
      apiUrl: null,
      timeZone: ZONE,
      snoozed: new Map([[1, 'Tue 24 Nov, 08:00']]),
    });
    expect(sections.find((s) => s.id === 'snooze')?.items).toEqual([
      { label: 'Resume reminders (snoozed until Tue 24 Nov, 08:00)', action: 'resume-reminders', account: 1 },
    ]);
  });

  it('says what to do with no account yet, and when the API is not listening', () => {
    const [, accounts, actions] = trayMenuModel({ view: none('unknown'), apiUrl: null, timeZone: ZONE });
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

/** A stored alert as the feed gives it (only what the menu reads matters here). */
const alert = (id: number, accountName: string, title: string): Alert => ({
  id,
  accountId: accountName === 'Home' ? 1 : 2,
  accountName,
  at: { datetime: '2027-01-15 08:00:00', epochSeconds: NOW - id },
  kind: 'low',
  severity: 'warning',
  urgent: false,
  title,
  text: `${title}.`,
  balance: '500',
  level: 1000,
  read: false,
  delivery: 'pushed',
});

describe('the newest alerts in the menu', () => {
  const four = [
    alert(9, 'Home', 'Balance is below zero'),
    alert(8, 'Work', 'Provider not answering\u001b[31m\nnow'),
    alert(7, 'Home', `Balance is low ${'x'.repeat(80)}`),
    alert(6, 'Home', 'Oldest, left out'),
  ];

  it('lists the newest three under the accounts, named when there are several, one line and cut short', () => {
    const sections = trayMenuModel({ view: two, apiUrl: null, alerts: four, timeZone: ZONE });
    expect(sections.map((s) => s.id)).toEqual(['open', 'accounts', 'snooze', 'alerts', 'actions', 'quit']);
    const items = sections[3]?.items ?? [];
    expect(items.map((i) => i.action)).toEqual(['open', 'open', 'open']);
    expect(items[0]?.label).toBe('Balance is below zero: Home');
    expect(items[1]?.label).toBe('Provider not answering [31m now: Work');
    expect(items[2]?.label).toHaveLength(60);
    expect(items[2]?.label.endsWith('…')).toBe(true);
    expect(items.some((i) => i.label.includes('Oldest'))).toBe(false);
  });

  it('says only the title with one account, and has no section without alerts', () => {
    const one: AccountsView = { ...two, accounts: two.accounts.slice(0, 1) };
    const alertsOf = (sections: { id: string; items: unknown[] }[]): unknown =>
      sections.find((section) => section.id === 'alerts')?.items;
    expect(alertsOf(trayMenuModel({ view: one, apiUrl: null, alerts: four.slice(0, 1), timeZone: ZONE }))).toEqual([
      { label: 'Balance is below zero', action: 'open' },
    ]);
    expect(trayMenuModel({ view: one, apiUrl: null, alerts: [], timeZone: ZONE }).map((s) => s.id)).toEqual([
      'open',
      'accounts',
      'snooze',
      'actions',
      'quit',
    ]);
  });

  it('opens the window when one is clicked in the menu Electron gets', async () => {
    await electronFake.app.whenReady();
    const open = vi.fn();
    const view = setupTray(
      '/r',
      { open, refresh: vi.fn(), apiUrl: () => null, alerts: () => four, quit: vi.fn() },
      ZONE,
    );
    view.update(two);
    const tray = recorded.trays.at(-1);
    tray?.menu.find((i) => i.label === 'Balance is below zero: Home')?.click?.();
    expect(open).toHaveBeenCalledOnce();
    view.dispose();
  });
});

describe("the menu's snooze", () => {
  it('snoozes and resumes the account it names', async () => {
    await electronFake.app.whenReady();
    const snooze = vi.fn();
    let snoozed = new Map<number, string>();
    const view = setupTray(
      '/r',
      {
        open: vi.fn(),
        refresh: vi.fn(),
        apiUrl: () => null,
        quit: vi.fn(),
        snoozed: () => snoozed,
        snooze,
      },
      ZONE,
    );
    view.update(two);
    const tray = recorded.trays.at(-1);
    tray?.menu.find((i) => i.label === 'Snooze reminders until tomorrow: Home')?.click?.();
    snoozed = new Map([[1, 'Tue 24 Nov, 08:00']]);
    view.refreshMenu();
    tray?.menu.find((i) => i.label?.startsWith('Resume reminders'))?.click?.();
    expect(snooze.mock.calls).toEqual([
      [1, true],
      [1, false],
    ]);
    view.dispose();
  });
});

describe('setupTray', () => {
  it('sets the menu at every change, and ignores changes once disposed', async () => {
    // A Tray exists only after ready.
    await electronFake.app.whenReady();
    const quit = vi.fn();
    const view = setupTray('/r', { open: vi.fn(), refresh: vi.fn(), apiUrl: () => null, quit }, ZONE);
    const tray = recorded.trays.at(-1);
    expect(tray?.menusSet).toBe(1);
    view.update(two);
    expect(tray?.menusSet).toBe(2);
    expect(tray?.image).toBe(join('/r', 'tray', process.platform === 'darwin' ? 'lowTemplate.png' : 'low.png'));
    expect(tray?.menu.filter((i) => i.type === 'separator')).toHaveLength(4);
    tray?.menu.find((i) => i.label === 'Quit')?.click?.();
    expect(quit).toHaveBeenCalledOnce();
    view.dispose();
    expect(tray?.isDestroyed()).toBe(true);
    view.update(none('ok'));
    view.refreshMenu();
    view.dispose();
    expect(recorded.refused).toEqual([]);
  });
});

describe('menu labels as Electron shows them', () => {
  it("keep an account's & (Electron reads a single & as the access key on Windows and Linux: defect 15)", async () => {
    await electronFake.app.whenReady();
    const smith = watched(3, 'Smith & Sons', '1200');
    const view = setupTray('/r', { open: vi.fn(), refresh: vi.fn(), apiUrl: () => null, quit: vi.fn() }, ZONE);
    view.update({ ...two, accounts: [smith, watched(4, 'R&D', '5000')] });
    const shown = (recorded.trays.at(-1)?.menu ?? []).map((i) => displayedLabel(i.label ?? ''));
    expect(shown).toContain('Smith & Sons: £12.00 ok (read at 07:59)');
    expect(shown).toContain('R&D: £50.00 ok (read at 07:59)');
    view.dispose();
  });
});

describe('a tray made again (its item offered again to a panel that came late)', () => {
  it('is a new icon with the same picture, tooltip and menu, the old one gone', async () => {
    await electronFake.app.whenReady();
    const view = setupTray('/r', { open: vi.fn(), refresh: vi.fn(), apiUrl: () => null, quit: vi.fn() }, ZONE);
    view.update(two);
    const first = recorded.trays.at(-1);
    view.recreate();
    const second = recorded.trays.at(-1);
    expect(second).not.toBe(first);
    expect(first?.isDestroyed()).toBe(true);
    expect([second?.image, second?.tooltip, second?.menu.map((i) => i.label)]).toEqual([
      first?.image,
      first?.tooltip,
      first?.menu.map((i) => i.label),
    ]);
    view.dispose();
    view.recreate();
    expect(recorded.trays.at(-1)).toBe(second);
  });
});
