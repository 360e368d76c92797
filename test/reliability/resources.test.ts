// What a local program without the token can make the service hold: requests for thousands of
// distinct missing paths leave no memory behind (nothing is looked up or kept for them), and
// thousands of idle connections under a desktop's usual limit of 1,024 open files do not stop
// a fresh request from being answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_ENV, CLI, ROOT, rssMB } from '../../bench/lib/procs.ts';
import { pool } from './helpers/raw-http.ts';
import { createAccount, removeDir, stop, tempDir } from './helpers/service.ts';

let dir = '';
let key = '';

beforeAll(async () => {
  dir = tempDir('resources');
  key = await createAccount(dir, 'resources');
});
afterAll(() => {
  removeDir(dir);
});

/** `serve` in a child process, with at most `files` open files when given (prlimit). */
function serve(files?: number): Promise<{ child: ChildProcess; port: number }> {
  const node = [process.execPath, CLI, 'serve', '--port', '0', '--data-dir', dir];
  const [command = 'node', ...args] = files === undefined ? node : ['prlimit', `--nofile=${files}:${files}`, ...node];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...BENCH_ENV, ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      log += c;
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1];
      if (port !== undefined) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => {
      reject(new Error(`serve exited (${code}): ${log}`));
    });
  });
}

describe('resources a program without the token can take', () => {
  // 42,000 requests: about 25 s on a quiet two-core machine. The bound is only "not hung": a
  // loaded machine (another suite beside it) takes several times as long, and that is no defect.
  it(
    'rounds of 20,000 requests for distinct 8 KB missing paths are all 401 and leave no memory behind',
    { timeout: 300_000 },
    async () => {
      const { child, port } = await serve();
      try {
        // A kept-alive connection the server closes as the client reuses it is reset; a GET is
        // then sent again, as browsers do (it happened once in 40,000 on a loaded CI machine).
        const get = async (path: string): Promise<number> => {
          const url = `http://127.0.0.1:${port}${path}`;
          try {
            return (await fetch(url)).status;
          } catch (error: unknown) {
            const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
            if (cause?.code !== 'ECONNRESET') throw error;
            return (await fetch(url)).status;
          }
        };
        const round = (n: number): Promise<number[]> =>
          pool(
            Array.from({ length: 20_000 }, (_, i) => `/${n}-${i}-${'m'.repeat(8000)}`),
            16,
            get,
          );
        // Warm up (the router, the sign-in page, the allocator) before the baseline.
        await pool(
          Array.from({ length: 2000 }, (_, i) => `/warm-${i}`),
          16,
          get,
        );
        const before = rssMB(child.pid) ?? 0;
        const first = await round(1);
        const middle = rssMB(child.pid) ?? 0;
        const second = await round(2);
        const after = rssMB(child.pid) ?? 0;
        expect([...first, ...second].filter((s) => s !== 401)).toEqual([]);
        // The heap settles at the size this traffic needs (about 60 MB more here) and stays there;
        // before, every missing path was kept: 220-350 MB more per round.
        const figures = `RSS ${before.toFixed(0)} -> ${middle.toFixed(0)} -> ${after.toFixed(0)} MB`;
        expect(middle - before, figures).toBeLessThan(120);
        expect(after - middle, figures).toBeLessThan(30);
        expect((await fetch(`http://127.0.0.1:${port}/account/get_balance/?key=${key}`)).status).toBe(200);
      } finally {
        await stop(child);
      }
    },
  );

  it('3,000 idle connections under a 1,024-file limit: a fresh request is still answered', async () => {
    const { child, port } = await serve(1024);
    const idle: Socket[] = [];
    try {
      await Promise.all(
        Array.from(
          { length: 3000 },
          () =>
            new Promise<void>((resolve) => {
              const s = connect(port, '127.0.0.1');
              s.on('error', () => {
                /* closed by the server to make room: expected */
              });
              s.once('connect', () => {
                resolve();
              });
              s.once('close', () => {
                resolve();
              });
              idle.push(s);
            }),
        ),
      );
      // Answered, not starved: the wait is bounded only so that a starved request fails the test
      // instead of hanging it (how quickly it comes is the bench's to measure, not a test's).
      const answer = await fetch(`http://127.0.0.1:${port}/account/get_balance/?key=${key}`, {
        signal: AbortSignal.timeout(20_000),
      });
      expect(answer.status).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      for (const s of idle) s.destroy();
      await stop(child);
    }
  });
});
