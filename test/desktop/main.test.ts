// The Electron composition root under a fake Electron (fake-electron.ts, which refuses what
// Electron 45 refuses): the real service, keychain fallback, monitor, local API, window policy,
// tray menu and login item, wired as main.ts wires them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, Emitter, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

const root = join(import.meta.dirname, '..', '..');
let dataDir: string;
let configHome: string;
const saved = { ...process.env };
const rejections: unknown[] = [];
const onRejection = (reason: unknown): void => {
  rejections.push(reason);
};

/** Waits for the condition: `probe` gives a value (not undefined or false). */
function until<T>(probe: () => T | undefined, what: string, ms = 10_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = probe();
      if (value === undefined || value === false) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: ms, interval: 20 },
  );
}

const appRequest = (path: string, init?: RequestInit): Promise<Response> => {
  const handler = recorded.protocolHandlers.get('app');
  if (!handler) throw new Error('app:// not handled');
  return handler(new Request(`app://account-monitor${path}`, init));
};
const tray = () => recorded.trays[0];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-'));
  configHome = mkdtempSync(join(tmpdir(), 'am-main-xdg-'));
  process.on('unhandledRejection', onRejection);
  Object.assign(process.env, {
    XDG_CONFIG_HOME: configHome,
    ACCOUNT_MONITOR_TRAY: 'on',
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
    ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
  });
  process.chdir(root);
  // The app logs to stderr (start-up, notifications); keep the test output to the tests.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await import('../../src-main/desktop/main.ts');
  await until(() => recorded.windows[0]?.url, 'the window to load').catch((error: unknown) => {
    // Start-up failures end in an error box: show it instead of a bare timeout.
    throw new Error(`${String(error)}; error boxes: ${JSON.stringify(recorded.errorBoxes)}`);
  });
});

afterAll(() => {
  process.off('unhandledRejection', onRejection);
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(configHome, { recursive: true, force: true });
});

describe('desktop main under a fake Electron', () => {
  it("registers app:// as a privileged scheme and keeps Chromium's profile in the data folder", () => {
    expect(recorded.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    expect(recorded.paths.get('userData')).toBe(join(dataDir, 'desktop-profile'));
  });

  it('opens one locked-down window on app://', () => {
    expect(recorded.windows).toHaveLength(1);
    const w = recorded.windows[0];
    expect(w?.url).toBe('app://account-monitor/');
    expect(w?.options).toMatchObject({
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
      },
    });
    const preload = (w?.options as { webPreferences: { preload: string } }).webPreferences.preload;
    expect(preload).toBe(join(root, 'src-main', 'preload', 'index.cjs')); // out/main/../preload once built
  });

  it('serves the UI in-process over app:// with the CSP, and nothing for other hosts', async () => {
    const page = await appRequest('/');
    expect(page.status).toBe(existsSync(join(root, 'out', 'renderer', 'index.html')) ? 200 : 404);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const status = (await (await appRequest('/app/status')).json()) as {
      accounts: unknown[];
      vault: { mode: string; reason: string };
    };
    expect(status).toMatchObject({
      accounts: [],
      vault: { mode: 'session', reason: expect.stringContaining('ACCOUNT_MONITOR_KEYCHAIN=off') as unknown },
    });
    const other = await recorded.protocolHandlers.get('app')?.(new Request('app://elsewhere/'));
    expect(other?.status).toBe(404);
  });

  it('listens on 127.0.0.1 for scripts and tells the window where', async () => {
    const status = (await (await appRequest('/app/status')).json()) as { api: { baseUrl: string; listening: boolean } };
    expect(status.api.listening).toBe(true);
    expect(status.api.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const res = await fetch(`${status.api.baseUrl}account/get_balance/`);
    expect(res.status).toBe(400); // no key: the spec endpoint answers
    expect(tray()?.menu.find((i) => i.label?.startsWith('Copy local API URL'))?.label).toBe(
      `Copy local API URL (${status.api.baseUrl})`,
    );
  });

  it('shows an unknown tray until an account exists, then ok, then low with a notification', async () => {
    expect(tray()?.image).toBe(join(root, 'resources', 'tray', 'unknown.png'));
    expect(tray()?.tooltip).toMatch(/^Account Monitor: balance unknown \(no account yet/);
    // As the window sends every change: JSON, also without a body (the service refuses other types).
    const demo = await appRequest('/app/demo', { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(demo.ok).toBe(true);
    const { account } = (await demo.json()) as { account: { id: number } };
    await until(() => tray()?.image.endsWith('ok.png'), 'the tray to turn ok');
    expect(tray()?.tooltip).toMatch(
      /^Account Monitor\nBalance £[\d,]+\.\d\d \(does not run out within 7 days\)\nwarning below £/,
    );
    const settings = (await (await appRequest(`/app/accounts/${account.id}/settings`)).json()) as Record<
      string,
      unknown
    >;
    await appRequest(`/app/accounts/${account.id}/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...settings, warningEnabled: true, warningLevel: 1_000_000 }),
    });
    await until(() => tray()?.image.endsWith('low.png'), 'the tray to turn low');
    const low = await until(
      () => recorded.notes.find((n) => n.title === 'Balance is low' && n.outcome === 'shown'),
      'a low-balance notification shown',
    );
    expect(low.body).toMatch(/^Your balance is £[\d,.]+, below your warning level of £10,000\.00\.$/);
    // The tray's menu says it too: many Linux panels show no tooltip.
    expect(tray()?.menu.map((i) => i.label)).toContainEqual(
      expect.stringMatching(/^Demo hosting.*: £[\d,.]+ low \(read at \d\d:\d\d\)$/),
    );
  });

  it("has the tray menu: open, each account's balance and state, the newest alerts, refresh now, copy the local API URL, quit", () => {
    const labels = tray()
      ?.menu.filter((i) => i.type !== 'separator')
      .map((i) => i.label?.replace(/ \(.*\)$/, ''));
    expect(labels).toEqual([
      'Open Account Monitor',
      expect.stringMatching(/^Demo hosting.*: £/),
      // Below its level: its reminders can be snoozed from here.
      'Snooze reminders until tomorrow',
      // The monitor's alert, listed as soon as it was stored; a click opens the window.
      'Balance is low',
      'Refresh now',
      'Copy local API URL',
      'Quit',
    ]);
    // Set again at every change (AppIndicator shows only the menu last set), never left empty.
    expect(tray()?.menusSet).toBeGreaterThan(2);
    expect(tray()?.menu.find((i) => i.label?.startsWith('Demo hosting'))?.enabled).toBe(false);
    tray()
      ?.menu.find((i) => i.label?.startsWith('Copy local API URL'))
      ?.click?.();
    expect(recorded.clipboard.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const shownBefore = recorded.windows[0]?.shown ?? 0;
    tray()
      ?.menu.find((i) => i.label === 'Open Account Monitor')
      ?.click?.();
    expect(recorded.windows[0]?.shown).toBe(shownBefore + 1);
  });

  it('moves the local API when our page asks, refuses other senders, and remembers the port', async () => {
    const setPort = recorded.ipc.get('account-monitor:set-api-port');
    const ours = { senderFrame: { url: 'app://account-monitor/' } };
    expect(await setPort?.({ senderFrame: { url: 'https://evil.example/' } }, 0)).toEqual({
      ok: false,
      message: 'refused',
    });
    expect(await setPort?.(ours, '80')).toMatchObject({
      ok: false,
      message: expect.stringContaining('reserved') as unknown,
    });
    const moved = (await setPort?.(ours, 0)) as { ok: boolean; state: { url: string } };
    expect(moved.ok).toBe(true);
    expect(JSON.parse(readFileSync(join(dataDir, 'desktop.json'), 'utf8'))).toEqual({ apiPort: 0 });
    const status = (await (await appRequest('/app/status')).json()) as { api: { baseUrl: string } };
    expect(status.api.baseUrl).toBe(moved.state.url);
  });

  it('denies permissions (except clipboard writes from our page) and blocks navigation and new windows', () => {
    const answers: boolean[] = [];
    recorded.permissionRequest?.({ getURL: () => 'app://account-monitor/' }, 'geolocation', (ok: boolean) =>
      answers.push(ok),
    );
    recorded.permissionRequest?.(
      { getURL: () => 'app://account-monitor/' },
      'clipboard-sanitized-write',
      (ok: boolean) => answers.push(ok),
    );
    recorded.permissionRequest?.(
      { getURL: () => 'https://evil.example/' },
      'clipboard-sanitized-write',
      (ok: boolean) => answers.push(ok),
    );
    expect(answers).toEqual([false, true, false]);
    expect(recorded.permissionCheck?.(null, 'notifications', 'app://account-monitor')).toBe(false);
    expect(recorded.devicePermission?.({})).toBe(false);

    const contents = Object.assign(new Emitter(), {
      openHandler: undefined as undefined | ((d: { url: string }) => unknown),
    });
    Object.assign(contents, {
      setWindowOpenHandler: (h: (d: { url: string }) => unknown) => {
        contents.openHandler = h;
      },
    });
    electronFake.app.emit('web-contents-created', {}, contents);
    const away = { url: 'https://evil.example/', preventDefault: vi.fn() };
    const inside = { url: 'app://account-monitor/#ledger', preventDefault: vi.fn() };
    contents.emit('will-navigate', away);
    contents.emit('will-navigate', inside);
    contents.emit('will-redirect', { url: 'http://127.0.0.1:1/', preventDefault: away.preventDefault });
    expect(away.preventDefault).toHaveBeenCalledTimes(2);
    expect(inside.preventDefault).not.toHaveBeenCalled();
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('shows the window only once its page is ready (no white flash), loaded from app://', () => {
    const w = recorded.windows[0];
    expect(w?.failedLoads).toEqual([]);
    expect(w?.events.indexOf('ready-to-show')).toBeGreaterThan(w?.events.indexOf('did-finish-load') ?? 99);
    expect(w?.events.indexOf('show')).toBeGreaterThan(w?.events.indexOf('ready-to-show') ?? 99);
  });

  // Linux's login start (an XDG entry); Electron's login items are tested in login-item.test.ts.
  it.skipIf(process.platform !== 'linux')(
    'turns launch at login on and off from our page: an XDG autostart entry here, starting hidden (Linux)',
    async () => {
      const entry = join(configHome, 'autostart', 'uk.co.accountmonitor.desktop.desktop');
      const get = recorded.ipc.get('account-monitor:launch-at-login');
      const set = recorded.ipc.get('account-monitor:set-launch-at-login');
      const ours = { senderFrame: { url: 'app://account-monitor/' } };
      expect(await get?.(ours)).toEqual({ supported: true, enabled: false, problem: null });
      expect(await set?.({ senderFrame: { url: 'https://evil.example/' } }, true)).toEqual({
        ok: false,
        message: 'refused',
      });
      expect(await set?.(ours, 'yes')).toEqual({ ok: false, message: 'expected true or false' });
      expect(existsSync(entry)).toBe(false);
      expect(await set?.(ours, true)).toEqual({ supported: true, enabled: true, problem: null });
      expect(readFileSync(entry, 'utf8')).toMatch(/^Exec=env ACCOUNT_MONITOR_DATA_DIR=\S+ \S+ \S+ --hidden$/m);
      expect(await set?.(ours, false)).toEqual({ supported: true, enabled: false, problem: null });
      expect(existsSync(entry)).toBe(false);
    },
  );

  it("focuses the window on a second launch and on macOS's activate", () => {
    const focused = recorded.windows[0]?.focused ?? 0;
    electronFake.app.emit('second-instance');
    electronFake.app.emit('activate');
    expect(recorded.windows[0]?.focused).toBe(focused + 2);
  });

  it('hides the window on close (the app lives in the tray)', () => {
    const w = recorded.windows[0];
    const close = { preventDefault: vi.fn() };
    w?.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    expect(w?.hidden).toBe(1);
    expect(electronFake.app.emit('window-all-closed')).toEqual([undefined]); // a listener, so no default quit
    expect(recorded.quitCalls).toBe(0);
  });

  it('reloads a crashed page a bounded number of times, then closes the window and says so', async () => {
    const w = recorded.windows[0];
    w?.webContents.emit('render-process-gone', {}, { reason: 'clean-exit' });
    expect(w?.reloads).toBe(0);
    for (const reason of ['crashed', 'oom', 'launch-failed'])
      w?.webContents.emit('render-process-gone', {}, { reason });
    expect(w?.reloads).toBe(3);
    w?.webContents.emit('render-process-gone', {}, { reason: 'launch-failed' });
    expect(w?.reloads).toBe(3);
    expect(w?.destroyed).toBe(true);
    await until(() => recorded.notes.find((n) => n.title === 'The window stopped working'), 'a notice');
    // Open makes a new window, which loads again.
    tray()
      ?.menu.find((i) => i.label === 'Open Account Monitor')
      ?.click?.();
    await until(() => recorded.windows[1]?.events.includes('show'), 'a new window shown');
    expect(recorded.windows[1]?.failedLoads).toEqual([]);
  });

  it('quits cleanly: the local API and the store close first, the tray goes last, exit code 0', async () => {
    electronFake.app.quit();
    await until(() => recorded.exitCode !== undefined, 'the app to end');
    expect(recorded.exitCode).toBe(0);
    expect(tray()?.isDestroyed()).toBe(true);
    expect(recorded.refused).toEqual([]);
    expect(rejections).toEqual([]);
  });
});
