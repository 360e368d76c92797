// `npm start` provisions Electron (issue 27), end to end and offline: in a sandbox copy of the
// project, against a fake of Electron's release server on loopback (release-mirror.ts) whose
// "binary" records how it was started. A dead mirror and a wrong checksum fall back to the
// headless server with the reason in one line; a good archive is downloaded, verified, unpacked
// and started with the built app; a second start downloads nothing.
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { npmStart, type Started } from './npm-start.ts';
import { platformBinary, startMirror, type Mirror } from './release-mirror.ts';
import { sandboxProject, type SandboxProject } from './sandbox-project.ts';
import { DEFAULT_DEADLINES } from '../../src-main/desktop/launcher/install-electron.ts';

const version = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;

const FALLBACK =
  /^Electron could not be installed: (.+); starting the headless server with the web UI instead \(for the desktop app: (.+)\)$/;

let sandbox: SandboxProject;
/** How long the fallback took on a dead port, after the headless baseline (see baselineMs). */
let deadPortMs = 0;
let running: Started | undefined;
const mirrors: Mirror[] = [];

function env(mirrorUrl: string): NodeJS.ProcessEnv {
  return {
    ELECTRON_MIRROR: mirrorUrl,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(sandbox.dir, 'electron-cache'),
    ACCOUNT_MONITOR_DATA_DIR: join(sandbox.dir, 'data'),
    ACCOUNT_MONITOR_TZ: 'Europe/London',
    ACCOUNT_MONITOR_NOW: '2026-11-22T10:35:00',
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    AM_STANDIN_RECORD: join(sandbox.dir, 'stand-in.log'),
    ELECTRON_OVERRIDE_DIST_PATH: undefined,
    ACCOUNT_MONITOR_HEADLESS: undefined,
  };
}

async function mirror(checksum: 'good' | 'wrong'): Promise<Mirror> {
  const m = await startMirror({ version, checksum });
  mirrors.push(m);
  return m;
}

/** A loopback port with nothing listening on it. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/**
 * How long `npm start -- --headless` takes to say its first line here and now: npm's and Node's
 * start-up, which this shared machine's load can stretch; the fallback's time is counted on top.
 */
async function baselineMs(): Promise<number> {
  const started = Date.now();
  const headless = npmStart(sandbox.dir, { ...env('http://127.0.0.1:9/'), ACCOUNT_MONITOR_HEADLESS: '1' }, [
    '--port',
    '0',
  ]);
  try {
    await headless.line(/^Headless as asked/);
    return Date.now() - started;
  } finally {
    await headless.stop();
  }
}

const installed = (): boolean => existsSync(join(sandbox.electronDir, 'path.txt'));
const standInLog = (): string =>
  existsSync(join(sandbox.dir, 'stand-in.log')) ? readFileSync(join(sandbox.dir, 'stand-in.log'), 'utf8') : '';

beforeAll(() => {
  sandbox = sandboxProject();
});
afterEach(async () => {
  await running?.stop();
  running = undefined;
});
afterAll(async () => {
  await Promise.all(mirrors.map((m) => m.close()));
  sandbox.remove();
});

describe("npm start against a mirror of Electron's release server", () => {
  it('falls back to the headless server at once, saying why, when the mirror is down', async () => {
    const port = await deadPort();
    const baseline = await baselineMs();
    const started = Date.now();
    running = npmStart(sandbox.dir, env(`http://127.0.0.1:${port}/`), ['--port', '0']);
    const line = await running.line(FALLBACK);
    deadPortMs = Date.now() - started;
    // The refusal is noticed at once (the reason below says so, not a deadline). The bound only
    // tells "at once" from the 3 s deadline's fallback with room for a loaded machine's start-up.
    expect(deadPortMs - baseline).toBeLessThan(DEFAULT_DEADLINES.firstAnswerMs * 3);
    const [, reason, fix] = FALLBACK.exec(line) ?? [];
    expect(reason).toBe(`the download server http://127.0.0.1:${port} refused the connection (ECONNREFUSED)`);
    expect(fix).toMatch(/^npx --no install-electron \(.*\), then npm start$/);
    await running.line(/^UI: http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(installed()).toBe(false);
  });

  it('falls back at the first-answer deadline when the mirror accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)); // holds every connection open, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const started = Date.now();
      running = npmStart(sandbox.dir, env(`http://127.0.0.1:${port}/`), ['--port', '0']);
      const line = await running.line(FALLBACK);
      // Ended by the first-answer deadline (3 s after the script starts, or 1.5 s after the
      // installer's first request on a machine too loaded to make it sooner): the reason names it,
      // and it comes well before the 30 s stall deadline, however loaded the machine.
      expect(Date.now() - started - deadPortMs).toBeLessThan(DEFAULT_DEADLINES.stallMs / 2);
      expect(FALLBACK.exec(line)?.[1]).toBe(
        `http://127.0.0.1:${port} did not answer within 3 s (offline, or blocked?)`,
      );
      await running.line(/^UI: http:\/\/127\.0\.0\.1:\d+\/#token=/);
    } finally {
      silent.close();
      for (const socket of sockets) socket.destroy();
    }
  });

  it('does not use an archive whose checksum is wrong, and says so', async () => {
    const bad = await mirror('wrong');
    running = npmStart(sandbox.dir, env(bad.url), ['--port', '0']);
    const line = await running.line(FALLBACK);
    expect(FALLBACK.exec(line)?.[1]).toMatch(/^the download did not match its SHA-256 checksum, so it was not used \(/);
    expect(bad.requests).toEqual([`/v${version}/${bad.zipName}`, `/v${version}/SHASUMS256.txt`]);
    await running.line(/^UI: http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(installed()).toBe(false);
    expect(standInLog()).toBe('');
  });

  it('downloads, verifies, unpacks and starts Electron with the built app, showing progress', async () => {
    const good = await mirror('good');
    running = npmStart(sandbox.dir, env(good.url));
    expect(await running.exited).toBe(0); // the stand-in exits at once, and npm start with it
    const output = running.output();
    expect(output).toContain(`Downloading ${good.zipName} (3.0 MB)`);
    // How many progress ticks a download gets depends on the machine; its last line does not.
    expect(output).toMatch(
      new RegExp(`^ {2}Downloaded ${good.zipName.replaceAll('.', '\\.')}: 3\\.0 MB in [\\d.]+ s, [\\d.]+ MB/s$`, 'm'),
    );
    expect(output).not.toMatch(FALLBACK);
    expect(good.requests).toEqual([`/v${version}/${good.zipName}`, `/v${version}/SHASUMS256.txt`]);
    // Unpacked with the exec bit, path.txt naming it, as the installer does for the real binary.
    expect(readFileSync(join(sandbox.electronDir, 'path.txt'), 'utf8')).toBe(platformBinary());
    const binary = join(sandbox.electronDir, 'dist', platformBinary());
    expect(statSync(binary).mode & 0o111).not.toBe(0);
    // Started once, on the project folder, whose package.json points at the fresh build.
    expect(standInLog()).toBe(`start\ncwd=${sandbox.dir}\nrun-as-node=unset\narg=${sandbox.dir}\n`);
    expect(existsSync(join(sandbox.dir, 'out', 'main', 'index.js'))).toBe(true);
    expect(existsSync(join(sandbox.dir, 'out', 'preload', 'index.cjs'))).toBe(true);
    expect((JSON.parse(readFileSync(join(sandbox.dir, 'package.json'), 'utf8')) as { main: string }).main).toBe(
      'out/main/index.js',
    );
  });

  it('does not download again on a second start', async () => {
    const good = await mirror('good');
    running = npmStart(sandbox.dir, env(good.url));
    expect(await running.exited).toBe(0);
    expect(good.requests).toEqual([]);
    expect(running.output()).not.toContain('Downloading');
    expect(standInLog().match(/^start$/gm)).toHaveLength(2);
  });

  it("explains Electron's sandbox abort on Linux in one line and falls back", async () => {
    const good = await mirror('good');
    running = npmStart(sandbox.dir, { ...env(good.url), AM_STANDIN_MODE: 'suid' }, ['--port', '0']);
    const line = await running.line(/^Electron could not start: /);
    expect(line).toMatch(
      /^Electron could not start: Electron's sandbox cannot start on this Linux, which restricts unprivileged user namespaces \(.*\); starting the headless server with the web UI instead \(for the desktop app: sudo chown root:root '.*\/chrome-sandbox' && sudo chmod 4755 '.*\/chrome-sandbox'/,
    );
    await running.line(/^UI: http:\/\/127\.0\.0\.1:\d+\/#token=/);
  });

  it('falls back, saying how to reinstall, when the installed binary cannot be run', async () => {
    const binary = join(sandbox.electronDir, 'dist', platformBinary());
    chmodSync(binary, 0o644);
    const good = await mirror('good');
    running = npmStart(sandbox.dir, env(good.url), ['--port', '0']);
    const line = await running.line(/^Electron could not start: /);
    expect(line).toMatch(
      /^Electron could not start: spawn .*EACCES; starting the headless server with the web UI instead \(for the desktop app: rm -rf node_modules\/electron\/dist node_modules\/electron\/path\.txt && npm start/,
    );
    await running.line(/^UI: http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(good.requests).toEqual([]);
  });
});
