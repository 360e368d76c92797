// Starts the real service on 127.0.0.1:0 over a fresh temporary data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { listen, type Listening } from '../../src-main/service/server.ts';

export interface TestService {
  app: App;
  server: Listening;
  base: string;
  dataDir: string;
  logs: string[];
  close(): Promise<void>;
}

export function tempDir(prefix = 'am-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startService(options: { now?: string; timeZone?: string; token?: string; accessLog?: boolean } = {}): Promise<TestService> {
  const timeZone = options.timeZone ?? 'Europe/London';
  const fixed = parseLocalWallTime(options.now ?? '2026-11-22T10:35:00', timeZone);
  if (fixed === undefined) throw new Error('bad test clock');
  const dataDir = tempDir();
  const logs: string[] = [];
  const app = openApp({
    dataDir, timeZone, clock: () => fixed, vault: new SessionKeyVault('tests'), token: options.token ?? 'test-token-0123456789', log: (l) => { logs.push(l); }, accessLog: options.accessLog === true,
  });
  const server = await listen(app.handler, { host: '127.0.0.1', port: 0, fastPath: app.fastPath });
  return {
    app, server, base: server.url.replace(/\/$/, ''), dataDir, logs,
    close: async () => {
      await server.close();
      app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
