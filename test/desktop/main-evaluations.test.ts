// The desktop app hears "the data changed" once (the app's spine, app-events.ts): each write is
// evaluated once by the monitor, whoever made it (the window over app://, another process: the
// CLI), and the monitor's own commits (its evaluations, its alerts) are not evaluated again.
// Before the spine, a write from the window was evaluated twice (the app's hook on writes and the
// desktop's own generation watch) and the monitor's commit started another round.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliOk } from '../../bench/lib/procs.ts';
import type { App } from '../../src-main/app.ts';
import { AccountsMonitor } from '../../src-main/monitor/index.ts';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
// The app the desktop composes, kept for the test to wait on (nothing else changes).
const opened: App[] = [];
vi.mock('../../src-main/app.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src-main/app.ts')>();
  return {
    ...real,
    openApp: (options: Parameters<typeof real.openApp>[0]) => {
      const app = real.openApp(options);
      opened.push(app);
      return app;
    },
  };
});

const NOW = '2026-11-22T10:35:00';
let dataDir: string;
const saved = { ...process.env };
const evaluations: (number | undefined)[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-evaluations-'));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_TRAY: 'on',
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
    ACCOUNT_MONITOR_NOW: NOW,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus',
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the monitor as `this`
  const refresh = AccountsMonitor.prototype.refresh;
  vi.spyOn(AccountsMonitor.prototype, 'refresh').mockImplementation(function (this: AccountsMonitor, id?: number) {
    evaluations.push(id);
    return refresh.call(this, id);
  });
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(async () => {
  electronFake.app.quit();
  await vi.waitFor(() => {
    expect(recorded.exitCode).toBe(0);
  });
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

const app = (): App => {
  const [only] = opened;
  if (only === undefined) throw new Error('the desktop app opened no app');
  return only;
};

const appRequest = (path: string, init?: RequestInit): Promise<Response> => {
  const handler = recorded.protocolHandlers.get('app');
  if (!handler) throw new Error('app:// not handled');
  return handler(new Request(`app://account-monitor${path}`, init));
};

/** The evaluations since `before`, once the app has nothing left to do. */
async function evaluatedSince(before: number): Promise<(number | undefined)[]> {
  await app().settled();
  return evaluations.slice(before);
}

describe('the desktop app evaluates each write once', () => {
  it('a change from the window, then one from the CLI, each once; the alert it raises starts no round', async () => {
    await vi.waitFor(() => {
      expect(evaluations.length).toBeGreaterThan(0);
    });
    await app().settled();
    const json = { 'Content-Type': 'application/json' };
    let before = evaluations.length;
    const demo = (await (await appRequest('/app/demo', { method: 'POST', headers: json })).json()) as {
      account: { id: number };
      newKey: string;
    };
    expect(await evaluatedSince(before)).toEqual([undefined]);

    before = evaluations.length;
    const id = demo.account.id;
    const settings = (await (await appRequest(`/app/accounts/${id}/settings`)).json()) as Record<string, unknown>;
    const put = await appRequest(`/app/accounts/${id}/settings`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ ...settings, warningEnabled: true, warningLevel: 1_000_000 }),
    });
    expect(put.status).toBe(200);
    expect(await evaluatedSince(before)).toEqual([undefined]);
    // That evaluation raised "low", stored it and showed it: nothing more was evaluated.
    expect(
      app()
        .alerts.recent(5)
        .map((a) => a.kind),
    ).toEqual(['low']);
    await vi.waitFor(() => {
      expect(recorded.notes.filter((n) => n.title === 'Balance is low').map((n) => n.outcome)).toEqual(['shown']);
    });
    expect(await evaluatedSince(before)).toEqual([undefined]);

    before = evaluations.length;
    await cliOk(['ledger', 'add', '--key', demo.newKey, '--at', '2026-11-22', '--amount', '100'], {
      ACCOUNT_MONITOR_DATA_DIR: dataDir,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      ACCOUNT_MONITOR_TZ: 'Europe/London',
      ACCOUNT_MONITOR_NOW: NOW,
    });
    await vi.waitFor(
      () => {
        expect(evaluations.length).toBeGreaterThan(before);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(await evaluatedSince(before)).toEqual([undefined]);
  });
});
