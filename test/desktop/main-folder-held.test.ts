// The desktop app takes its data folder like `serve` (one app per folder): running.json names
// it and its local API's address, a `serve` started on the same folder says where that UI is
// instead of running a second monitor, and quitting lets the folder go.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli } from '../../bench/lib/procs.ts';
import { claimDataFolder, RUNNING_FILE } from '../../src-main/store/index.ts';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

let dataDir: string;
const saved = { ...process.env };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-held-'));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    ACCOUNT_MONITOR_TRAY: 'on',
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.url).toBeDefined();
    },
    { timeout: 10_000, interval: 20 },
  );
  stderr.mockRestore();
});

afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

const running = (): { pid?: number; app?: string; url?: string | null } =>
  JSON.parse(readFileSync(join(dataDir, RUNNING_FILE), 'utf8')) as { pid?: number; app?: string; url?: string | null };

describe('the desktop app holds its data folder', () => {
  it('says in running.json that it runs and where its local API is', async () => {
    await vi.waitFor(
      () => {
        expect(running().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(running()).toMatchObject({ pid: process.pid, app: 'desktop' });
  });

  it('a serve on the same folder says where that UI is and exits 1', async () => {
    const url = running().url ?? '';
    const second = await cli(['serve', '--port', '0', '--data-dir', dataDir], { ACCOUNT_MONITOR_KEYCHAIN: 'off' });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`account-monitor: Account Monitor is already running: UI at ${url}\n`);
  });

  it('lets the folder go when it quits', async () => {
    electronFake.app.quit();
    await vi.waitFor(
      () => {
        expect(recorded.exitCode).toBe(0);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(existsSync(join(dataDir, RUNNING_FILE))).toBe(false);
    const next = claimDataFolder(dataDir, 'serve');
    expect(next.held).toBe(true);
    if (next.held) next.claim.release();
  });
});
