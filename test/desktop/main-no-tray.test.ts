// A desktop that shows no tray icons (plain GNOME, no StatusNotifierItem host; here no session
// bus at all, so nothing can be confirmed): the window opens even when started hidden at login,
// closing it quits the app instead of leaving it running invisibly, and this is said once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

let dataDir: string;
const saved = { ...process.env };
const savedArgv = [...process.argv];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-no-tray-'));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus',
  });
  delete process.env.ACCOUNT_MONITOR_TRAY;
  process.argv.push('--hidden'); // as the login item starts it
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(() => {
  process.env = saved;
  process.argv = savedArgv;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('desktop main where no tray can be shown', () => {
  // macOS and Windows always have a tray.
  it.skipIf(process.platform !== 'linux')(
    'opens the window although started hidden, and says once that closing it quits',
    () => {
      const notices = recorded.notes.filter((n) => n.title === 'No tray on this desktop');
      expect(notices).toHaveLength(1);
      expect(notices[0]?.body).toMatch(
        /^Closing the window quits Account Monitor, because cannot tell whether this desktop shows tray icons/,
      );
      expect(JSON.parse(readFileSync(join(dataDir, 'desktop.json'), 'utf8'))).toMatchObject({
        noTrayNoticeShown: true,
      });
    },
  );

  it.skipIf(process.platform !== 'linux')('quits when the window is closed', async () => {
    // The user closes the window: nothing keeps it, and the last window gone ends the app.
    recorded.windows[0]?.close();
    expect(recorded.windows[0]?.destroyed).toBe(true);
    await vi.waitFor(
      () => {
        expect(recorded.exitCode).toBe(0);
      },
      { timeout: 5_000, interval: 20 },
    );
  });
});
