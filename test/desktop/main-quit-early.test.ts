// Defect 10 of issue 33: quitting in the first seconds, while the keychain's first check was still
// waiting (a locked keyring's prompt, a bus that never answers), left the check's process running:
// the app registered its shutdown only after start-up. Now quitting stops the check, and the rest
// of start-up does not go on. The session bus here accepts connections and never answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

const dataDir = mkdtempSync(join(tmpdir(), 'am-main-quit-early-'));
const saved = { ...process.env };
let bus: Server;
const held: Socket[] = [];

beforeAll(async () => {
  bus = createServer((socket) => held.push(socket));
  await new Promise<void>((done) => bus.listen(join(dataDir, 'silent-bus'), done));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: join(dataDir, 'data'),
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    ACCOUNT_MONITOR_TRAY: 'on',
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dataDir, 'silent-bus')}`,
  });
  delete process.env.ACCOUNT_MONITOR_KEYCHAIN;
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((done) => bus.close(done));
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

// A unix socket standing in for a session bus that never answers: Linux's keychain only.
describe.skipIf(process.platform !== 'linux')(
  'quitting while the keychain is still being checked (Linux only: the stalled keychain is a D-Bus session bus on a unix socket)',
  () => {
    it('stops the check, ends with 0, and starts nothing more', async () => {
      await import('../../src-main/desktop/main.ts');
      const check = await vi.waitFor(
        () => {
          const started = recorded.utilityProcesses[0];
          if (started === undefined) throw new Error('the keychain check has not started');
          return started;
        },
        { timeout: 15_000, interval: 20 },
      );
      electronFake.app.quit();
      await vi.waitFor(
        () => {
          expect(recorded.exitCode).toBe(0);
          expect(check.process.exited).toBe(true);
        },
        { timeout: 10_000, interval: 20 },
      );
      // Start-up stopped at the check: no tray, no local API came after it.
      expect(recorded.trays).toEqual([]);
    });
  },
);
