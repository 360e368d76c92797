// Defect 1 of issue 33: the desktop app started with a relative ACCOUNT_MONITOR_DATA_DIR. Electron's
// app.setPath refuses a relative path (the fake does too), which ended the start in an error box
// and a process with no window or tray; the autostart entry saved the relative path as well.
// Now the folder is resolved where the configuration is read, and both are absolute.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';
import { windowsArgument } from '../../src-main/desktop/login-item.ts';

vi.mock('electron', () => electronFake);

const root = join(import.meta.dirname, '..', '..');
// Under the checkout: a relative path to it exists on every OS (on Windows the temp folder may
// be on another drive, which no relative path reaches).
mkdirSync(join(root, '.test-artifacts'), { recursive: true });
const cwd = mkdtempSync(join(root, '.test-artifacts', 'am-main-relative-'));
const configHome = mkdtempSync(join(tmpdir(), 'am-main-relative-xdg-'));
const saved = { ...process.env };
// Relative to the folder the app starts in (the test's own: a worker thread cannot change it).
const relativeDir = join(relative(process.cwd(), cwd), 'relative data');

beforeAll(async () => {
  Object.assign(process.env, {
    XDG_CONFIG_HOME: configHome,
    ACCOUNT_MONITOR_TRAY: 'on',
    ACCOUNT_MONITOR_DATA_DIR: relativeDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(electronFake.app, 'getAppPath').mockReturnValue(root);
  expect(isAbsolute(relativeDir)).toBe(false);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(async () => {
  // Quit first: Windows cannot remove a database the app still has open.
  electronFake.app.quit();
  await vi.waitFor(
    () => {
      expect(recorded.exitCode).toBe(0);
    },
    { timeout: 10_000, interval: 20 },
  );
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(cwd, { recursive: true, force: true });
  rmSync(configHome, { recursive: true, force: true });
});

describe('the desktop app with a relative data folder', () => {
  it('starts, with its profile and data in the folder resolved against where it started', () => {
    expect(recorded.refused).toEqual([]);
    expect(recorded.errorBoxes).toEqual([]);
    expect(recorded.paths.get('userData')).toBe(join(cwd, 'relative data', 'desktop-profile'));
    expect(existsSync(join(cwd, 'relative data', 'account-monitor.sqlite'))).toBe(true);
  });

  // Launch at login is an XDG autostart entry on Linux and a login item with `--data-dir=` on
  // Windows (login-item.ts); macOS's login items carry no arguments, so there is nothing to check.
  it.skipIf(process.platform === 'darwin')(
    `writes the absolute folder into the ${process.platform === 'win32' ? 'login item' : 'autostart entry'}${process.platform === 'darwin' ? ' (skipped on macOS: its login items carry no arguments, so the data folder is the default one)' : ''}`,
    async () => {
      const set = recorded.ipc.get('account-monitor:set-launch-at-login');
      expect(await set?.({ senderFrame: { url: 'app://account-monitor/' } }, true)).toMatchObject({ enabled: true });
      if (process.platform === 'win32') {
        expect(recorded.loginItems.at(-1)?.args).toContain(windowsArgument(`--data-dir=${join(cwd, 'relative data')}`));
        return;
      }
      const entry = readFileSync(join(configHome, 'autostart', 'uk.co.accountmonitor.desktop.desktop'), 'utf8');
      expect(entry).toContain(`Exec=env "ACCOUNT_MONITOR_DATA_DIR=${join(cwd, 'relative data')}" `);
    },
  );
});
