// `serve` without Electron on a desktop session: each alert reaches the OS notification service
// on the session bus. Runs inside scripts/notify-session.sh: a private D-Bus session bus (never
// the machine's own) where a real notification daemon, dunst, answers
// org.freedesktop.Notifications; what dunst received is read back with `dunstctl history`.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliOk, startService, stop } from '../../bench/lib/procs.ts';
import { tempDir } from '../helpers/service.ts';

if (process.env.AM_NOTIFY_SESSION !== '1')
  throw new Error('run this suite through scripts/notify-session.sh (npm test does)');

let dir: string;
beforeAll(() => {
  dir = tempDir('am-notify-bus-');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface DunstEntry {
  summary: { data: string };
  body: { data: string };
  appname: { data: string };
  id: { data: number };
  /** Microseconds on screen; 0: until dismissed (dunst's default for critical urgency). */
  timeout: { data: number };
}

/** How many notifications dunst shows now (without closing them). */
const displayed = (): number => Number(execFileSync('dunstctl', ['count', 'displayed'], { encoding: 'utf8' }).trim());

/** What dunst has shown so far (closing what it shows moves it to its history). */
function received(): DunstEntry[] {
  execFileSync('dunstctl', ['close-all']);
  const history = JSON.parse(execFileSync('dunstctl', ['history'], { encoding: 'utf8' })) as { data: DunstEntry[][] };
  return history.data.flat();
}

describe('alerts on the desktop notification service', () => {
  it('a low balance and then below zero each reach the daemon once, and serve names the service it found', async () => {
    const env = { ACCOUNT_MONITOR_DATA_DIR: dir, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
    const key = await cliOk(['account', 'create', 'Hosting'], env);
    await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-01', '--amount', '1500'], env);
    await cliOk(['settings', 'set', '--key', key, '--warning-enabled', 'true', '--warning-level', '2000'], env);
    let served = await startService(dir, env, [], false);
    try {
      await vi.waitFor(
        () => {
          expect(received().map((e) => e.summary.data)).toEqual(['Balance is low']);
        },
        { timeout: 20_000, interval: 50 },
      );
      const [low] = received();
      expect(low?.body.data).toBe('Your balance is £15.00, below your warning level of £20.00.');
      expect(low?.appname.data).toBe('Account Monitor');
      // Read once the event loop has heard the child (dunstctl above ran synchronously).
      await vi.waitFor(() => {
        expect(served.stderr()).toMatch(/desktop notifications: dunst \(knopwob\) on the D-Bus session bus/);
        expect(served.stderr()).toMatch(/alert: WARNING "Hosting": Balance is low\./);
      });
      // A restart while low says nothing new; a charge below zero is news, once.
      await stop(served.child);
      served = await startService(dir, env, [], false);
      await vi.waitFor(() => {
        expect(served.stderr()).toMatch(/desktop notifications: dunst/);
      });
      await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-20', '--amount', '2000', '--kind', 'charge'], env);
      await vi.waitFor(
        () => {
          expect(received().map((e) => e.summary.data)).toEqual(['Balance is below zero', 'Balance is low']);
        },
        { timeout: 90_000, interval: 100 },
      );
      expect(received()[0]?.body.data).toBe(
        'Your balance is -£5.00: it has run out. Top up to keep your services running.',
      );
    } finally {
      await stop(served.child);
    }
  });

  it('below zero replaces the low notification of the same episode (replaces_id), critical until dismissed', async () => {
    const folder = tempDir('am-notify-replace-');
    const env = { ACCOUNT_MONITOR_DATA_DIR: folder, ACCOUNT_MONITOR_KEYCHAIN: 'off' };
    // What dunst showed before this test is left out (its ids only grow).
    const before = Math.max(0, ...received().map((e) => e.id.data));
    try {
      const key = await cliOk(['account', 'create', 'Hosting'], env);
      await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-01', '--amount', '1500'], env);
      await cliOk(['settings', 'set', '--key', key, '--warning-enabled', 'true', '--warning-level', '2000'], env);
      const served = await startService(folder, env, [], false);
      try {
        await vi.waitFor(
          () => {
            expect(served.stderr()).toMatch(/alert: WARNING "Hosting": Balance is low\./);
            expect(displayed()).toBe(1);
          },
          { timeout: 20_000, interval: 50 },
        );
        await cliOk(['ledger', 'add', '--key', key, '--at', '2026-11-20', '--amount', '2000', '--kind', 'charge'], env);
        await vi.waitFor(
          () => {
            expect(served.stderr()).toMatch(/alert: CRITICAL "Hosting": Balance is below zero\./);
          },
          { timeout: 30_000, interval: 50 },
        );
        // The low notification was replaced, not joined by a second one.
        await vi.waitFor(() => {
          expect(displayed()).toBe(1);
          const [only, ...others] = received().filter((e) => e.id.data > before);
          expect(others).toEqual([]);
          expect(only?.summary.data).toBe('Balance is below zero');
          expect(only?.timeout.data).toBe(0);
        });
      } finally {
        await stop(served.child);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
