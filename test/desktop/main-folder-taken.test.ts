// The desktop app on a data folder another app holds (here `serve`, as this process claims it):
// it opens nothing, says in a box where that app's UI is, and exits 1, instead of running a
// second monitor that would store and push every alert twice.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { claimDataFolder, DATABASE_FILE } from '../../src-main/store/index.ts';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

describe('the desktop app on a data folder another app holds', () => {
  it('says where its UI is in a box and exits 1, having opened nothing', async () => {
    const saved = { ...process.env };
    const dataDir = mkdtempSync(join(tmpdir(), 'am-main-taken-'));
    const held = claimDataFolder(dataDir, 'serve');
    if (!held.held) throw new Error(held.message);
    held.claim.announce('http://127.0.0.1:8417/');
    Object.assign(process.env, {
      ACCOUNT_MONITOR_DATA_DIR: dataDir,
      ACCOUNT_MONITOR_KEYCHAIN: 'off',
      ACCOUNT_MONITOR_TZ: 'UTC',
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await import('../../src-main/desktop/main.ts');
      await vi.waitFor(
        () => {
          expect(recorded.exitCode).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(recorded.errorBoxes).toEqual([
        'Account Monitor could not start: Account Monitor is already running: UI at http://127.0.0.1:8417/',
      ]);
      expect(recorded.windows.map((w) => w.url)).toEqual([]);
      expect(recorded.trays).toEqual([]);
      // Nothing opened the store: no database was made.
      expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
    } finally {
      held.claim.release();
      process.env = saved;
      stderr.mockRestore();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
