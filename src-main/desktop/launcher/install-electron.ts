// `npm start` provisions Electron (issue 27): when the binary is missing it runs the electron
// package's own installer (its install.js, the `install-electron` command), so ELECTRON_MIRROR,
// electron_config_cache, electron_use_remote_checksums, proxies and checksum verification behave
// exactly as Electron documents them. This file adds what the installer lacks when run from a
// script: progress a person can see (the download is about 100 MB; the installer's own bar
// appears after 30 s, on a terminal only) and a bounded wait, so a machine without a network
// falls back to the headless server within seconds instead of hanging.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { safeLine } from '../../cli/safe-text.ts';
import { explainInstallFailure, INSTALL_COMMAND, type InstallFailure } from './install-failure.ts';
import type { InstallEvent } from './install-observer.ts';
import { DownloadProgress } from './progress.ts';

export interface Deadlines {
  /** No HTTP answer from any server by then (a connection alone does not count): offline or blocked. */
  firstAnswerMs: number;
  /** ...but the network always gets this long after the installer's first request (a loaded machine). */
  minNetworkMs: number;
  /** A download that receives nothing for this long has stalled. */
  stallMs: number;
  /** The whole install, download and unpacking included. */
  totalMs: number;
}

/**
 * A machine without a network must fall back in under 5 s in all (issue 27), npm's own start-up
 * included: 3 s from the start of `npm start`'s script leave a healthy network about 2.3 s for a
 * DNS lookup, a TLS handshake and GitHub's redirect once the installer has loaded (about 0.7 s),
 * and never less than 1.5 s after its first request (a loaded machine loads it later).
 * A slow but moving download may take its time: only 30 s without a byte ends it.
 */
export const DEFAULT_DEADLINES: Deadlines = {
  firstAnswerMs: 3000,
  minNetworkMs: 1500,
  stallMs: 30_000,
  totalMs: 30 * 60_000,
};

export interface InstallOptions {
  projectRoot: string;
  env?: NodeJS.ProcessEnv;
  /** Where progress goes (stderr); `tty` rewrites one line instead of printing a line per step. */
  write: (text: string) => void;
  tty: boolean;
  deadlines?: Partial<Deadlines>;
  /**
   * When the first-answer deadline starts counting (epoch ms): `npm start` passes its own start,
   * so that its whole wait, not just the installer's, stays within the bound. Default: now.
   */
  since?: number;
  /** Aborting stops the installer (Ctrl-C during the download). */
  signal?: AbortSignal;
}

export type InstallOutcome = { ok: true } | ({ ok: false } & InstallFailure);

/** The electron package's folder as the project resolves it. */
export function electronPackageDir(projectRoot: string): string | undefined {
  try {
    return dirname(createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

const STDERR_TAIL = 64 * 1024;

export function installElectron(options: InstallOptions): Promise<InstallOutcome> {
  const deadlines = { ...DEFAULT_DEADLINES, ...options.deadlines };
  const pkg = electronPackageDir(options.projectRoot);
  const installer = pkg === undefined ? undefined : join(pkg, 'install.js');
  if (pkg === undefined || installer === undefined || !existsSync(installer)) {
    return Promise.resolve({
      ok: false,
      reason: 'the electron package is not installed (run npm ci first)',
      fix: 'npm ci && npm start',
    });
  }
  const observer = pathToFileURL(join(import.meta.dirname, 'install-observer.ts')).href;
  const child = spawn(process.execPath, ['--import', observer, installer], {
    cwd: pkg,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const progress = new DownloadProgress(options.write, options.tty);
  const events: InstallEvent[] = [];
  let stderr = '';
  let stopped: string | undefined;
  const started = Date.now();
  const answerBy = (options.since ?? started) + deadlines.firstAnswerMs;
  let answeredAt: number | undefined;
  let asked = 'the download server';
  let requestedAt: number | undefined;
  // Requests under way, and when the last of them showed a sign of life.
  let open = 0;
  let lastActivity = started;

  const stop = (why: string): void => {
    if (stopped !== undefined) return;
    stopped = why;
    child.kill('SIGKILL');
  };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  child.stdout?.resume();
  let pending = '';
  (child.stdio[3] as NodeJS.ReadableStream | null)?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf('\n')) >= 0) {
      const text = pending.slice(0, end);
      pending = pending.slice(end + 1);
      const event = parseEvent(text);
      if (event === undefined) continue;
      if (event.t !== 'bytes') events.push(event);
      if (event.t === 'headers') answeredAt ??= Date.now();
      if (event.t === 'connecting') asked = event.origin;
      if (event.t === 'request') {
        open++;
        requestedAt ??= Date.now();
      }
      if (event.t === 'done' || event.t === 'error') open = Math.max(0, open - 1);
      if (event.t !== 'connecting') lastActivity = Date.now();
      progress.onEvent(event);
    }
  });
  const watchdog = setInterval(() => {
    const now = Date.now();
    if (
      answeredAt === undefined &&
      requestedAt !== undefined &&
      now > Math.max(answerBy, requestedAt + deadlines.minNetworkMs)
    )
      stop(`${safeLine(asked, 200)} did not answer within ${seconds(deadlines.firstAnswerMs)} (offline, or blocked?)`);
    else if (requestedAt === undefined && now - started > deadlines.stallMs)
      stop(`the installer asked for nothing within ${seconds(deadlines.stallMs)}`);
    else if (open > 0 && now - lastActivity > deadlines.stallMs)
      stop(`the download stalled (nothing received for ${seconds(deadlines.stallMs)})`);
    else if (now - started > deadlines.totalMs) stop(`the install took longer than ${seconds(deadlines.totalMs)}`);
    progress.tick();
  }, 100);
  const onAbort = (): void => {
    stop('interrupted');
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  progress.start();
  return new Promise<InstallOutcome>((resolve) => {
    const finish = (outcome: InstallOutcome): void => {
      clearInterval(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      progress.end(outcome.ok);
      resolve(outcome);
    };
    child.on('error', (error) => {
      finish({ ok: false, reason: `the installer could not run (${error.message})`, fix: INSTALL_COMMAND });
    });
    child.on('close', (code) => {
      if (stopped !== undefined) {
        // A connection error already seen says more than "no answer".
        const seen = explainInstallFailure(events, '');
        const useSeen = events.some((e) => e.t === 'connect-error');
        finish({ ok: false, reason: useSeen ? seen.reason : stopped, fix: seen.fix });
      } else if (code === 0) finish({ ok: true });
      else finish({ ok: false, ...explainInstallFailure(events, stderr) });
    });
  });
}

function parseEvent(text: string): InstallEvent | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 't' in value ? (value as InstallEvent) : undefined;
  } catch {
    return undefined;
  }
}

function seconds(ms: number): string {
  return `${String(Math.round(ms / 100) / 10)} s`;
}
