// Background checks of a connected account, driven by a manual schedule clock (no waiting), with
// the real app over SQLite and a fault-injecting provider: the interval, the backoff doubling to
// an hour, Retry-After, refresh now and on focus, the observations stored; then the tray over
// several accounts: the worst state, "stale", and the low notification at the provider's level.
import { afterEach, describe, expect, it } from 'vitest';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import { trayTooltipAll } from '../../src-main/monitor/presentation.ts';
import type { AccountsView } from '../../src-main/monitor/types.ts';
import type { CheckTimers } from '../../src-main/remote/checks.ts';
import { startService, type TestService } from '../helpers/service.ts';
import { BALANCE_XML, startFaultProvider, xml, type FaultProvider } from '../provider/fault-provider.ts';
import { connectTo, waitFor } from './helpers.ts';

const MINUTE = 60_000;
const KEY = 'checked-key-0123456789';

/** A schedule clock the test moves by hand: due timers fire in order as it passes them. */
class ManualTimers implements CheckTimers {
  t = 0;
  #next = 1;
  readonly pending = new Map<number, { at: number; callback: () => void }>();
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.pending.set(id, { at: this.t + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const [id, due] = [...this.pending].filter(([, p]) => p.at <= end).sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
      if (id === undefined || due === undefined) break;
      this.pending.delete(id);
      this.t = due.at;
      due.callback();
    }
    this.t = end;
  }
}

const settingsXml = (level: number): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<notificationsettings><balance><warning><enabled>true</enabled><level>${level}</level></warning></balance></notificationsettings>\n`;

let provider: FaultProvider | undefined;
let local: TestService | undefined;
afterEach(async () => {
  await local?.close();
  await provider?.close();
  local = undefined;
  provider = undefined;
});

describe('background checks', () => {
  it('check every interval, back off to an hour while failing, honour Retry-After, and store every observation', async () => {
    const timers = new ManualTimers();
    provider = await startFaultProvider();
    local = await startService({ checkTimers: timers, checkIntervalMs: 10 * MINUTE });
    const p = provider;
    const app = local.app;
    const id = await connectTo(local, p.base, KEY);
    const checks = app.accounts.checks;
    const count = (): number => app.store.observations.count(id);
    const checkedAfter = async (ms: number): Promise<void> => {
      const before = count();
      timers.advance(ms);
      await waitFor(() => count() === before + 1 && checks.plannedIn(id) !== undefined);
      // The monitor evaluates the account after each check (its first good one asks the
      // provider's forecast): let that finish before the provider changes its behaviour.
      await app.monitor.refresh(id);
    };

    checks.start();
    await waitFor(() => checks.plannedIn(id) !== undefined);
    // Just connected (a good check a moment ago): the next one is an interval away.
    expect(checks.plannedIn(id)).toBe(10 * MINUTE);
    await checkedAfter(10 * MINUTE);
    expect(app.store.observations.latest(id)).toMatchObject({
      source: 'check',
      outcome: 'ok',
      balance: '4983.8709677419',
      providerDatetime: '2031-05-01 00:00:00',
    });
    expect(JSON.parse(app.store.observations.latest(id)?.settings ?? 'null')).toEqual({
      warningEnabled: false,
      warningLevel: null,
      summary: [],
      disk: [],
      bandwidth: [90],
    });
    expect(checks.plannedIn(id)).toBe(10 * MINUTE);

    p.behave = (_req, res) => {
      xml(res, '<error/>', 500);
    };
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await checkedAfter(checks.plannedIn(id) ?? 0);
      expect(app.store.observations.latest(id)).toMatchObject({ outcome: 'provider_bad_answer', balance: null });
      waits.push((checks.plannedIn(id) ?? 0) / MINUTE);
    }
    expect(waits).toEqual([20, 40, 60, 60]);
    expect(app.accounts.overview(id)).toMatchObject({ state: 'unreachable' });

    p.behave = (_req, res) => {
      xml(res, 'busy', 503, { 'Retry-After': '7200' });
    };
    await checkedAfter(60 * MINUTE);
    expect(checks.plannedIn(id)).toBe(120 * MINUTE);
    // "Refresh now" asks nothing before the provider's Retry-After has passed.
    const asked = p.targets.length;
    await app.accounts.refresh(id, KEY, true);
    expect(p.targets.length).toBe(asked);

    p.behave = (req, res) => {
      xml(res, req.url?.includes('get_balance') === true ? BALANCE_XML : settingsXml(1000));
    };
    await checkedAfter(120 * MINUTE);
    expect(app.store.observations.latest(id)).toMatchObject({ outcome: 'ok' });
    expect(checks.plannedIn(id)).toBe(10 * MINUTE);
    expect(app.accounts.overview(id)).toMatchObject({ state: 'ok', problem: null });

    // Focus within a minute of a check asks nothing; a minute later it checks; "Refresh now" always does.
    const before = count();
    await app.accounts.refresh(id, KEY, false);
    expect(count()).toBe(before);
    timers.advance(2 * MINUTE);
    await app.accounts.refresh(id, KEY, false);
    expect(count()).toBe(before + 1);
    await app.accounts.refresh(id, KEY, true);
    expect(count()).toBe(before + 2);
    expect(app.store.observations.count(id)).toBe(10);
    checks.stop();
  });

  it('pick up a restart where it left off: the next check an interval after the last good one', async () => {
    const timers = new ManualTimers();
    provider = await startFaultProvider();
    let now = parseLocalWallTime('2026-11-22T10:35:00', 'Europe/London') ?? 0;
    local = await startService({ checkTimers: timers, checkIntervalMs: 10 * MINUTE, clock: () => now });
    const id = await connectTo(local, provider.base, KEY);
    now += 4 * MINUTE;
    local.app.accounts.checks.start();
    await waitFor(() => local?.app.accounts.checks.plannedIn(id) !== undefined);
    expect(local.app.accounts.checks.plannedIn(id)).toBe(6 * MINUTE);
    local.app.accounts.checks.stop();
  });
});

describe('the tray over several accounts', () => {
  it("shows the worst state, says stale, and sends the low notification at the provider's level", async () => {
    provider = await startFaultProvider();
    const p = provider;
    let level = 5000;
    p.behave = (req, res) => {
      xml(res, req.url?.includes('get_balance') === true ? BALANCE_XML : settingsXml(level));
    };
    let now = parseLocalWallTime('2026-11-22T10:35:00', 'Europe/London') ?? 0;
    local = await startService({ clock: () => now, checkIntervalMs: 10 * MINUTE });
    const app = local.app;
    const remote = await connectTo(local, p.base, KEY, 'At the provider');
    const mine = app.domain.createAccount('Kept here');
    app.domain.addEntry(mine.accountId, { at: '2026-11-01', amount: '10000', kind: 'topup' });
    await app.vault.set(app.accounts.overview(mine.accountId)?.vaultRef ?? '', mine.key);
    app.accounts.keepKey(mine.accountId, true);

    // The app's one monitor (app.ts), driven by hand: each refresh evaluates every account.
    const monitor = app.monitor;
    const notes: { alert: Alert; several: boolean }[] = [];
    app.events.alert.on(({ alert, context }) => notes.push({ alert, several: context.several }));
    const standingOf = (view: AccountsView, id: number): string | undefined =>
      view.accounts.find((a) => a.id === id)?.status.severity;

    // The provider's balance (4983.87p) is below its own warning level (5000p): low, and the tray shows the worst.
    let view = await monitor.refresh();
    expect([view.state, standingOf(view, remote), standingOf(view, mine.accountId)]).toEqual(['low', 'warning', 'ok']);
    expect(notes.map((n) => [n.alert.kind, n.alert.accountName, n.alert.balance, n.alert.level, n.several])).toEqual([
      ['low', 'At the provider', '4983.8709677419', 5000, true],
    ]);
    expect(trayTooltipAll(view, 'Europe/London')).toBe(
      'Account Monitor: an account needs action\nAt the provider: £49.83 low, does not run out within 7 days (read at 10:35)\nKept here: £100.00 ok, does not run out within 7 days (read at 10:35)',
    );

    // The provider lowers its level: ok; it raises it again later: a new crossing, a new alert
    // (within half an hour it would be the same episode: see test/monitor/damping.test.ts).
    level = 4000;
    await app.accounts.refresh(remote, KEY, true);
    view = await monitor.refresh();
    expect(view.state).toBe('ok');
    now += 31 * MINUTE;
    level = 5000;
    await app.accounts.refresh(remote, KEY, true);
    view = await monitor.refresh();
    expect(view.state).toBe('low');
    expect(notes).toHaveLength(2);
    // Still low at the same level: no second alert for the same crossing.
    await app.accounts.refresh(remote, KEY, true);
    await monitor.refresh();
    expect(notes).toHaveLength(2);

    // No check for longer than the threshold (three intervals): the reading is stale, and still low.
    now += 31 * MINUTE;
    view = await monitor.refresh();
    const stale = view.accounts.find((a) => a.id === remote)?.status;
    expect(stale).toMatchObject({ balance: 'low', source: 'stale', severity: 'warning' });
    expect(trayTooltipAll(view, 'Europe/London')).toContain('At the provider: £49.83 low, stale (read at 11:06)');
    expect(app.accounts.overview(remote)).toMatchObject({ state: 'ok', stale: true });
    expect(notes.at(-1)?.alert).toMatchObject({ kind: 'stale', title: 'Balance is out of date' });

    // The provider fails: unreachable, saying why and when it last answered.
    p.behave = (_req, res) => {
      xml(res, '<error/>', 500);
    };
    await app.accounts.refresh(remote, KEY, true);
    view = await monitor.refresh();
    const failing = view.accounts.find((a) => a.id === remote);
    expect(failing?.status).toMatchObject({ balance: 'low', source: 'unreachable' });
    expect(failing?.reading.problem).toMatch(/HTTP 500/);
    expect(notes.at(-1)?.alert).toMatchObject({ kind: 'unreachable', severity: 'unknown' });
    expect(notes).toHaveLength(4);
    monitor.stop();
  });
});
