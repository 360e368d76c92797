// A start-up race: the keychain's first check takes a while (here: no D-Bus, so the check's
// child process runs and fails), and a second launch shows the window before the service is up.
// Electron refuses to load a scheme nobody handles yet, which left a failed page for good; app://
// is now handled from `ready` on and each request waits for the service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

let dataDir: string;
const saved = { ...process.env };

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-race-'));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    ACCOUNT_MONITOR_TRAY: 'on',
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/am-no-bus',
  });
  delete process.env.ACCOUNT_MONITOR_KEYCHAIN;
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterAll(async () => {
  electronFake.app.quit();
  await vi.waitFor(
    () => {
      expect(recorded.exitCode).toBe(0);
    },
    { timeout: 5_000, interval: 20 },
  );
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a second launch right after ready, while the keychain is still being checked', () => {
  it('gets a window whose page loads once the service is up', async () => {
    electronFake.app.once('ready', () => {
      // Electron emits second-instance after ready, in a task of its own.
      setImmediate(() => electronFake.app.emit('second-instance'));
    });
    await import('../../src-main/desktop/main.ts');
    await vi.waitFor(
      () => {
        expect(recorded.windows[0]?.events).toContain('ready-to-show');
      },
      { timeout: 15_000, interval: 20 },
    );
    const w = recorded.windows[0];
    expect(w?.failedLoads).toEqual([]);
    expect(w?.loadedStatus).toBe(200);
    // The window was created before the service existed (the keychain check was still running).
    const status = (await (
      await recorded.protocolHandlers.get('app')?.(new Request('app://account-monitor/app/status'))
    )?.json()) as { vault: { mode: string; reason: string } };
    // No session bus: on Linux, no keychain (Windows and macOS have theirs, whatever the bus).
    if (process.platform === 'linux') expect(status.vault.mode).toBe('session');
    expect(recorded.windows).toHaveLength(1);
  });
});
