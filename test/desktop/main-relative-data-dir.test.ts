// Defect 1 of issue 33: the desktop app started with a relative ACCOUNT_MONITOR_DATA_DIR. Electron's
// app.setPath refuses a relative path (the fake does too), which ended the start in an error box
// and a process with no window or tray; the autostart entry saved the relative path as well.
// Now the folder is resolved where the configuration is read, and both are absolute.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

const root = join(import.meta.dirname, '..', '..');
const cwd = mkdtempSync(join(tmpdir(), 'am-main-relative-'));
const configHome = mkdtempSync(join(tmpdir(), 'am-main-relative-xdg-'));
const saved = { ...process.env };
const savedCwd = process.cwd();

beforeAll(async () => {
  Object.assign(process.env, {
    XDG_CONFIG_HOME: configHome,
    ACCOUNT_MONITOR_TRAY: 'on',
    ACCOUNT_MONITOR_DATA_DIR: 'relative data',
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'Europe/London',
  });
  // Started from another folder than the app's (getAppPath is the working folder in the fake).
  process.chdir(cwd);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(electronFake.app, 'getAppPath').mockReturnValue(root);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(() => {
  process.chdir(savedCwd);
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

  it('writes the absolute folder into the autostart entry', async () => {
    const set = recorded.ipc.get('account-monitor:set-launch-at-login');
    expect(await set?.({ senderFrame: { url: 'app://account-monitor/' } }, true)).toMatchObject({ enabled: true });
    const entry = readFileSync(join(configHome, 'autostart', 'uk.co.accountmonitor.desktop.desktop'), 'utf8');
    expect(entry).toContain(`Exec=env "ACCOUNT_MONITOR_DATA_DIR=${join(cwd, 'relative data')}" `);
  });
});
