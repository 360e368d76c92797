// The fake Electron against itself: every test of the desktop app is only as good as the fake is
// strict, so each refusal Electron 45 documents is checked here (the sources are cited in
// fake-electron.ts: the API reference at electronjs.org and node_modules/electron/electron.d.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  app,
  displayedLabel,
  electronEvent,
  electronFake,
  fakeSystem,
  FakeBrowserWindow,
  FakeNotification,
  recorded,
} from './fake-electron.ts';

let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'am-fake-electron-'));
  await app.whenReady();
});
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});
const platform = fakeSystem.platform;
const execPath = fakeSystem.execPath;
afterEach(() => {
  fakeSystem.platform = platform;
  fakeSystem.execPath = execPath;
  FakeNotification.supported = true;
  FakeNotification.failWith = undefined;
});

const page = (body: string): Response =>
  new Response(`<!doctype html><html><head>${body}</head><body></body></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
const file = (text: string, type: string, status = 200): Response =>
  new Response(text, { status, headers: { 'Content-Type': type } });

describe('app.setPath', () => {
  it('refuses a relative path and a folder that does not exist, takes an absolute one that does', () => {
    expect(() => {
      app.setPath('userData', 'relative/profile');
    }).toThrow('Path must be absolute');
    expect(() => {
      app.setPath('userData', join(folder, 'missing'));
    }).toThrow(/does not exist/);
    app.setPath('userData', folder);
    expect(recorded.paths.get('userData')).toBe(folder);
  });
});

describe('BrowserWindow.loadURL over a handled scheme', () => {
  const asked: string[] = [];
  const serve = (answers: Record<string, () => Response>): void => {
    electronFake.protocol.handle('fake', (request: Request) => {
      const path = new URL(request.url).pathname;
      asked.push(path);
      const answer = answers[path];
      return Promise.resolve(answer === undefined ? file('', 'text/plain', 404) : answer());
    });
  };
  const load = async (): Promise<{ window: FakeBrowserWindow; error: unknown }> => {
    asked.length = 0;
    const window = new FakeBrowserWindow({ show: false });
    const error = await window.loadURL('fake://app/').then(
      () => undefined,
      (e: unknown) => e,
    );
    window.destroy();
    return { window, error };
  };
  // Each window here is destroyed at once; a listener keeps the last one from quitting the app.
  const stayOpen = (): void => undefined;
  beforeAll(() => {
    app.on('window-all-closed', stayOpen);
  });
  afterAll(() => {
    app.off('window-all-closed', stayOpen);
  });

  it("loads the page's scripts and stylesheets through the handler, as the page names them", async () => {
    serve({
      '/': () =>
        page(
          '<script type="module" crossorigin src="./assets/a.js"></script><link rel="stylesheet" href="/assets/a.css">',
        ),
      '/assets/a.js': () => file('1', 'text/javascript; charset=utf-8'),
      '/assets/a.css': () => file('a{}', 'text/css; charset=utf-8'),
    });
    const { window, error } = await load();
    expect(error).toBeUndefined();
    expect(asked).toEqual(['/', '/assets/a.js', '/assets/a.css']);
    expect(window.events).toEqual(['did-finish-load', 'ready-to-show']);
  });

  it('fails the load when a script is not there (the blank window Electron would show)', async () => {
    serve({ '/': () => page('<script src="/assets/gone.js"></script>') });
    const failed: unknown[][] = [];
    const { window, error } = await load();
    expect(String(error)).toContain("ERR_HTTP_RESPONSE_CODE_FAILURE (404) (-379) loading 'fake://app/assets/gone.js'");
    expect(window.failedLoads).toHaveLength(1);
    expect(window.events).not.toContain('did-finish-load');
    // did-fail-load is emitted as Electron emits it: (event, code, description, url).
    const again = new FakeBrowserWindow({ show: false });
    again.webContents.on('did-fail-load', (...args) => failed.push(args.slice(1)));
    await again.loadURL('fake://app/').catch(() => undefined);
    again.destroy();
    expect(failed).toEqual([[-379, 'ERR_HTTP_RESPONSE_CODE_FAILURE (404)', 'fake://app/assets/gone.js']]);
  });

  it('fails the load when a stylesheet or a script comes with a type the browser will not use', async () => {
    serve({
      '/': () => page('<link rel="stylesheet" href="/a.css">'),
      '/a.css': () => file('<!doctype html>', 'text/html; charset=utf-8'),
    });
    expect(String((await load()).error)).toContain('ERR_BLOCKED_BY_ORB (text/html; charset=utf-8)');
    serve({ '/': () => page('<script src="/a.js"></script>'), '/a.js': () => file('1', 'text/plain') });
    expect(String((await load()).error)).toContain('ERR_BLOCKED_BY_ORB (text/plain)');
  });

  it('fails the load of a scheme nobody handles', async () => {
    const window = new FakeBrowserWindow({ show: false });
    await expect(window.loadURL('nobody://here/')).rejects.toThrow('ERR_UNKNOWN_URL_SCHEME');
    window.destroy();
  });
});

describe('window-all-closed', () => {
  it('comes when the last window is closed or destroyed, not before, and not while app.quit() closes them', () => {
    let emitted = 0;
    const listener = (): void => {
      emitted++;
    };
    app.on('window-all-closed', listener);
    try {
      const first = new FakeBrowserWindow({});
      const second = new FakeBrowserWindow({});
      first.destroy();
      expect(emitted).toBe(0);
      // A close the app prevents (hide to the tray) closes nothing.
      second.once('close', (event) => {
        (event as ReturnType<typeof electronEvent>).preventDefault();
      });
      second.close();
      expect(second.destroyed).toBe(false);
      second.close();
      expect(second.destroyed).toBe(true);
      expect(emitted).toBe(1);
      app.closingForQuit = true;
      new FakeBrowserWindow({}).destroy();
      expect(emitted).toBe(1);
    } finally {
      app.closingForQuit = false;
      app.off('window-all-closed', listener);
    }
  });
});

describe('Notification', () => {
  const show = async (title: string): Promise<string[]> => {
    const events: string[] = [];
    const note = new FakeNotification({ title, body: '' });
    note.on('show', () => events.push('show'));
    note.on('failed', (_event, error) => events.push(`failed: ${String(error)}`));
    note.show();
    await new Promise((resolve) => setImmediate(resolve));
    return events;
  };

  it('shows nothing at all where notifications are not supported', async () => {
    FakeNotification.supported = false;
    expect(FakeNotification.isSupported()).toBe(false);
    expect(await show('unsupported')).toEqual([]);
  });

  it('emits failed on macOS and Windows only; on Linux a failure is silent', async () => {
    FakeNotification.failWith = 'refused';
    for (const [os, events] of [
      ['darwin', ['failed: refused']],
      ['win32', ['failed: refused']],
      ['linux', []],
    ] as const) {
      fakeSystem.platform = os;
      expect(await show(`fails on ${os}`)).toEqual(events);
    }
    FakeNotification.failWith = undefined;
    expect(await show('shown')).toEqual(['show']);
  });
});

describe('login items', () => {
  afterEach(() => {
    app.setLoginItemSettings({ openAtLogin: false });
  });

  it('on Windows: found only by the same path and arguments (defaults: this executable, none)', () => {
    fakeSystem.platform = 'win32';
    fakeSystem.execPath = 'C:\\electron\\electron.exe';
    app.setLoginItemSettings({ openAtLogin: true, args: ['C:\\app', '--hidden'] });
    expect(app.getLoginItemSettings().openAtLogin).toBe(false);
    expect(app.getLoginItemSettings().executableWillLaunchAtLogin).toBe(true);
    expect(app.getLoginItemSettings({ args: ['C:\\app', '--hidden'] }).openAtLogin).toBe(true);
    expect(app.getLoginItemSettings({ path: 'C:\\other.exe', args: ['C:\\app', '--hidden'] }).openAtLogin).toBe(false);
    app.setLoginItemSettings({ openAtLogin: false, args: ['C:\\app', '--hidden'] });
    expect(app.getLoginItemSettings({ args: ['C:\\app', '--hidden'] }).openAtLogin).toBe(false);
  });

  it('on macOS 13+: on or off, and wasOpenedAtLogin never reported', () => {
    fakeSystem.platform = 'darwin';
    app.setLoginItemSettings({ openAtLogin: true });
    expect(app.getLoginItemSettings()).toEqual({ openAtLogin: true, wasOpenedAtLogin: false });
  });
});

describe('menu labels', () => {
  it('show a single & as the access key (hidden) and && as &', () => {
    expect(displayedLabel('&Open')).toBe('Open');
    expect(displayedLabel('Smith && Sons')).toBe('Smith & Sons');
    expect(displayedLabel('Smith & Sons')).toBe('Smith  Sons');
  });
});

// Last: with no listener, the last window closing quits the app (Electron's default).
describe('the last window with no window-all-closed listener', () => {
  it('quits the app', async () => {
    expect(app.listeners.get('window-all-closed') ?? []).toEqual([]);
    new FakeBrowserWindow({}).close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorded.exitCode).toBe(0);
  });
});
