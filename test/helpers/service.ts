// Starts the real service on 127.0.0.1:0 over a fresh temporary data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type App, type AppOptions } from '../../src-main/app.ts';
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

/** What a test may set: the clock and zone (fixed), and the provider client's and background checks' knobs. */
export interface ServiceOptions extends Pick<
  AppOptions,
  'providerLimits' | 'checkIntervalMs' | 'checkTimers' | 'providerCa' | 'notify'
> {
  now?: string;
  timeZone?: string;
  token?: string;
  accessLog?: boolean;
  /** Epoch ms now, read at every call (a test that moves time); overrides `now`. */
  clock?: () => number;
  /** Given to the server: told of each request (optimizing-tiers.ts's noteRequest in serve). */
  onRequest?: () => void;
}

export async function startService(options: ServiceOptions = {}): Promise<TestService> {
  const timeZone = options.timeZone ?? 'Europe/London';
  const fixed = parseLocalWallTime(options.now ?? '2026-11-22T10:35:00', timeZone);
  if (fixed === undefined) throw new Error('bad test clock');
  const dataDir = tempDir();
  const logs: string[] = [];
  const app = openApp({
    dataDir,
    timeZone,
    clock: options.clock ?? (() => fixed),
    vault: new SessionKeyVault('tests'),
    token: options.token ?? 'test-token-0123456789',
    log: (l) => {
      logs.push(l);
    },
    accessLog: options.accessLog === true,
    ...(options.providerLimits === undefined ? {} : { providerLimits: options.providerLimits }),
    ...(options.checkIntervalMs === undefined ? {} : { checkIntervalMs: options.checkIntervalMs }),
    ...(options.checkTimers === undefined ? {} : { checkTimers: options.checkTimers }),
    ...(options.providerCa === undefined ? {} : { providerCa: options.providerCa }),
    ...(options.notify === undefined ? {} : { notify: options.notify }),
  });
  const server = await listen(app.handler, {
    host: '127.0.0.1',
    port: 0,
    fastPath: app.fastPath,
    onRequest: options.onRequest,
  });
  return {
    app,
    server,
    base: server.url.replace(/\/$/, ''),
    dataDir,
    logs,
    close: async () => {
      await server.close();
      app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A local account whose key the window holds, as after onboarding: its key in its vault entry.
 * Returns the app API's path prefix for it and the entry's reference.
 */
export async function accountInWindow(
  app: App,
  name: string,
): Promise<{ accountId: number; key: string; path: string; ref: string }> {
  const created = app.domain.createAccount(name);
  const ref = app.accounts.overview(created.accountId)?.vaultRef;
  if (ref === undefined) throw new Error('the new account has no vault reference');
  await app.vault.set(ref, created.key);
  app.accounts.keepKey(created.accountId, true);
  return { ...created, path: `/app/accounts/${created.accountId}`, ref };
}
