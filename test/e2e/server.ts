// Starts the real headless server (the CLI's `serve`) on port 0 over a fresh data folder, with a
// fixed clock, zone and token. The data folder lives in the OS temp dir, never inside
// Playwright's outputDir (which is wiped per run).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const NOW = '2026-11-22T10:35:00';
export const ZONE = 'Europe/London';
const CLI = join(ROOT, 'src-main/cli/main.ts');

/** Node 24 (the project's pinned Node) runs the TypeScript CLI directly. */
export function nodeBinary(): string {
  const pinned = join(ROOT, 'node_modules/.bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

export function serverEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ACCOUNT_MONITOR_NOW: NOW,
    ACCOUNT_MONITOR_TZ: ZONE,
    // Never touch the user's real keychain from a test: with no D-Bus session the service says
    // "session only", which is also the state these tests check the wording of.
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/account-monitor-e2e',
  };
}

/** Runs a CLI command against a data folder; returns stdout (trimmed). */
export function cli(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const run = spawnSync(nodeBinary(), [CLI, ...args, '--data-dir', dataDir], {
    env: { ...serverEnv(), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`cli ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return run.stdout.trim();
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234/ */
  base: string;
  /** The printed UI address, with the token. */
  ui: string;
  token: string;
  dataDir: string;
  stop(): Promise<void>;
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'am-e2e-'));
}

export interface ServerOptions {
  /** A fixed port (to restart a server where an open tab expects it); default any free one. */
  port?: number;
  /** Use the token kept in the data folder, as a user's server does, instead of a test's own. */
  keptToken?: boolean;
  /** More arguments for `serve` (`--new-token`). */
  args?: string[];
  /** More settings (a provider instance's own clock and zone). */
  env?: NodeJS.ProcessEnv;
}

export async function startServer(dataDir: string, options: ServerOptions = {}): Promise<RunningServer> {
  const fixed =
    options.keptToken === true ? {} : { ACCOUNT_MONITOR_TOKEN: `e2e-token-${Math.random().toString(36).slice(2)}` };
  const child: ChildProcess = spawn(
    nodeBinary(),
    [CLI, 'serve', '--port', String(options.port ?? 0), '--data-dir', dataDir, ...(options.args ?? [])],
    {
      env: { ...serverEnv(), ACCOUNT_MONITOR_TOKEN: '', ...fixed, ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  const ui = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => {
      fail(new Error(`server did not print its UI line in 20 s:\n${log}`));
    }, 20_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log += chunk;
      const m = /^UI: (http:\/\/\S+)$/m.exec(log);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        done(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code}) before listening:\n${log}`));
    });
  });
  const base = /^listening on (http:\/\/\S+)$/m.exec(log)?.[1] ?? new URL('/', ui).toString();
  return {
    base,
    ui,
    // The printed address carries the token in its fragment (never sent to the server).
    token: new URLSearchParams(new URL(ui).hash.slice(1)).get('token') ?? '',
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) {
          done();
          return;
        }
        child.once('exit', () => {
          done();
        });
        child.kill('SIGTERM');
        setTimeout(() => {
          child.kill('SIGKILL');
        }, 5_000).unref();
      }),
  };
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
