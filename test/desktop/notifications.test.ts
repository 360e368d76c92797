// showNotification against the fake Electron: a notification is kept until it closes (one that
// nobody keeps can be collected while on screen, and its click is lost), and a `failed` one (an
// unsigned macOS build) is logged as a failure, never as shown; where Electron says nothing of a
// failure (Linux) or notifications are not supported, nothing is claimed either.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronFake, fakeSystem, FakeNotification, liveNotifications, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { setupPlatformIdentity, showNotification } = await import('../../src-main/desktop/notifications.ts');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Lets pending tasks run, then collects garbage. */
async function collect(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
}

const platform = fakeSystem.platform;
afterEach(() => {
  FakeNotification.failWith = undefined;
  FakeNotification.supported = true;
  fakeSystem.platform = platform;
});

describe('showNotification', () => {
  it('keeps a notification until it is closed, and its click still works', async () => {
    const clicks: string[] = [];
    const log: string[] = [];
    showNotification(
      { title: 'Balance is low', body: 'Your balance is £9.99.', urgent: true },
      () => clicks.push('open'),
      (l) => log.push(l),
    );
    await collect();
    const [note] = liveNotifications().filter((n) => n.options.title === 'Balance is low');
    expect(note).toBeDefined();
    expect(log).toEqual(['notification shown: Balance is low: Your balance is £9.99.']);
    note?.emit('click');
    expect(clicks).toEqual(['open']);
  });

  it('lets it go once closed', async () => {
    showNotification(
      { title: 'Closing', body: 'b', urgent: false },
      () => undefined,
      () => undefined,
    );
    await collect();
    liveNotifications()
      .find((n) => n.options.title === 'Closing')
      ?.close();
    await collect();
    expect(liveNotifications().filter((n) => n.options.title === 'Closing')).toEqual([]);
  });

  it('logs a failed notification as failed (macOS)', async () => {
    fakeSystem.platform = 'darwin';
    FakeNotification.failWith = 'Notifications are not allowed for this application';
    const log: string[] = [];
    showNotification(
      { title: 'Balance will soon be low', body: 'b', urgent: false },
      () => undefined,
      (l) => log.push(l),
    );
    await vi.waitFor(() => {
      expect(log).toHaveLength(1);
    });
    expect(log[0]).toBe(
      'notification failed (Notifications are not allowed for this application): Balance will soon be low: b',
    );
    expect(recorded.notes.at(-1)?.outcome).toBe('failed');
  });

  it('claims nothing where a failure is silent (Linux) or notifications are not supported', async () => {
    fakeSystem.platform = 'linux';
    FakeNotification.failWith = 'no notification server';
    const log: string[] = [];
    showNotification(
      { title: 'Silent failure', body: 'b', urgent: false },
      () => undefined,
      (l) => log.push(l),
    );
    await vi.waitFor(() => {
      expect(recorded.notes.at(-1)).toMatchObject({ title: 'Silent failure', outcome: 'failed' });
    });
    expect(log).toEqual([]);

    FakeNotification.supported = false;
    showNotification(
      { title: 'Unsupported', body: 'b', urgent: false },
      () => undefined,
      (l) => log.push(l),
    );
    expect(log).toEqual(['notification not shown (not supported here): Unsupported: b']);
  });
});

describe("Windows' AppUserModelID (defect 4)", () => {
  it('is the app id when packaged (its installer shortcut carries it), Electron’s own path under npm start', () => {
    electronFake.app.isPackaged = true;
    setupPlatformIdentity('win32');
    expect(recorded.appUserModelId).toBe('uk.co.accountmonitor.desktop');
    electronFake.app.isPackaged = false;
    setupPlatformIdentity('win32');
    expect(recorded.appUserModelId).toBe(process.execPath);
  });
});
