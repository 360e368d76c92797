// `npm start` on a machine without the Electron binary: one line saying why, then the headless
// server with the web UI, its address carrying the token; signals reach the server.
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

describe('npm start without Electron', () => {
  it('says why, serves the web UI with its token, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [join(root, 'scripts/start.ts'), '--port', '0'], {
      cwd: root,
      // An empty override folder: whatever this machine has, the binary counts as missing.
      env: {
        ...process.env,
        ELECTRON_OVERRIDE_DIST_PATH: dir,
        ACCOUNT_MONITOR_DATA_DIR: join(dir, 'data'),
        ACCOUNT_MONITOR_TZ: 'Europe/London',
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
        /^Electron binary not installed \(.+\); starting the headless server with the web UI instead$/,
      );
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
      expect(await exited).toBe(0);
    }
  });
});
