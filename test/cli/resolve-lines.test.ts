// `resolve --jsonl` as a script drives it: lines written one at a time and each answer awaited,
// on a stdin left non-blocking by whoever started it, and a reader that goes away early; and
// resolve's input and output through read(2) and write(2), without Node's streams.
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '../../bin/account-monitor.js');
const env = { ...process.env, ACCOUNT_MONITOR_TZ: 'Europe/London' };
const ARGS = [MAIN, 'resolve', '--jsonl', '--now', '2026-11-21T10:35:00'];

describe('resolve --jsonl', () => {
  it.skipIf(process.platform === 'win32')(
    'answers each line as it comes on a stdin that does not block, a character split across writes (skipped on Windows: no mkfifo)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'resolve-lines-'));
      try {
        const fifo = join(dir, 'in');
        expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
        // Opened without blocking, the reading end stays non-blocking in the child: its reads
        // find no data (EAGAIN) whenever it asks before the next write.
        const reading = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
        const writing = openSync(fifo, constants.O_WRONLY);
        const child = spawn(process.execPath, ARGS, { env, stdio: [reading, 'pipe', 'pipe'] });
        closeSync(reading);
        const { stdout, stderr } = child;
        if (stdout === null || stderr === null) throw new Error('spawned without pipes');
        let out = '';
        let err = '';
        stderr.on('data', (b: Buffer) => (err += b.toString()));
        /** Resolves once `n` answers have come. */
        let waiting: { n: number; done: () => void } | undefined;
        const check = (): void => {
          if (waiting !== undefined && out.split('\n').length > waiting.n) waiting.done();
        };
        stdout.on('data', (b: Buffer) => {
          out += b.toString();
          check();
        });
        const lines = (n: number): Promise<void> =>
          new Promise((done) => {
            waiting = { n, done };
            check();
          });
        writeSync(writing, '"tomorrow"\n"no');
        await lines(1);
        writeSync(writing, 'on"\n');
        writeSync(writing, Buffer.from([0x22, 0xc3])); // '"' and the first byte of "\u00e9"
        await lines(2);
        writeSync(writing, Buffer.from([0xa9, 0x74, 0xc3, 0xa9, 0x22, 0x0a]));
        writeSync(writing, '"in 2 days"');
        closeSync(writing);
        const status = await new Promise<number | null>((done) => child.on('close', done));
        expect(err).toBe('');
        expect(status).toBe(0);
        expect(out.trim().split('\n')).toEqual([
          '{"datetime":"2026-11-22 00:00:00","understood":true}',
          '{"datetime":"2026-11-21 12:00:00","understood":true}',
          '{"datetime":"2026-11-21 10:35:00","understood":false}',
          '{"datetime":"2026-11-23 10:35:00","understood":true}',
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('skips a byte-order mark at the start of its input', () => {
    const r = spawnSync(process.execPath, ARGS, { env, input: '\ufeff"tomorrow"\n', encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('{"datetime":"2026-11-22 00:00:00","understood":true}\n');
  });

  it('stops quietly when the reader of its answers goes away', async () => {
    const child = spawn(process.execPath, ARGS, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdin.on('error', () => undefined); // the CLI may stop reading before all is written
    // More answers than a pipe holds: the CLI is still writing when the reader closes its end.
    child.stdin.end('"tomorrow"\n'.repeat(20000));
    child.stdout.once('data', () => child.stdout.destroy());
    const status = await new Promise<number | null>((done) => child.on('close', done));
    expect(err).toBe('');
    expect(status).toBe(0);
  });

  it("reads and writes without loading Node's streams (about 5 ms of start-up)", () => {
    // Node's own list of the built-in modules loaded, printed to stderr as the process exits.
    const hook = `data:text/javascript,process.on('exit', () => process._rawDebug(JSON.stringify(process.moduleLoadList)))`;
    for (const [args, input] of [
      [['resolve', 'tomorrow', '--now', '2026-11-21T10:35:00'], undefined],
      [ARGS.slice(1), '"tomorrow"\n'],
    ] as const) {
      const r = spawnSync(process.execPath, ['--import', hook, MAIN, ...args], {
        env,
        input,
        encoding: 'utf8',
      });
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toMatch(
        /^(2026-11-22 00:00:00|\{"datetime":"2026-11-22 00:00:00","understood":true\})\n$/,
      );
      const loaded = JSON.parse(r.stderr) as string[];
      expect(loaded, args.join(' ')).not.toContain('NativeModule stream');
      expect(loaded, args.join(' ')).not.toContain('NativeModule net');
    }
  });
});
