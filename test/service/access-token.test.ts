// The access token kept in the data folder: made once, owner-only, the same at every start,
// replaced on request, and never taken from a file others could read or write.
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessToken, TOKEN_FILE } from '../../src-main/service/access-token.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let logs: string[];
const log = (line: string): void => {
  logs.push(line);
};

beforeEach(() => {
  dir = tempDir('am-token-');
  logs = [];
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const file = (): string => join(dir, TOKEN_FILE);

describe('the kept access token', () => {
  it('is made once, owner-only, and the same at the next start', () => {
    const first = accessToken(dir, { log });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file(), 'utf8').trim()).toBe(first);
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(accessToken(dir, { log })).toBe(first);
    expect(logs).toEqual([]);
  });

  it('is replaced when asked (serve --new-token)', () => {
    const first = accessToken(dir, { log });
    const second = accessToken(dir, { rotate: true, log });
    expect(second).not.toBe(first);
    expect(accessToken(dir, { log })).toBe(second);
  });

  it.skipIf(process.platform === 'win32')(
    "is not taken from a file others could read, nor from one that is not a token (POSIX modes: on Windows the profile folder's ACLs decide who reads it)",
    () => {
      const first = accessToken(dir, { log });
      chmodSync(file(), 0o644);
      const second = accessToken(dir, { log });
      expect(second).not.toBe(first);
      expect(logs.join('\n')).toContain('readable by other users');
      expect(statSync(file()).mode & 0o777).toBe(0o600);
      writeFileSync(file(), 'short\n', { mode: 0o600 });
      expect(accessToken(dir, { log })).not.toBe('short');
    },
  );

  it('is not taken through a symbolic link', () => {
    const elsewhere = join(dir, 'elsewhere');
    writeFileSync(elsewhere, `${'a'.repeat(43)}\n`, { mode: 0o600 });
    symlinkSync(elsewhere, file());
    expect(accessToken(dir, { log })).not.toBe('a'.repeat(43));
  });

  it('is checked on what was opened: a link swapped in between a check and the read is never followed', async (ctx) => {
    if (process.platform === 'win32') ctx.skip('skipped: no O_NOFOLLOW on Windows');
    const planted = 'p'.repeat(43);
    const elsewhere = join(dir, 'elsewhere');
    writeFileSync(elsewhere, `${planted}\n`, { mode: 0o600 });
    // Another thread swaps the token file for a link to `elsewhere` and back, as fast as it can.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const swapper = new Worker(
      `const { workerData: w, parentPort } = require('node:worker_threads');
       const fs = require('node:fs');
       const stop = new Int32Array(w.stop);
       parentPort.postMessage('swapping');
       for (let i = 0; Atomics.load(stop, 0) === 0; i++) {
         try {
           const t = w.file + '.swap' + (i % 2);
           if (i % 2 === 0) fs.symlinkSync(w.elsewhere, t);
           else fs.writeFileSync(t, 'r'.repeat(43) + '\\n', { mode: 0o600 });
           fs.renameSync(t, w.file);
         } catch {}
       }`,
      { eval: true, workerData: { file: file(), elsewhere, stop: stop.buffer } },
    );
    await new Promise((started) => swapper.once('message', started));
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 3000; i++) seen.add(accessToken(dir, { log }));
      expect(seen.has(planted)).toBe(false);
    } finally {
      Atomics.store(stop, 0, 1);
      await swapper.terminate();
    }
  });

  it('lasts for the run when it cannot be kept, and says so', () => {
    mkdirSync(file());
    const token = accessToken(dir, { log });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(logs.join('\n')).toContain('it changes at every start');
  });
});
