// One app per data folder, held by a lock the OS releases when the process ends: two `serve`s
// started at the same moment on one folder give one service (the other says the folder is
// taken); a later one says where the first one's UI is; a running.json whose process id now
// belongs to another live process blocks nothing; nor does a holder killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ENV, CLI, ROOT, stop } from '../../bench/lib/procs.ts';
import { claimDataFolder, RUNNING_FILE } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('am-folder-lock-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
});

type Outcome = { child: ChildProcess; ui: string } | { child: ChildProcess; code: number | null; stderr: string };

/** `serve` on the folder until it prints its UI line, or exits. */
function serve(): Promise<Outcome> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dir], {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_KEYCHAIN: 'off', ACCOUNT_MONITOR_TOKEN: 'lock-token' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  return new Promise((resolve) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      const ui = /^UI: (http:\/\/\S+\/)#token=/m.exec(stderr)?.[1];
      if (ui !== undefined) resolve({ child, ui });
    });
    child.once('exit', (code) => {
      resolve({ child, code, stderr });
    });
  });
}

const running = (): { pid?: number; app?: string; url?: string | null } =>
  JSON.parse(readFileSync(join(dir, RUNNING_FILE), 'utf8')) as { pid?: number; app?: string; url?: string | null };

describe('the data folder lock', () => {
  it('two serves started together: one serves, the other says the folder is taken; a third says where the UI is', async () => {
    const both = await Promise.all([serve(), serve()]);
    const served = both.filter((o) => 'ui' in o);
    const refused = both.flatMap((o) => ('code' in o ? [o] : []));
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.code).toBe(1);
    expect(refused[0]?.stderr).toMatch(/^account-monitor: Account Monitor is already running/);
    expect(refused[0]?.stderr.trim().split('\n')).toHaveLength(1);
    const first = served[0] as { child: ChildProcess; ui: string };
    expect(running()).toEqual({ pid: first.child.pid, app: 'serve', url: first.ui });
    const third = await serve();
    expect(third).toMatchObject({
      code: 1,
      stderr: `account-monitor: Account Monitor is already running: UI at ${first.ui}\n`,
    });
  });

  it('a running.json naming a live process that is not the app blocks nothing', async () => {
    // This test's own process (alive, not an Account Monitor) and the address of nothing.
    writeFileSync(join(dir, RUNNING_FILE), JSON.stringify({ pid: process.pid, url: 'http://127.0.0.1:9/' }));
    const started = await serve();
    expect(started).toHaveProperty('ui');
    expect(running().pid).toBe(started.child.pid);
  });

  it('a holder killed with SIGKILL leaves nothing that blocks the next start', async () => {
    const first = await serve();
    expect(first).toHaveProperty('ui');
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    // Its running.json is still there, naming a dead process and its address.
    expect(running().pid).toBe(first.child.pid);
    const next = await serve();
    expect(next).toHaveProperty('ui');
  });

  it('is exclusive within one process too, and free again once released', () => {
    const folder = join(dir, 'in-process');
    const a = claimDataFolder(folder, 'desktop');
    expect(a.held).toBe(true);
    if (!a.held) return;
    expect(claimDataFolder(folder, 'serve')).toEqual({
      held: false,
      message: `Account Monitor is already running on this data folder: the desktop app (process ${process.pid}) has it open; use its window (its local API is off)`,
    });
    a.claim.announce('http://127.0.0.1:8417/');
    expect(claimDataFolder(folder, 'serve')).toEqual({
      held: false,
      message: 'Account Monitor is already running: UI at http://127.0.0.1:8417/',
    });
    a.claim.release();
    const b = claimDataFolder(folder, 'serve');
    expect(b.held).toBe(true);
    if (b.held) b.claim.release();
  });
});
