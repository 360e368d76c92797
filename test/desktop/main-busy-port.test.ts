// The desktop app when its local API port is taken: it starts anyway, says why in a notification
// and in the window's status, and the tray offers no URL to copy.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);

let dataDir: string;
let blocker: Server;
let port = 0;
const saved = { ...process.env };

beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  dataDir = mkdtempSync(join(tmpdir(), 'am-main-busy-'));
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: String(port),
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

afterAll(async () => {
  electronFake.app.quit();
  await vi.waitFor(
    () => {
      expect(recorded.exitCode).toBe(0);
    },
    { timeout: 5_000, interval: 20 },
  );
  blocker.close();
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('desktop main with a busy local API port', () => {
  it('starts anyway and says why, in one line', async () => {
    expect(recorded.windows[0]?.url).toBe('app://account-monitor/');
    const note = recorded.notes.find((n) => n.title === 'Local API not started');
    expect(note?.body).toBe(
      `port ${port} on 127.0.0.1 is already in use: stop the program using it or choose another port. Everything else works; choose another port in the app, or set ACCOUNT_MONITOR_PORT.`,
    );
    const handler = recorded.protocolHandlers.get('app');
    const status = (await (await handler?.(new Request('app://account-monitor/app/status')))?.json()) as {
      api: unknown;
    };
    expect(status.api).toEqual({ baseUrl: null, listening: false });
    const copy = recorded.trays[0]?.menu.find((i) => i.label?.startsWith('Copy local API URL'));
    expect(copy).toMatchObject({ label: 'Copy local API URL (not listening)', enabled: false });
  });
});
