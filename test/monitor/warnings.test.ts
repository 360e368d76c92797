// Warnings people can live with (the monitor as the app runs it, over SQLite, with a clock the
// test moves): one notification per account's balance episode, replaced as it worsens and closed
// when it is over; damping (an episode back within half an hour is the same one); an urgent
// alert through quiet hours once a night; reminders at the morning, never/daily/weekly, snoozed;
// the digest of what quiet hours held.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import type { Reminders } from '../../src-shared/quiet-hours.ts';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { snoozeAccount } from '../../src-main/domain/alerts.ts';
import type { AlertContext, Thread } from '../../src-main/monitor/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';

const ZONE = 'Europe/London';
const MINUTE = 60_000;
const at = (wall: string): number => parseLocalWallTime(wall, ZONE) ?? Number.NaN;

let dir: string;
let now: number;
let app: App;
let told: { alert: Alert; context: AlertContext }[];
let over: Thread[];

function open(): App {
  const opened = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => now,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
  });
  told = [];
  over = [];
  opened.events.alert.on((raised) => told.push(raised));
  opened.events.over.on((thread) => over.push(thread));
  return opened;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-warnings-'));
  now = at('2026-11-22T10:35:00');
  app = open();
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

function preferences(quiet: boolean, reminders: Reminders = 'daily'): void {
  app.store.appSettings.put('monitor', {
    quietHours: { enabled: quiet, from: '22:00', to: '08:00' },
    forecastDays: 7,
    reminders,
  });
}

function account(name: string, pence: string, level: number): number {
  const { accountId } = app.domain.createAccount(name);
  app.domain.addEntry(accountId, { at: '2026-11-01', amount: pence, kind: 'topup' });
  app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: level });
  return accountId;
}
const entry = (id: number, kind: 'charge' | 'topup', pence: string): void => {
  app.domain.addEntry(id, { at: now / 1000, amount: pence, kind });
};
async function evaluateAt(wall: string): Promise<void> {
  now = at(wall);
  await app.monitor.refresh();
}
async function later(minutes: number): Promise<void> {
  now += minutes * MINUTE;
  await app.monitor.refresh();
}
const pushed = (): string[] =>
  told.filter((t) => t.context.push).map((t) => `${t.alert.accountName}: ${t.alert.title}`);
const stored = (): string[] =>
  app.alerts
    .recent(100)
    .reverse()
    .map((a) => `${a.title} (${a.delivery})`);

describe('one notification per balance episode', () => {
  it('low, then below zero, replace one another (one thread); the recovery closes it; the next fall is a new thread', async () => {
    preferences(false);
    const id = account('Home', '5000', 2000);
    await app.monitor.refresh();
    entry(id, 'charge', '4000');
    await later(1);
    entry(id, 'charge', '2000');
    await later(1);
    const [low, zero] = told;
    expect([low?.alert.kind, zero?.alert.kind]).toEqual(['low', 'below_zero']);
    expect(low?.context.thread).toEqual({
      key: `${id}-balance-${at('2026-11-22T10:36:00') / 1000}`,
      accountId: id,
      kind: 'balance',
    });
    expect(zero?.context.thread).toEqual(low?.context.thread);
    expect(over).toEqual([]);
    // Back above zero but still low: the thread goes on, nothing is pushed.
    entry(id, 'topup', '1500');
    await later(1);
    expect(over).toEqual([]);
    // Above the level: the thread is over, once.
    entry(id, 'topup', '5000');
    await later(1);
    await later(1);
    expect(over).toEqual([low?.context.thread]);
    // A fall an hour later is a new episode in a new thread.
    await later(60);
    entry(id, 'charge', '4000');
    await later(1);
    const next = told.at(-1);
    expect(next?.alert.kind).toBe('low');
    expect(next?.context.thread?.key).not.toBe(low?.context.thread?.key);
  });
});

describe('damping', () => {
  it('an episode back within 30 minutes of its end is the same episode: nothing stored or pushed; after that it is news', async () => {
    preferences(false);
    const id = account('Home', '2100', 2000);
    await app.monitor.refresh();
    // Adjustments (one-offs, which the forecast keeps out of its rate): only the balance flips.
    for (let i = 0; i < 6; i++) {
      app.domain.addEntry(id, { at: now / 1000, amount: '-200', kind: 'adjustment' }); // £19.00: low
      await later(5);
      app.domain.addEntry(id, { at: now / 1000, amount: '200', kind: 'adjustment' }); // £21.00: over
      await later(5);
    }
    expect(pushed()).toEqual(['Home: Balance is low']);
    expect(stored()).toEqual(['Balance is low (pushed)']);
    // Above the level for more than half an hour: the next fall is a new episode.
    await later(31);
    app.domain.addEntry(id, { at: now / 1000, amount: '-200', kind: 'adjustment' });
    await later(1);
    expect(pushed()).toEqual(['Home: Balance is low', 'Home: Balance is low']);
  });
});

describe('quiet hours', () => {
  it('an urgent alert breaks through once a night per account; the next night it may again', async () => {
    preferences(true);
    const home = account('Home', '5000', 2000);
    const work = account('Work', '5000', 2000);
    await evaluateAt('2026-11-22T23:00:00');
    entry(home, 'charge', '6000');
    entry(work, 'charge', '6000');
    await later(1);
    // Back above the level, then below zero again past the damping's half hour: urgent, but held.
    entry(home, 'topup', '8000');
    await later(1);
    await later(40);
    entry(home, 'charge', '8000');
    await later(1);
    expect(pushed()).toEqual(['Home: Balance is below zero', 'Work: Balance is below zero']);
    expect(stored()).toEqual([
      'Balance is below zero (pushed)',
      'Balance is below zero (pushed)',
      'Balance is below zero (held)',
    ]);
    // The next night: once more.
    await evaluateAt('2026-11-23T12:00:00');
    entry(home, 'topup', '8000');
    await later(1);
    await evaluateAt('2026-11-23T23:30:00');
    entry(home, 'charge', '8000');
    await later(1);
    expect(pushed().filter((p) => p === 'Home: Balance is below zero')).toHaveLength(2);
  });

  it("after quiet hours, one digest tells what they held, once; it counts as that morning's reminder", async () => {
    preferences(true);
    const home = account('Home', '5000', 2000);
    const work = account('Work', '5000', 3000);
    await evaluateAt('2026-11-22T23:10:00');
    entry(home, 'charge', '4000');
    await later(1);
    await evaluateAt('2026-11-23T01:12:00');
    entry(work, 'charge', '2500');
    await later(1);
    expect(pushed()).toEqual([]);
    await evaluateAt('2026-11-23T07:59:00');
    expect(pushed()).toEqual([]);
    await evaluateAt('2026-11-23T08:00:00');
    const digest = told.filter((t) => t.alert.kind === 'digest');
    expect(digest.map((t) => [t.alert.title, t.alert.text, t.alert.severity, t.context.push])).toEqual([
      ['While quiet: 2 alerts', 'Home: below £20.00 since 23:11. Work: below £30.00 since 01:13.', 'warning', true],
    ]);
    // Not stored (the alerts it tells are), and no reminder the same morning.
    expect(stored()).toEqual(['Balance is low (held)', 'Balance is low (held)']);
    await later(1);
    // A restart does not tell it again.
    app.close();
    app = open();
    await app.monitor.refresh();
    expect(told).toEqual([]);
    // The next morning, each still-low account is reminded.
    await evaluateAt('2026-11-24T08:00:00');
    expect(pushed()).toEqual(['Home: Balance is still low', 'Work: Balance is still low']);
  });
});

describe('reminders', () => {
  async function lowAtSunday(reminders: Reminders): Promise<number> {
    preferences(false, reminders);
    const id = account('Home', '1500', 2000);
    await app.monitor.refresh();
    expect(pushed()).toEqual(['Home: Balance is low']);
    return id;
  }

  it('daily by default: at the first check after quiet hours end (08:00, even with them off), in the same thread; marking read does not silence them', async () => {
    await lowAtSunday('daily');
    const first = told[0]?.context.thread;
    await evaluateAt('2026-11-23T07:59:00');
    expect(pushed()).toHaveLength(1);
    app.alerts.markRead({ all: true });
    await evaluateAt('2026-11-23T08:03:00');
    expect(told.at(-1)?.alert).toMatchObject({
      kind: 'low',
      title: 'Balance is still low',
      text: 'Your balance is £15.00, below your warning level of £20.00 since Sun 22 Nov, 10:35.',
    });
    expect(told.at(-1)?.context.thread).toEqual(first);
    await evaluateAt('2026-11-23T19:00:00');
    await evaluateAt('2026-11-24T07:00:00');
    expect(pushed()).toHaveLength(2);
    await evaluateAt('2026-11-24T08:00:00');
    expect(pushed()).toHaveLength(3);
  });

  it('weekly: a week later; never: not at all', async () => {
    await lowAtSunday('weekly');
    for (const day of ['23', '24', '25', '26', '27', '28']) await evaluateAt(`2026-11-${day}T08:00:00`);
    expect(pushed()).toHaveLength(1);
    await evaluateAt('2026-11-29T08:00:00');
    expect(pushed()).toEqual(['Home: Balance is low', 'Home: Balance is still low']);
    preferences(false, 'never');
    for (const day of ['30']) await evaluateAt(`2026-11-${day}T08:00:00`);
    await evaluateAt('2026-12-07T08:00:00');
    expect(pushed()).toHaveLength(2);
  });

  it('a snooze holds reminders until it ends; a worse state still alerts at once; a snooze can be cleared', async () => {
    const id = await lowAtSunday('daily');
    now = at('2026-11-22T18:00:00');
    snoozeAccount(app.domain, id, '2026-11-24 12:00');
    await evaluateAt('2026-11-23T08:00:00');
    await evaluateAt('2026-11-24T08:00:00');
    expect(pushed()).toHaveLength(1);
    // Worse: below zero is raised whatever the snooze.
    entry(id, 'charge', '2000');
    await later(1);
    expect(pushed()).toEqual(['Home: Balance is low', 'Home: Balance is below zero']);
    // The snooze over, the next morning's reminder says below zero.
    await evaluateAt('2026-11-25T08:00:00');
    expect(pushed().at(-1)).toBe('Home: Balance is still below zero');
    // Snoozed again, then cleared: the reminder comes.
    snoozeAccount(app.domain, id, 'next monday');
    snoozeAccount(app.domain, id, null);
    await evaluateAt('2026-11-26T08:00:00');
    expect(pushed().at(-1)).toBe('Home: Balance is still below zero');
    expect(pushed()).toHaveLength(4);
  });

  it('a snooze must end later than now and be understood', () => {
    const id = account('Home', '1500', 2000);
    expect(() => snoozeAccount(app.domain, id, 'yesterday')).toThrow(/not later than now/);
    expect(() => snoozeAccount(app.domain, id, 'when pigs fly')).toThrow(/not a date or time this app understands/);
  });
});
