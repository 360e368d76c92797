// `serve --host`: an address other machines can reach is refused in one line unless
// --allow-remote is given; with it, a warning says what is exposed, and the printed UI address
// is one the server answers (a loopback name: the Host check refuses any other).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ENV, CLI, ROOT, cli, stop } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('am-serve-remote-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const env = (): Record<string, string> => ({
  ACCOUNT_MONITOR_DATA_DIR: dir,
  ACCOUNT_MONITOR_KEYCHAIN: 'off',
  ACCOUNT_MONITOR_TOKEN: 'remote-test-token',
});

/** `serve` with `args` until its UI line; its stderr so far. */
function serveUntilUi(args: string[]): Promise<{ stop: () => Promise<void>; stderr: string; ui: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dir, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ...env() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      const ui = /^UI: (\S+)/m.exec(stderr)?.[1];
      if (ui !== undefined) resolve({ stop: () => stop(child), stderr, ui });
    });
    child.once('exit', (code) => {
      reject(new Error(`serve exited (${code}): ${stderr}`));
    });
  });
}

describe('serve --host', () => {
  it.each(['0.0.0.0', '::', 'localhost.', '192.0.2.1'])(
    'refuses %s without --allow-remote, in one line',
    async (host) => {
      const r = await cli(['serve', '--port', '0', '--host', host, '--data-dir', dir], env());
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`--host ${host} is not a loopback address`);
      expect(lines[0]).toContain('--allow-remote');
    },
  );

  it('with --allow-remote on 0.0.0.0: a warning says what is exposed, and the printed UI address is answered', async () => {
    const served = await serveUntilUi(['--host', '0.0.0.0', '--allow-remote']);
    try {
      expect(served.stderr).toMatch(/^listening on http:\/\/0\.0\.0\.0:\d+\/$/m);
      const warning = served.stderr.split('\n').find((l) => l.startsWith('warning: --allow-remote'));
      expect(warning).toContain('every machine that can reach it');
      expect(warning).toContain('spec endpoints');
      expect(warning).toContain('sign-in page');
      const ui = new URL(served.ui);
      expect(ui.hostname).toBe('127.0.0.1');
      expect(ui.hash).toBe('#token=remote-test-token');
      // The address as printed, opened as a browser would: answered, not 403 forbidden_host.
      const page = await fetch(new URL('/', ui));
      expect(page.status).toBe(200);
      const status = await fetch(new URL('/app/status', ui), {
        headers: { Authorization: 'Bearer remote-test-token' },
      });
      expect(status.status).toBe(200);
    } finally {
      await served.stop();
    }
  });

  it('a loopback --host needs nothing more and warns of nothing', async () => {
    const served = await serveUntilUi(['--host', '127.0.0.2']);
    try {
      expect(served.ui).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/#token=/);
      expect(served.stderr).not.toContain('warning');
      expect((await fetch(new URL('/', served.ui))).status).toBe(200);
    } finally {
      await served.stop();
    }
  });
});
