// The monitor as the app runs it (app.ts: the real service over SQLite in a temporary folder),
// driven by a clock the test moves and by calling refresh() where the timer would: one alert per
// episode with the re-arm rule, below zero, the forecast within N days, summaries, quiet hours
// holding back all but urgent alerts, and the episodes surviving a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountStatus } from '../../src-shared/account-status.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { trayShape } from '../../src-main/monitor/presentation.ts';
import { mulberry32 } from '../helpers/prng.ts';

const ZONE = 'Europe/London';
const MINUTE = 60_000;
const at = (wall: string): number => parseLocalWallTime(wall, ZONE) ?? Number.NaN;

let dir: string;
let now: number;
let app: App;
let pushed: { alert: Alert; push: boolean }[];

function open(): App {
  const opened = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => now,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
  });
  pushed = [];
  opened.events.alert.on(({ alert, context }) => pushed.push({ alert, push: context.push }));
  return opened;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-monitor-'));
  now = at('2026-11-22T10:35:00');
  app = open();
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A local account with a balance of `pence` now and a warning level. */
function account(name: string, pence: string, level: number | null): number {
  const { accountId } = app.domain.createAccount(name);
  app.domain.addEntry(accountId, { at: '2026-11-01', amount: pence, kind: 'topup' });
  if (level !== null) app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: level });
  return accountId;
}

const charge = (id: number, pence: string): void => {
  app.domain.addEntry(id, { at: now / 1000, amount: pence, kind: 'charge' });
};
const topUp = (id: number, pence: string): void => {
  app.domain.addEntry(id, { at: now / 1000, amount: pence, kind: 'topup' });
};
const kinds = (): string[] =>
  app.alerts
    .recent(100)
    .map((a) => a.kind)
    .reverse();
async function minuteLater(): Promise<void> {
  now += MINUTE;
  await app.monitor.refresh();
}

describe('one alert per episode', () => {
  it('low once per crossing, re-armed only above the level, and a restart while low says nothing new', async () => {
    const id = account('Mine', '5000', 2000);
    await app.monitor.refresh();
    expect(kinds()).toEqual([]);
    charge(id, '4000');
    await minuteLater();
    expect(kinds()).toEqual(['low']);
    const [low] = app.alerts.recent(1);
    expect(low).toMatchObject({
      accountName: 'Mine',
      kind: 'low',
      severity: 'warning',
      urgent: false,
      title: 'Balance is low',
      text: 'Your balance is £10.00, below your warning level of £20.00.',
      balance: '1000',
      level: 2000,
      read: false,
      delivery: 'pushed',
    });
    expect(pushed.map((p) => [p.alert.kind, p.push])).toEqual([['low', true]]);
    for (let i = 0; i < 5; i++) await minuteLater();
    expect(kinds()).toEqual(['low']);

    // A restart while low: the episode was stored with the alert, so nothing new is said.
    app.close();
    app = open();
    await minuteLater();
    expect(kinds()).toEqual(['low']);
    expect(pushed).toEqual([]);

    // Back to exactly the level re-arms nothing; above it does, and the next fall (once the
    // half hour that makes it the same episode has passed) is news.
    topUp(id, '1000');
    await minuteLater();
    charge(id, '1');
    await minuteLater();
    expect(kinds()).toEqual(['low']);
    topUp(id, '501');
    await minuteLater();
    now += 30 * MINUTE;
    charge(id, '1000');
    await minuteLater();
    expect(kinds()).toEqual(['low', 'low']);
  });

  it('a new level opens a new episode only when the balance is on its other side; a warning turned off says nothing', async () => {
    const id = account('Mine', '1500', 2000);
    await app.monitor.refresh();
    expect(kinds()).toEqual(['low']);
    // Still below the new level: the same episode.
    app.domain.updateSettings(id, { warningLevel: 1800 });
    await minuteLater();
    expect(kinds()).toEqual(['low']);
    // Below the balance: over; above it again (after the damping's half hour): news.
    app.domain.updateSettings(id, { warningLevel: 1400 });
    await minuteLater();
    now += 30 * MINUTE;
    app.domain.updateSettings(id, { warningLevel: 1600 });
    await minuteLater();
    expect(kinds()).toEqual(['low', 'low']);
    app.domain.updateSettings(id, { warningEnabled: false, warningLevel: 1700 });
    await minuteLater();
    expect(kinds()).toEqual(['low', 'low']);
  });

  it('below zero in one step is one critical, urgent alert (not "low" as well), once', async () => {
    const id = account('Mine', '5000', 2000);
    await app.monitor.refresh();
    charge(id, '6000');
    await minuteLater();
    await minuteLater();
    expect(app.alerts.recent(10)).toMatchObject([
      {
        kind: 'below_zero',
        severity: 'critical',
        urgent: true,
        title: 'Balance is below zero',
        text: 'Your balance is -£10.00: it has run out. Top up to keep your services running.',
      },
    ]);
    // Back above zero but still low: below zero closes, low stays open (it opened with the fall).
    topUp(id, '1500');
    await minuteLater();
    expect(kinds()).toEqual(['below_zero']);
  });

  it('forecast: falling below the level within N days (a setting) is said once, before it happens', async () => {
    const id = account('Mine', '10000', 2000);
    // 1000p a day from now: 2000p left in 8 days (30 Nov, 10:35), below it just after.
    app.domain.addRecurring(id, { amount: '1000', every: 'day', from: now / 1000 });
    app.domain.updateSettings(id, { warningLevel: 2000 });
    await app.monitor.refresh();
    expect(kinds()).toEqual([]); // 8 days away; the default horizon is 7
    const put = await app.inProcessHandler(
      new Request('app://account-monitor/app/preferences', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ forecastDays: 9 }),
      }),
    );
    expect(put.status).toBe(200);
    await minuteLater();
    expect(app.alerts.recent(1)).toMatchObject([
      { kind: 'forecast', severity: 'warning', title: 'Balance will soon be low', urgent: false },
    ]);
    expect(app.alerts.recent(1)[0]?.text).toMatch(
      /^At the current rate your balance falls below £20\.00 on Mon 30 Nov, 10:35\. It is £99\.9\d now\.$/,
    );
    await minuteLater();
    expect(kinds()).toEqual(['forecast']);
  });

  it('forecast: fires on the earliest plausible crossing of a learned forecast, and says the range', async () => {
    // Sixty days of about £2.00 a day, and £15.60 above the £20.00 level now: the likely crossing
    // is some 8 days away, beyond the 7-day horizon; the earliest plausible one is within it.
    const { accountId: id } = app.domain.createAccount('Usage');
    const random = mulberry32(32);
    for (let d = 60; d >= 1; d--)
      app.domain.addEntry(id, {
        at: now / 1000 - d * 86_400 + 3600,
        amount: String(160 + Math.round(random() * 80)),
        kind: 'charge',
      });
    const short = 3560 - Number(app.domain.balanceText(id, now / 1000));
    app.domain.addEntry(id, { at: now / 1000 - 61 * 86_400, amount: String(short), kind: 'topup' });
    app.domain.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    const f = await app.accounts.sourceOf(id, undefined).forecast(7);
    expect(f.belowWarning).toBeNull();
    expect(f.range.belowWarning.p10).not.toBeNull();
    await app.monitor.refresh();
    expect(app.alerts.recent(1)).toMatchObject([{ kind: 'forecast', title: 'Balance will soon be low' }]);
    expect(app.alerts.recent(1)[0]?.text).toMatch(
      /^Your balance falls below £20\.00 at the earliest on \d+ (Nov|Dec), not likely within 7 days\. It is £35\.60 now\.$/,
    );
  });

  it('usage summaries: one at the end of each chosen period; missed ends give one, for the latest', async () => {
    const id = account('Mine', '10000', null);
    app.domain.updateSettings(id, { summary: ['daily'] });
    await app.monitor.refresh();
    now = at('2026-11-23T00:00:30');
    charge(id, '250');
    await app.monitor.refresh();
    // Chosen mid-way through the 22nd: the first summary is at its end (the charge is in the 23rd).
    expect(app.alerts.recent(10).map((a) => a.text)).toEqual(['Spent £0.00 (22 Nov 2026). Balance now £97.50.']);
    now = at('2026-11-24T00:01:00');
    await app.monitor.refresh();
    await minuteLater();
    expect(app.alerts.recent(1)).toMatchObject([
      {
        kind: 'summary',
        severity: 'ok',
        title: 'Daily usage summary',
        text: 'Spent £2.50 (23 Nov 2026). Balance now £97.50.',
      },
    ]);
    // Closed for three days: one summary, for the day that ended last.
    app.close();
    now = at('2026-11-27T09:00:00');
    app = open();
    await app.monitor.refresh();
    expect(app.alerts.recent(10).map((a) => a.text)).toEqual([
      'Spent £0.00 (26 Nov 2026). Balance now £97.50.',
      'Spent £2.50 (23 Nov 2026). Balance now £97.50.',
      'Spent £0.00 (22 Nov 2026). Balance now £97.50.',
    ]);
  });
});

describe('quiet hours', () => {
  it('hold back all but urgent alerts: stored and listed, not pushed', async () => {
    app.store.appSettings.put('monitor', {
      quietHours: { enabled: true, from: '22:00', to: '08:00' },
      forecastDays: 7,
    });
    now = at('2026-11-22T23:30:00');
    const id = account('Mine', '5000', 2000);
    await app.monitor.refresh();
    charge(id, '4000');
    await minuteLater();
    charge(id, '2000');
    await minuteLater();
    expect(pushed.map((p) => [p.alert.kind, p.alert.delivery, p.push])).toEqual([
      ['low', 'held', false],
      ['below_zero', 'pushed', true],
    ]);
    // Out of quiet hours (08:00 the next morning): the digest says what was held, and alerts are
    // pushed again.
    now = at('2026-11-23T08:00:00');
    topUp(id, '10000');
    await app.monitor.refresh();
    expect(pushed.at(-1)).toMatchObject({
      alert: { kind: 'digest', title: 'While quiet: 1 alert', text: 'Mine: below £20.00 since 23:31.' },
      push: true,
    });
    now += 30 * MINUTE;
    charge(id, '8000');
    await minuteLater();
    expect(pushed.at(-1)).toMatchObject({ alert: { kind: 'low', delivery: 'pushed' }, push: true });
  });
});

describe('the tray and the window agree', () => {
  it('with no warning level set: ok, as accountStatus() says from what the window reads', async () => {
    const { accountId: id, key } = app.domain.createAccount('No level');
    app.domain.addEntry(id, { at: '2026-11-01', amount: '5000', kind: 'topup' });
    // The window holds it (as after onboarding), so the app API answers for it.
    await app.vault.set(app.accounts.overview(id)?.vaultRef ?? '', key);
    app.accounts.keepKey(id, true);
    const view = await app.monitor.refresh();
    // The window's inputs: the settings and the balance the app API gives it.
    const settings = (await (
      await app.inProcessHandler(new Request(`app://account-monitor/app/accounts/${id}/settings`))
    ).json()) as {
      warningEnabled: boolean;
      warningLevel: number | null;
    };
    expect(settings).toMatchObject({ warningEnabled: false, warningLevel: null });
    const window = accountStatus({
      balance: app.domain.balanceText(id, now / 1000),
      warningEnabled: settings.warningEnabled,
      warningLevel: settings.warningLevel,
      checkOutcome: null,
      lastAnsweredAt: null,
      now: now / 1000,
      staleAfterSeconds: 1800,
    });
    expect(view.accounts[0]?.status).toEqual(window);
    expect([window.severity, view.severity, view.state, trayShape(window.severity)]).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});
