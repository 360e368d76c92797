// `serve` and its access token across restarts: the printed address works again after a restart
// (the token is kept in the data folder), and `--new-token` replaces it, after which the old one
// is refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLI, startListening, stop } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';
import { rmSync } from 'node:fs';

let dir: string;
beforeAll(() => {
  dir = tempDir('am-serve-token-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Starts serve, reads the token from its UI line, and stops it after `use`. */
async function withServe<T>(args: string[], use: (origin: string, token: string) => Promise<T>): Promise<T> {
  const env = { ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off', ACCOUNT_MONITOR_TOKEN: '' };
  const started = await startListening([CLI, 'serve', '--port', '0', '--data-dir', dir, ...args], env, 20_000, false);
  try {
    const token = await vi.waitFor(
      () => {
        const t = /^UI: http:\/\/\S+\/#token=(\S+)$/m.exec(started.stderr())?.[1];
        if (t === undefined) throw new Error('no UI line yet');
        return t;
      },
      { timeout: 10_000, interval: 10 },
    );
    return await use(started.origin, token);
  } finally {
    await stop(started.child);
  }
}

const status = async (origin: string, token: string): Promise<number> =>
  (await fetch(`${origin}/app/status`, { headers: { Authorization: `Bearer ${token}` } })).status;

describe('serve and its access token', () => {
  it('keeps the token across restarts, and --new-token replaces it', async () => {
    const first = await withServe([], async (origin, token) => {
      expect(await status(origin, token)).toBe(200);
      return token;
    });
    await withServe([], async (origin, token) => {
      expect(token).toBe(first);
      expect(await status(origin, first)).toBe(200);
    });
    await withServe(['--new-token'], async (origin, token) => {
      expect(token).not.toBe(first);
      expect(await status(origin, first)).toBe(401);
      expect(await status(origin, token)).toBe(200);
    });
  });
});
