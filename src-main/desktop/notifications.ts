// Desktop notifications, behind one small function (showNotification): the monitor's alerts (a
// channel in the app's one list) and the app's own messages. On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
//
// Each Notification is kept until it closes or fails: one that is only referenced by the call
// that showed it can be garbage-collected while it is on screen, and its click then does nothing.
// `failed` (an unsigned macOS build, a Windows toast refused) is logged as a failure: the log
// never claims a warning was shown when it was not.
import { app, Notification } from 'electron';
import { type AlertChannel, pushedTitle } from '../monitor/channels/channel.ts';
import { APP_USER_MODEL_ID } from './app-id.ts';

export function setupPlatformIdentity(): void {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
}

export interface DesktopNote {
  title: string;
  body: string;
  /** Shown as critical where the platform has such a thing (below zero, a refused key). */
  urgent: boolean;
}

const open = new Set<Notification>();

/** Shows one notification; `onClick` when the user clicks it. Never throws. */
export function showNotification(note: DesktopNote, onClick: () => void, log: (line: string) => void): void {
  const what = `${note.title}: ${note.body}`;
  if (!Notification.isSupported()) {
    log(`notification not shown (not supported here): ${what}`);
    return;
  }
  const shown = new Notification({ title: note.title, body: note.body, urgency: note.urgent ? 'critical' : 'normal' });
  open.add(shown);
  const forget = (): void => {
    open.delete(shown);
  };
  shown.on('show', () => {
    log(`notification shown: ${what}`);
  });
  shown.on('failed', (_event, error) => {
    forget();
    log(`notification failed (${error}): ${what}`);
  });
  shown.on('close', forget);
  shown.on('click', () => {
    forget();
    onClick();
  });
  shown.show();
}

/** The app's own messages (the keychain unlocked, the local API not started) as notifications. */
export type Notify = (n: { title: string; body: string; critical?: boolean }) => void;

export function setupNotifications(onClick: () => void, log: (line: string) => void): Notify {
  return (n) => {
    showNotification({ title: n.title, body: n.body, urgent: n.critical === true }, onClick, log);
  };
}

/** The monitor's pushed alerts as notifications: one channel in the app's list (app.ts). */
export function notificationChannel(onClick: () => void, log: (line: string) => void): AlertChannel {
  return {
    send: (alert, context) => {
      showNotification(
        { title: pushedTitle(alert, context), body: alert.text, urgent: alert.urgent || alert.severity === 'critical' },
        onClick,
        log,
      );
    },
    close: () => undefined,
  };
}
