// The desktop's notifications against the fake Electron (issues 34 and 33, shell defect 9): an
// episode's later alert replaces its notification (the same id; the earlier one closed), its end
// closes it, buttons where Electron shows them (macOS, Windows) do what they say, a toast clicked
// in Windows' Action Center after its object is gone opens the window (handleActivation), and
// where `close` never comes the notifications kept alive stay bounded.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../src-shared/app-api.ts';
import type { AlertContext } from '../../src-main/monitor/index.ts';
import { electronFake, FakeNotification, liveNotifications, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { keptNotifications, KEPT_MESSAGES, notificationChannel, setupNotifications } =
  await import('../../src-main/desktop/notifications.ts');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const platform = process.platform;
function onPlatform(p: NodeJS.Platform): void {
  Object.defineProperty(process, 'platform', { value: p });
}
afterEach(() => {
  onPlatform(platform);
  FakeNotification.neverClose = false;
});

const alert = (title: string, over: Partial<Alert> = {}): Alert => ({
  id: 1,
  accountId: 4,
  accountName: 'Home',
  at: { datetime: '2026-11-22 10:35:00', epochSeconds: 1795350900 },
  kind: 'low',
  severity: 'warning',
  urgent: false,
  title,
  text: `${title}.`,
  balance: '1500',
  level: 2000,
  read: false,
  delivery: 'pushed',
  ...over,
});
const thread = (key: string): AlertContext['thread'] => ({ key, accountId: 4, kind: 'balance' });
const context = (key: string | null): AlertContext => ({
  push: true,
  several: false,
  state: 'warning',
  thread: key === null ? null : thread(key),
});

function channel(): { send: (a: Alert, c: AlertContext) => void; withdraw: (key: string) => void; chosen: string[] } {
  const chosen: string[] = [];
  const c = notificationChannel({
    open: () => chosen.push('open'),
    snooze: (id) => chosen.push(`snooze ${id}`),
    log: () => undefined,
  });
  return {
    send: (a, ctx) => {
      c.send(a, ctx);
    },
    withdraw: (key) => {
      const t = thread(key);
      if (t != null) c.withdraw?.(t);
    },
    chosen,
  };
}

describe("an episode's notification", () => {
  it('is replaced by the next alert of the episode (same id, the earlier closed), and closed when it is over', () => {
    const c = channel();
    const first = recorded.notes.length;
    c.send(alert('Balance is low'), context('4-balance-1'));
    c.send(alert('Balance is below zero', { severity: 'critical', urgent: true }), context('4-balance-1'));
    const [low, zero] = recorded.notes.slice(first);
    expect([low?.id, low?.urgency, low?.closed]).toEqual(['4-balance-1', 'normal', true]);
    expect([zero?.id, zero?.urgency, zero?.closed]).toEqual(['4-balance-1', 'critical', false]);
    c.withdraw('4-balance-1');
    expect(zero?.closed).toBe(true);
    expect(keptNotifications()).toBe(0);
  });

  it('offers Snooze on macOS and Windows; the button snoozes that account, a click opens the window', () => {
    onPlatform('darwin');
    const c = channel();
    c.send(alert('Balance is low'), context('4-balance-2'));
    const shown = liveNotifications().find((n) => n.options.id === '4-balance-2');
    expect(shown?.options.actions).toEqual([{ type: 'button', text: 'Snooze until tomorrow' }]);
    shown?.emit('action', { actionIndex: 0 }, 0);
    shown?.emit('click');
    expect(c.chosen).toEqual(['snooze 4', 'open']);
    // Linux's notifications have no buttons here: a click opens the window.
    onPlatform('linux');
    c.send(alert('Balance is low'), context('4-balance-3'));
    expect(liveNotifications().find((n) => n.options.id === '4-balance-3')?.options.actions).toBeUndefined();
  });
});

describe('where close never comes (Windows toasts in the Action Center)', () => {
  it('keeps one notification per episode and the newest few messages alive, however many are shown', async () => {
    FakeNotification.neverClose = true;
    const before = keptNotifications();
    const c = channel();
    for (let i = 0; i < 40; i++) c.send(alert(`Alert ${i}`), context(`4-balance-${i % 3}`));
    const notify = setupNotifications(
      () => undefined,
      () => undefined,
    );
    for (let i = 0; i < 40; i++) notify({ title: `Message ${i}`, body: 'b' });
    expect(keptNotifications()).toBe(before + 3 + KEPT_MESSAGES);
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(liveNotifications().length).toBeLessThanOrEqual(before + 3 + KEPT_MESSAGES + 2);
  });

  it('a toast clicked after its object is gone opens the window (Notification.handleActivation)', () => {
    onPlatform('win32');
    const opened: string[] = [];
    setupNotifications(
      () => opened.push('window'),
      () => undefined,
    );
    expect(FakeNotification.activate({ type: 'click', arguments: '' })).toBe(true);
    expect(FakeNotification.activate({ type: 'action', arguments: '', actionIndex: 0 })).toBe(true);
    expect(opened).toEqual(['window', 'window']);
  });
});
