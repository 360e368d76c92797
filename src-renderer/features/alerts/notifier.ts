// Which tab shows a browser notification, and for which alerts. With several tabs open each one
// reads the same alerts; exactly one of them, the holder of a Web Lock, shows notifications
// (when it closes, the lock and the duty pass to another tab). The newest alert notified is kept
// in localStorage, so a tab taking over does not show again what the last one showed; a tab
// never shows alerts older than what it first read (those are in the list and the unread count).
import type { Alert } from '../../../src-shared/app-api.ts';

const LOCK = 'account-monitor-notifier';
const NOTIFIED_UP_TO = 'account-monitor.notified-up-to';

/** Holds the notifier lock until `signal` aborts; `onLeader` runs once this tab holds it. */
export function becomeNotifier(signal: AbortSignal, onLeader: () => void): void {
  if (!('locks' in navigator)) {
    // No Web Locks (an old browser): every tab notifies; the notification's tag keeps the OS from showing one twice.
    onLeader();
    return;
  }
  navigator.locks
    .request(LOCK, { signal }, () => {
      onLeader();
      return new Promise<void>((release) => {
        signal.addEventListener('abort', () => {
          release();
        });
      });
    })
    .catch(() => undefined /* aborted while waiting: this tab closed */);
}

function storedUpTo(): number {
  const n = Number(localStorage.getItem(NOTIFIED_UP_TO));
  return Number.isSafeInteger(n) ? n : 0;
}

/**
 * The alerts to show now, oldest first: newer than both what this tab first read (`baseline`)
 * and what any tab already showed; pushed (quiet hours held the others back) and unread. The
 * mark moves past them before they are shown, so a second call never returns them again.
 */
export function claimNew(alerts: readonly Alert[], baseline: number): Alert[] {
  // A mark beyond every alert there is belongs to another data folder once served here: ignored.
  const stored = storedUpTo();
  const after = Math.max(baseline, stored <= (alerts[0]?.id ?? 0) ? stored : 0);
  const fresh = alerts.filter((a) => a.id > after).sort((a, b) => a.id - b.id);
  const newest = fresh.at(-1);
  if (newest === undefined) return [];
  localStorage.setItem(NOTIFIED_UP_TO, String(newest.id));
  return fresh.filter((a) => a.delivery === 'pushed' && !a.read);
}

/** Shows one alert; a click brings this tab forward at the Alerts panel. */
export function showNotification(alert: Alert, several: boolean): void {
  const notification = new Notification(several ? `${alert.accountName}: ${alert.title}` : alert.title, {
    body: alert.text,
    tag: `account-monitor-alert-${alert.id}`,
  });
  notification.onclick = () => {
    window.focus();
    window.location.hash = '#alerts';
    notification.close();
  };
}
