// The D-Bus notification channel against a notification server of the test's own, on a private
// bus (a dbus-daemon of its own, never the machine's): what it is sent (urgency, replaces_id,
// actions, the body escaped where the server reads markup), what it is asked to close, and what
// happens when a person chooses a button. The server advertises what the case needs
// (`body-markup`, `actions`); a real one (dunst) is desktop-bus.test.ts's.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as dbus from '@jellybrick/dbus-next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import type { AlertChannel, NotificationAction } from '../../src-main/monitor/channels/channel.ts';
import { desktopBusChannel } from '../../src-main/monitor/channels/desktop-bus.ts';
import type { AlertContext } from '../../src-main/monitor/index.ts';

const NAME = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

interface Notified {
  replaces: number;
  summary: string;
  body: string;
  actions: string[];
  urgency: number;
}

let dir: string;
let daemon: ChildProcess;
let address: string;
let server: dbus.MessageBus;
let channel: AlertChannel | undefined;
const notified: Notified[] = [];
const closed: number[] = [];
let nextId = 0;

/** A private bus: dbus-daemon with the session configuration, listening in a temporary folder. */
async function startBus(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'am-bus-'));
  daemon = spawn(
    'dbus-daemon',
    [
      '--config-file=/usr/share/dbus-1/session.conf',
      '--nofork',
      '--print-address=1',
      `--address=unix:path=${join(dir, 'bus')}`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  address = await new Promise<string>((resolve, reject) => {
    daemon.once('error', reject);
    daemon.stdout?.setEncoding('utf8').once('data', (line: string) => {
      resolve(line.trim());
    });
  });
}

/** The notification server: answers as the specification says, with the capabilities given. */
async function startServer(capabilities: string[]): Promise<void> {
  server = dbus.sessionBus({ busAddress: address });
  // Its typings leave out 'error', which it emits (a bus going away): heard, not thrown.
  (server as unknown as NodeJS.EventEmitter).on('error', () => undefined);
  server.addMethodHandler((m) => {
    if (m.interface !== NAME) return false;
    const reply = (signature: string, body: unknown[]): true => {
      server.send(dbus.Message.newMethodReturn(m, signature, body));
      return true;
    };
    switch (m.member) {
      case 'GetServerInformation':
        return reply('ssss', ['test-server', 'tests', '1', '1.2']);
      case 'GetCapabilities':
        return reply('as', [capabilities]);
      case 'Notify': {
        const [, replaces, , summary, body, actions, hints] = m.body as [
          string,
          number,
          string,
          string,
          string,
          string[],
          Record<string, dbus.Variant<number>>,
        ];
        notified.push({ replaces, summary, body, actions, urgency: hints.urgency?.value ?? -1 });
        return reply('u', [replaces === 0 ? ++nextId : replaces]);
      }
      case 'CloseNotification': {
        const [id] = m.body as [number];
        closed.push(id);
        server.send(dbus.Message.newSignal(PATH, NAME, 'NotificationClosed', 'uu', [id, 3]));
        return reply('', []);
      }
      default:
        return false;
    }
  });
  await server.requestName(NAME, dbus.NameFlag.DO_NOT_QUEUE);
}

beforeEach(async () => {
  notified.length = 0;
  closed.length = 0;
  nextId = 0;
  await startBus();
});
afterEach(() => {
  channel?.close();
  channel = undefined;
  server.disconnect();
  daemon.kill();
  rmSync(dir, { recursive: true, force: true });
});

const alert = (over: Partial<Alert>): Alert => ({
  id: 1,
  accountId: 7,
  accountName: 'Home',
  at: { datetime: '2026-11-22 10:35:00', epochSeconds: 1795350900 },
  kind: 'low',
  severity: 'warning',
  urgent: false,
  title: 'Balance is low',
  text: 'Your balance is £15.00, below your warning level of £20.00.',
  balance: '1500',
  level: 2000,
  read: false,
  delivery: 'pushed',
  ...over,
});
const thread = { key: '7-balance-1795350900', accountId: 7, kind: 'balance' as const };
const context = (over: Partial<AlertContext> = {}): AlertContext => ({
  push: true,
  several: false,
  state: 'warning',
  thread,
  ...over,
});

async function open(actions: NotificationAction[] = []): Promise<{ sent: (number | undefined)[]; lines: string[] }> {
  const sent: (number | undefined)[] = [];
  const lines: string[] = [];
  channel = await desktopBusChannel({
    env: { DBUS_SESSION_BUS_ADDRESS: address },
    log: (l) => lines.push(l),
    platform: 'linux',
    onSent: (_alert, id) => sent.push(id),
    onAction: (a) => actions.push(a),
  });
  return { sent, lines };
}

describe('notifications on a private bus', () => {
  it('an episode worsening replaces its notification; the recovery closes it; urgency is the hint', async () => {
    await startServer(['body', 'persistence']);
    const { sent, lines } = await open();
    expect(lines).toEqual(['desktop notifications: test-server (tests) on the D-Bus session bus']);
    channel?.send(alert({}), context());
    channel?.send(
      alert({ kind: 'below_zero', severity: 'critical', urgent: true, title: 'Balance is below zero', text: 'Out.' }),
      context({ state: 'critical' }),
    );
    await vi.waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    expect(notified.map((n) => [n.replaces, n.summary, n.urgency])).toEqual([
      [0, 'Balance is low', 1],
      [1, 'Balance is below zero', 2],
    ]);
    expect(sent).toEqual([1, 1]);
    // No buttons where the server offers no actions.
    expect(notified.map((n) => n.actions)).toEqual([[], []]);
    // Another thread (the provider) is a notification of its own; a summary stands alone.
    channel?.send(
      alert({ kind: 'unreachable', severity: 'unknown', title: 'Provider not answering' }),
      context({ thread: { key: '7-provider-1795351000', accountId: 7, kind: 'provider' } }),
    );
    channel?.send(alert({ kind: 'summary', severity: 'ok', title: 'Daily usage summary' }), context({ thread: null }));
    await vi.waitFor(() => {
      expect(sent).toHaveLength(4);
    });
    expect(notified.slice(2).map((n) => [n.replaces, n.urgency])).toEqual([
      [0, 1],
      [0, 0],
    ]);
    channel?.withdraw?.(thread);
    await vi.waitFor(() => {
      expect(closed).toEqual([1]);
    });
    // Closed, the thread's next alert is a new notification.
    channel?.send(alert({ title: 'Balance is still low' }), context());
    await vi.waitFor(() => {
      expect(sent).toHaveLength(5);
    });
    expect(notified.at(-1)?.replaces).toBe(0);
  });

  it('escapes the body for a server that reads markup (issue 35, finding 4), and only then', async () => {
    await startServer(['body', 'body-markup']);
    const { sent } = await open();
    const text = 'The provider said: <b>pay</b> & <a href="https://evil.example/">click</a>';
    channel?.send(alert({ text }), context());
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    expect(notified[0]?.body).toBe(
      'The provider said: &lt;b&gt;pay&lt;/b&gt; &amp; &lt;a href="https://evil.example/"&gt;click&lt;/a&gt;',
    );
    channel?.close();
    server.disconnect();
    notified.length = 0;
    await startServer(['body']);
    const plain = await open();
    channel?.send(alert({ text }), context());
    await vi.waitFor(() => {
      expect(plain.sent).toHaveLength(1);
    });
    expect(notified[0]?.body).toBe(text);
  });

  it('offers Open and Snooze where the server has actions, and does what the person chose', async () => {
    await startServer(['body', 'actions']);
    const chosen: NotificationAction[] = [];
    const { sent } = await open(chosen);
    channel?.send(alert({}), context());
    channel?.send(
      alert({ kind: 'unreachable', title: 'Provider not answering' }),
      context({ thread: { key: '7-provider-1', accountId: 7, kind: 'provider' } }),
    );
    await vi.waitFor(() => {
      expect(sent).toEqual([1, 2]);
    });
    expect(notified.map((n) => n.actions)).toEqual([
      ['default', 'Open', 'snooze', 'Snooze until tomorrow'],
      ['default', 'Open'],
    ]);
    server.send(dbus.Message.newSignal(PATH, NAME, 'ActionInvoked', 'us', [1, 'snooze']));
    // An id this app never showed, or a key it never offered: nothing.
    server.send(dbus.Message.newSignal(PATH, NAME, 'ActionInvoked', 'us', [99, 'default']));
    server.send(dbus.Message.newSignal(PATH, NAME, 'ActionInvoked', 'us', [2, 'snooze']));
    // Signals arrive in order: once this one is heard, so were those before it.
    server.send(dbus.Message.newSignal(PATH, NAME, 'ActionInvoked', 'us', [2, 'default']));
    await vi.waitFor(() => {
      expect(chosen).toEqual([{ kind: 'snooze', accountId: 7 }, { kind: 'open' }]);
    });
  });
});
