// The webhook address is a secret (an ntfy topic on a public server is the only key to it):
// `serve` logs its scheme and host only, `--help` points to ACCOUNT_MONITOR_NOTIFY_URL or
// --notify-url-file, and --notify-url on the command line (readable in the process list by
// every local user) gets a note saying so.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ENV, CLI, ROOT, cli, stop } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('am-serve-notify-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const TOPIC = 'am-topic-7f3c9a';

/** `serve` with `args` until it says where alerts go; its stderr by then. */
function serveUntilPosted(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', join(dir, 'data'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_KEYCHAIN: 'off', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let stopping = false;
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      if (stopping || !/^alerts are also posted to .*$/m.test(stderr)) return;
      stopping = true;
      void stop(child).then(() => {
        resolve(stderr);
      });
    });
    child.once('exit', (code) => {
      if (!stopping) reject(new Error(`serve exited (${code}): ${stderr}`));
    });
  });
}

describe('the webhook address as a secret', () => {
  it('serve --help points to ACCOUNT_MONITOR_NOTIFY_URL and --notify-url-file for a secret address', async () => {
    const help = await cli(['serve', '--help']);
    expect(help.code).toBe(0);
    const text = help.stdout.replace(/\s+/g, ' ');
    expect(text).toContain('ACCOUNT_MONITOR_NOTIFY_URL');
    expect(text).toContain('--notify-url-file <file>');
    expect(text).toContain('process list');
  });

  it('an address read from a file: logged as scheme and host only', async () => {
    const file = join(dir, 'notify-url');
    writeFileSync(file, `https://ntfy.example.net/${TOPIC}?auth=tk_query\n`, { mode: 0o600 });
    const stderr = await serveUntilPosted(['--notify-url-file', file, '--notify-format', 'ntfy']);
    expect(stderr).toContain('alerts are also posted to https://ntfy.example.net (ntfy)');
    expect(stderr).not.toContain(TOPIC);
    expect(stderr).not.toContain('tk_query');
    expect(stderr).not.toContain('process list');
  });

  it('from the environment: the same, without a note', async () => {
    const stderr = await serveUntilPosted([], { ACCOUNT_MONITOR_NOTIFY_URL: `https://ntfy.example.net/${TOPIC}` });
    expect(stderr).toContain('alerts are also posted to https://ntfy.example.net (json)');
    expect(stderr).not.toContain(TOPIC);
  });

  it('--notify-url on the command line: a note says the process list shows it, and the topic is never printed', async () => {
    const stderr = await serveUntilPosted(['--notify-url', `https://bob:pw-s3cret@ntfy.example.net/${TOPIC}`]);
    expect(stderr).toMatch(
      /^note: --notify-url is readable by every local user in the process list; .*ACCOUNT_MONITOR_NOTIFY_URL.*--notify-url-file$/m,
    );
    expect(stderr).toContain('alerts are also posted to https://ntfy.example.net (json)');
    for (const secret of [TOPIC, 'pw-s3cret', 'bob']) expect(stderr, secret).not.toContain(secret);
  });

  it('an empty or unreadable file is one line and exit 2', async () => {
    const empty = join(dir, 'empty');
    writeFileSync(empty, '\n');
    const r = await cli(['serve', '--port', '0', '--data-dir', join(dir, 'data'), '--notify-url-file', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `account-monitor: --notify-url-file ${empty}: the file is empty; write the address on its first line`,
    );
    const missing = await cli(['serve', '--data-dir', join(dir, 'data'), '--notify-url-file', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});
