// The event spine (src-main/app-events.ts) as `serve` runs it: "the data changed" has one source,
// so each write is evaluated once, whoever wrote it (the window, this process, another process),
// the monitor's own commits are not evaluated again, and a check is evaluated once, for its
// account. Evaluations are counted at the monitor (AccountsMonitor.refresh).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cliOk } from '../../bench/lib/procs.ts';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { AccountsMonitor } from '../../src-main/monitor/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { connectTo, startProvider, type ProviderInstance } from '../remote/helpers.ts';
import type { TestService } from '../helpers/service.ts';

const ZONE = 'Europe/London';
const NOW = '2026-11-22T10:35:00';

let dir: string;
let app: App;
let provider: ProviderInstance | undefined;
const evaluations: (number | undefined)[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-events-'));
  const now = parseLocalWallTime(NOW, ZONE) ?? Number.NaN;
  app = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => now,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
    evaluateDelayMs: 0,
  });
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the monitor as `this`
  const refresh = AccountsMonitor.prototype.refresh;
  evaluations.length = 0;
  vi.spyOn(AccountsMonitor.prototype, 'refresh').mockImplementation(function (this: AccountsMonitor, id?: number) {
    evaluations.push(id);
    return refresh.call(this, id);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  app.close();
  await provider?.close();
  provider = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** The evaluations since `before`, once the app has nothing left to do. */
async function evaluatedSince(before: number): Promise<(number | undefined)[]> {
  await app.settled();
  return evaluations.slice(before);
}

describe('one evaluation per write, whoever wrote', () => {
  it('the window, this process, another process: each once; the monitor evaluating commits nothing it hears again', async () => {
    const { accountId, key } = app.domain.createAccount('Home');
    app.domain.addEntry(accountId, { at: '2026-11-01', amount: '5000', kind: 'topup' });
    // The window holds it (as after onboarding), so the app API answers for it.
    await app.vault.set(app.accounts.overview(accountId)?.vaultRef ?? '', key);
    app.accounts.keepKey(accountId, true);
    await app.startBackground();
    await app.settled();
    // The start evaluates every account once; its commit (a first evaluation, stored) is not evaluated again.
    expect(evaluations).toEqual([undefined]);

    // The window changes the warning level.
    let before = evaluations.length;
    const put = await app.inProcessHandler(
      new Request(`app://account-monitor/app/accounts/${accountId}/settings`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ warningEnabled: true, warningLevel: 6000 }),
      }),
    );
    expect(put.status).toBe(200);
    expect(await evaluatedSince(before)).toEqual([undefined]);
    // That evaluation raised "low" and stored it: nothing more.
    expect(app.alerts.recent(10).map((a) => a.kind)).toEqual(['low']);

    // This process writes through the domain (as an import or the demo does).
    before = evaluations.length;
    app.domain.addEntry(accountId, { at: '2026-11-02', amount: '100', kind: 'charge' });
    expect(await evaluatedSince(before)).toEqual([undefined]);

    // Another process: the CLI adds an entry to the same data folder.
    before = evaluations.length;
    await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-03', '--amount', '250'], {
      ACCOUNT_MONITOR_DATA_DIR: dir,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      ACCOUNT_MONITOR_TZ: ZONE,
      ACCOUNT_MONITOR_NOW: NOW,
    });
    await vi.waitFor(() => {
      expect(evaluations.length).toBeGreaterThan(before);
    });
    expect(await evaluatedSince(before)).toEqual([undefined]);
    expect(app.domain.balanceText(accountId, parseLocalWallTime(NOW, ZONE) ?? 0)).toBe('5150');

    // Marking alerts read is the monitor's own record: the window hears of it, nothing is evaluated.
    before = evaluations.length;
    app.alerts.markRead({ all: true });
    expect(await evaluatedSince(before)).toEqual([]);
  });

  it('a check is evaluated once, for its account, and the observation it stored is not evaluated again', async () => {
    provider = await startProvider();
    const id = await connectTo({ app } as TestService, provider.base, provider.key);
    await app.startBackground();
    await app.settled();
    const before = evaluations.length;
    await app.accounts.refresh(id, provider.key, true);
    expect(await evaluatedSince(before)).toEqual([id]);
  });
});

describe('the spine', () => {
  it('tells every change once, with who wrote', async () => {
    const told: { here: string[]; elsewhere: boolean }[] = [];
    app.events.changed.on((c) => told.push({ here: [...c.here].sort(), elsewhere: c.elsewhere }));
    const { accountId } = app.domain.createAccount('Home');
    // Several writes in one turn of the event loop are one notice.
    app.domain.addEntry(accountId, { at: '2026-11-01', amount: '5000', kind: 'topup' });
    await app.settled();
    expect(told).toEqual([{ here: ['edit'], elsewhere: false }]);
    await app.monitor.refresh();
    await app.settled();
    expect(told.at(-1)).toEqual({ here: ['monitor'], elsewhere: false });
  });

  it('keeps telling the others when a listener throws, and says which signal it was', async () => {
    const logs: string[] = [];
    const { AppEvents } = await import('../../src-main/app-events.ts');
    const events = new AppEvents((l) => logs.push(l));
    const heard: number[] = [];
    events.checked.on(() => {
      throw new Error('boom');
    });
    const stop = events.checked.on((id) => heard.push(id));
    events.checked.emit(3);
    stop();
    events.checked.emit(4);
    expect(heard).toEqual([3]);
    expect(logs).toEqual(['account checked: a listener failed: boom', 'account checked: a listener failed: boom']);
  });
});
