// Defect 13 of issue 33: where no tray can be shown, a window whose page kept crashing was closed
// with "Open it again from the tray" while the app quit (its last window gone). Now it says the
// app has quit, and it does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronEvent, electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

const dataDir = mkdtempSync(join(tmpdir(), 'am-main-no-tray-crash-'));
const saved = { ...process.env };

beforeAll(async () => {
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    ACCOUNT_MONITOR_TRAY: 'off',
  });
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
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a window that keeps crashing, with no tray', () => {
  it('says the app has quit (not "open it from the tray"), and quits', async () => {
    const w = recorded.windows[0];
    for (let i = 0; i < 4; i++) w?.webContents.emit('render-process-gone', electronEvent(), { reason: 'crashed' });
    const said = recorded.notes.filter((n) => n.title === 'The window stopped working');
    expect(said).toHaveLength(1);
    expect(said[0]?.body).toBe(
      'Its page kept failing (crashed), so Account Monitor has quit (there is no tray to open it from). Start it again.',
    );
    await vi.waitFor(
      () => {
        expect(recorded.exitCode).toBe(0);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});
