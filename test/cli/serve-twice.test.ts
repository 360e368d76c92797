// A second `serve` on the same data folder points at the first ("already running: UI at ...")
// instead of "port busy", whatever port it asked for; once the first stops, a new one starts; a
// file left by a process that is gone is ignored.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cli, startListening, stop } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
beforeAll(() => {
  dir = tempDir('am-serve-twice-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const env = (): Record<string, string> => ({
  ACCOUNT_MONITOR_DATA_DIR: dir,
  ACCOUNT_MONITOR_KEYCHAIN: 'off',
  ACCOUNT_MONITOR_TOKEN: '',
});
const serve = () => startListening([CLI, 'serve', '--port', '0', '--data-dir', dir], env(), 20_000, false);

describe('a second serve on the same data folder', () => {
  it('says where the first one is, in one line, and starts once the first has stopped', async () => {
    const first = await serve();
    try {
      const second = await cli(['serve', '--port', '0', '--data-dir', dir], env());
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toBe(`account-monitor: Account Monitor is already running: UI at ${first.origin}/`);
      expect(second.stderr).not.toMatch(/in use|busy/);
    } finally {
      await stop(first.child);
    }
    expect(existsSync(join(dir, 'running.json'))).toBe(false);
    // A file left by a process that is gone (pid 2^22 + 1 is above Linux's pid_max) is ignored.
    writeFileSync(join(dir, 'running.json'), JSON.stringify({ pid: 4_194_305, url: 'http://127.0.0.1:1/' }));
    const again = await serve();
    await stop(again.child);
  });
});
