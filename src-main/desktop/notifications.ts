// Desktop notifications, behind one small function (showNotification): the monitor's alerts (a
// channel in the app's one list) and the app's own messages. On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
//
// Each Notification is kept until it closes or fails: one that is only referenced by the call
// that showed it can be garbage-collected while it is on screen, and its click then does nothing.
// Where `close` never comes (Windows toasts moved to the Action Center, some Linux servers), the
// keep-alive set would grow for ever: an alert's notification is kept per thread (a later one
// replaces it) and the app's own messages only the newest KEPT_MESSAGES. A toast clicked in the
// Action Center after its object is gone reaches Notification.handleActivation (Windows), which
// opens the window. `failed` (an unsigned macOS build, a Windows toast refused) is logged as a
// failure: the log never claims a warning was shown when it was not.
import { app, Notification } from 'electron';
import {
  ACTION_LABEL,
  type AlertChannel,
  type NotificationAction,
  notificationActions,
  pushedTitle,
} from '../monitor/channels/channel.ts';
import { APP_USER_MODEL_ID } from './app-id.ts';

/**
 * Windows shows a toast only for an AppUserModelID that a Start-menu shortcut carries. The
 * installer's shortcut carries the app's id (electron-builder's appId); under `npm start` there is
 * no such shortcut, and toasts were dropped while the log said "shown". Unpackaged, the id is
 * Electron's own executable path, as Electron's notifications tutorial has it for development
 * (https://www.electronjs.org/docs/latest/tutorial/notifications, Windows).
 */
export function setupPlatformIdentity(platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') app.setAppUserModelId(app.isPackaged ? APP_USER_MODEL_ID : process.execPath);
}

/** The app's own messages kept alive at most (an alert's are one per thread). */
export const KEPT_MESSAGES = 8;

export interface DesktopNote {
  title: string;
  body: string;
  /** Shown as critical where the platform has such a thing (below zero, a refused key). */
  urgent: boolean;
  /**
   * The thread it belongs to: a later note of the same thread replaces it (the same `id` on
   * macOS and Windows; the earlier one closed first everywhere).
   */
  thread?: string;
  /** Buttons besides a click on the notification (macOS and Windows show them). */
  actions?: NotificationAction[];
}

/** Notifications kept alive: one per thread, and the newest of the app's own messages. */
const byThread = new Map<string, Notification>();
const messages = new Set<Notification>();

function forget(shown: Notification): void {
  messages.delete(shown);
  for (const [key, n] of byThread) if (n === shown) byThread.delete(key);
}

/** How many notifications are kept alive now (tests: the set must not grow). */
export function keptNotifications(): number {
  return byThread.size + messages.size;
}

/**
 * Shows one notification; `onAction` with what the person chose (a click is Open). Never
 * throws. A note of a thread already shown replaces it.
 */
export function showNotification(
  note: DesktopNote,
  onAction: (action: NotificationAction) => void,
  log: (line: string) => void,
): void {
  const what = `${note.title}: ${note.body}`;
  if (!Notification.isSupported()) {
    log(`notification not shown (not supported here): ${what}`);
    return;
  }
  // Buttons where Electron shows them (macOS, Windows); on Linux a click opens the app.
  const buttons = process.platform === 'linux' ? [] : (note.actions ?? []).filter((a) => a.kind !== 'open');
  const shown = new Notification({
    title: note.title,
    body: note.body,
    urgency: note.urgent ? 'critical' : 'normal',
    ...(note.thread === undefined ? {} : { id: note.thread }),
    ...(buttons.length === 0
      ? {}
      : { actions: buttons.map((a) => ({ type: 'button' as const, text: ACTION_LABEL[a.kind] })) }),
  });
  if (note.thread === undefined) {
    messages.add(shown);
    for (const old of messages) {
      if (messages.size <= KEPT_MESSAGES) break;
      messages.delete(old);
    }
  } else {
    const before = byThread.get(note.thread);
    byThread.set(note.thread, shown);
    before?.close();
  }
  shown.on('show', () => {
    log(`notification shown: ${what}`);
  });
  shown.on('failed', (_event, error) => {
    forget(shown);
    log(`notification failed (${error}): ${what}`);
  });
  shown.on('close', () => {
    forget(shown);
  });
  shown.on('click', () => {
    forget(shown);
    onAction({ kind: 'open' });
  });
  shown.on('action', (details, index) => {
    // Electron 45 passes the button's index in the details (and, deprecated, as an argument).
    const chosen = (details as { actionIndex?: number } | undefined)?.actionIndex ?? index;
    const action = buttons[chosen];
    if (action !== undefined) onAction(action);
  });
  shown.show();
}

/** Closes a thread's notification, if it is still shown (its episode is over). */
export function closeNotification(thread: string): void {
  const shown = byThread.get(thread);
  byThread.delete(thread);
  shown?.close();
}

/** The app's own messages (the keychain unlocked, the local API not started) as notifications. */
export type Notify = (n: { title: string; body: string; critical?: boolean }) => void;

/**
 * The app's messages as notifications; a click opens the window. On Windows a toast clicked in
 * the Action Center after its object is gone (or after a restart) opens it too.
 */
export function setupNotifications(open: () => void, log: (line: string) => void): Notify {
  // Windows only; elsewhere Electron has no such method.
  if (process.platform === 'win32' && typeof Notification.handleActivation === 'function')
    Notification.handleActivation(() => {
      open();
    });
  return (n) => {
    showNotification({ title: n.title, body: n.body, urgent: n.critical === true }, open, log);
  };
}

/** The monitor's pushed alerts as notifications: one channel in the app's list (app.ts). */
export function notificationChannel(o: {
  open: () => void;
  snooze: (accountId: number) => void;
  log: (line: string) => void;
}): AlertChannel {
  return {
    send: (alert, context) => {
      showNotification(
        {
          title: pushedTitle(alert, context),
          body: alert.text,
          urgent: alert.urgent || alert.severity === 'critical',
          ...(context.thread == null ? {} : { thread: context.thread.key }),
          actions: notificationActions(alert, context),
        },
        (action) => {
          if (action.kind === 'snooze') o.snooze(action.accountId);
          else o.open();
        },
        o.log,
      );
    },
    withdraw: (thread) => {
      closeNotification(thread.key);
    },
    close: () => undefined,
  };
}
