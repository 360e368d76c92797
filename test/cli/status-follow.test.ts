// `status --follow` as a status bar keeps it: a real follower process over a real data folder,
// and a real `serve` started, changed under, stopped, killed and started again beside it. The
// clock is fixed (ACCOUNT_MONITOR_NOW) for both; nothing here sleeps: each step waits for the
// line it expects.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cli, cliOk, startCli, startService, stop, type Running, type Started } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

interface WaybarLine {
  text: string;
  tooltip: string;
  class: string;
  alt: string;
}

const NOT_RUNNING = /^Account Monitor is not running/;

let dir: string;
let env: Record<string, string>;
let key: string;
beforeAll(async () => {
  dir = tempDir('am-follow-');
  env = { ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off', DBUS_SESSION_BUS_ADDRESS: '' };
  key = await cliOk(['account', 'create', 'Home'], env);
  await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-01', '--amount', '1500'], env);
  await cliOk(['settings', 'set', '--key', key, '--warning-enabled', 'true', '--warning-level', '2000'], env);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every line printed so far (the last one complete). */
function lines(f: Running): string[] {
  return f.stdout().split('\n').slice(0, -1);
}

/** Waits for a line after the first `from` lines that `matches`; answers its index. */
async function lineAfter(f: Running, from: number, matches: (line: WaybarLine) => boolean): Promise<number> {
  return vi.waitFor(
    () => {
      const all = lines(f);
      for (let i = from; i < all.length; i++) if (matches(JSON.parse(all[i] ?? '') as WaybarLine)) return i;
      throw new Error(`no such line yet after ${from}: ${all.slice(from).join('\n')}\nstderr: ${f.stderr()}`);
    },
    { timeout: 20_000, interval: 50 },
  );
}

function follow(args: string[]): Running {
  return startCli(['status', '--follow', ...args], env);
}

describe('status --follow --waybar', () => {
  it('says no service runs, then follows serve: a line per change, unknown when it stops or dies, back when it returns', async () => {
    const f = follow(['--waybar']);
    let served: Started | undefined;
    try {
      // At once, with no service: the balance, class unknown, and the reason first in the tooltip.
      let at = await lineAfter(f, 0, (l) => l.class === 'unknown' && NOT_RUNNING.test(l.tooltip));
      expect(JSON.parse(lines(f)[at] ?? '')).toEqual({
        text: '£15.00',
        tooltip:
          'Account Monitor is not running: nothing checks the accounts or warns (start it: account-monitor serve, or open the app)\nHome: £15.00 low (read 0 s ago)',
        class: 'unknown',
        alt: 'unknown',
      });
      served = await startService(dir, env, [], false);
      at = await lineAfter(f, at + 1, (l) => l.class === 'warning');
      expect(JSON.parse(lines(f)[at] ?? '')).toEqual({
        text: '£15.00',
        tooltip: 'Home: £15.00 low (read 0 s ago)',
        class: 'warning',
        alt: 'warning',
      });
      // A change written by another process: a new line, heard through the service's change feed.
      await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-20', '--amount', '2000', '--kind', 'charge'], env);
      at = await lineAfter(f, at + 1, (l) => l.text === '-£5.00' && l.class === 'critical');
      // Stopped: running.json goes, the feed's connection closes.
      await stop(served.child);
      served = undefined;
      at = await lineAfter(f, at + 1, (l) => l.class === 'unknown' && NOT_RUNNING.test(l.tooltip));
      expect(JSON.parse(lines(f)[at] ?? '')).toMatchObject({ text: '-£5.00' });
      // Back.
      served = await startService(dir, env, [], false);
      at = await lineAfter(f, at + 1, (l) => l.class === 'critical' && !NOT_RUNNING.test(l.tooltip));
      // Killed: its running.json stays behind, naming a process that is gone.
      const killed = served.child;
      served = undefined;
      const gone = new Promise((resolve) => killed.once('exit', resolve));
      killed.kill('SIGKILL');
      await gone;
      expect(existsSync(join(dir, 'running.json'))).toBe(true);
      await lineAfter(f, at + 1, (l) => l.class === 'unknown' && NOT_RUNNING.test(l.tooltip));
      // Never an empty line, never a partial object: Waybar would hide the module.
      expect(f.stdout().endsWith('\n')).toBe(true);
      for (const line of lines(f)) {
        expect(line).not.toBe('');
        expect((JSON.parse(line) as WaybarLine).text).not.toBe('');
      }
      expect(f.stderr()).toBe('');
    } finally {
      f.child.kill('SIGTERM');
      if (served !== undefined) await stop(served.child);
    }
    expect(await f.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('prints the same line again at each heartbeat (--heartbeat makes the 60 s shorter)', async () => {
    const f = follow(['--waybar', '--heartbeat', '0.2']);
    try {
      await vi.waitFor(
        () => {
          expect(lines(f).length).toBeGreaterThanOrEqual(3);
        },
        { timeout: 20_000, interval: 50 },
      );
      const [first, ...rest] = lines(f);
      for (const line of rest) expect(line).toBe(first);
    } finally {
      f.child.kill('SIGTERM');
    }
    expect(await f.exited).toEqual({ code: 0, signal: null });
  });

  it('exits 0, quietly, when the bar closes its end of the pipe', async () => {
    const f = follow(['--waybar', '--heartbeat', '0.2']);
    await vi.waitFor(
      () => {
        expect(lines(f).length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 20_000, interval: 50 },
    );
    // The next heartbeat's write fails with EPIPE.
    f.child.stdout?.destroy();
    expect(await f.exited).toEqual({ code: 0, signal: null });
    expect(f.stderr()).toBe('');
  });

  it('exits 0 on SIGINT and SIGHUP too', async () => {
    for (const signal of ['SIGINT', 'SIGHUP'] as const) {
      const f = follow(['--waybar']);
      await vi.waitFor(
        () => {
          expect(lines(f).length).toBeGreaterThanOrEqual(1);
        },
        { timeout: 20_000, interval: 50 },
      );
      f.child.kill(signal);
      expect(await f.exited).toEqual({ code: 0, signal: null });
    }
  });

  it('refuses what cannot be followed, in one line, exit 2', async () => {
    for (const [args, message] of [
      [['--follow'], /--follow prints one line per change for a status bar: add --waybar/],
      [['--follow', '--waybar', '--json'], /choose one of --waybar, --json/],
      [['--follow', '--waybar', '--refresh'], /--follow never asks a provider/],
      [['--follow', '--waybar', '--heartbeat', '0'], /--heartbeat takes seconds, more than 0/],
      [['--waybar', '--heartbeat', '5'], /--heartbeat goes with --follow/],
    ] as const) {
      const r = await cli(['status', ...args], env);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
