// `npm start -- --headless` and ACCOUNT_MONITOR_HEADLESS=1: Electron skipped on purpose, in one
// line; the headless server with the web UI, its address carrying the token; signals reach the
// server. (Provisioning Electron and the fallbacks when it cannot be had are the electron-mirror
// suite's: test/electron/npm-start-mirror.test.ts.)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-start-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function startHeadless(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [join(root, 'scripts/start.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      // Whatever this machine has, nothing may be downloaded or started: a mirror that cannot answer.
      ELECTRON_MIRROR: 'http://127.0.0.1:9/',
      ACCOUNT_MONITOR_DATA_DIR: join(dir, 'data'),
      ACCOUNT_MONITOR_TZ: 'Europe/London',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const uiLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no UI line within 30 s:\n${stderr}`));
    }, 30_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const m = /^UI: (\S+)$/m.exec(stderr);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${String(code)}:\n${stderr}`));
    });
  });
  try {
    expect(stderr.split('\n')[0]).toMatch(
      /^Headless as asked \((--headless|ACCOUNT_MONITOR_HEADLESS)\): starting the headless server with the web UI$/,
    );
    expect(stderr).not.toContain('Electron is not installed');
    const url = new URL(uiLine);
    expect(url.hostname).toBe('127.0.0.1');
    // The token rides in the fragment: never sent to the server, never in a Referer.
    expect(url.search).toBe('');
    const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    expect(token).toMatch(/^[\w-]{20,}$/);
    // The printed address opens the page (no cookie: the page keeps the token and sends it as a header).
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('<div id="root"></div>');
    const status = await fetch(new URL('/app/status', url), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await status.json()).toMatchObject({
      accounts: [],
      api: { listening: true, baseUrl: new URL('/', url).href },
    });
  } finally {
    const exited = new Promise<number | null>((resolve) => {
      child.on('exit', (code) => {
        resolve(code);
      });
    });
    child.kill('SIGTERM');
    const code = await exited;
    // Windows ends a process from outside at once, no handler run (code null): POSIX only.
    if (process.platform !== 'win32') expect(code).toBe(0);
  }
}

describe('npm start, headless on purpose', () => {
  it('with --headless: says so, serves the web UI with its token, passes the other arguments, stops on SIGTERM', async () => {
    await startHeadless(['--headless', '--port', '0'], {});
  });
  it('with ACCOUNT_MONITOR_HEADLESS=1', async () => {
    await startHeadless(['--port', '0'], { ACCOUNT_MONITOR_HEADLESS: '1' });
  });
});
