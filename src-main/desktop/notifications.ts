// Desktop notifications, behind one small function (showNotification): the monitor's warnings
// today, a stored alert feed later (issue 21). On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
//
// Each Notification is kept until it closes or fails: one that is only referenced by the call
// that showed it can be garbage-collected while it is on screen, and its click then does nothing.
// `failed` (an unsigned macOS build, a Windows toast refused) is logged as a failure: the log
// never claims a warning was shown when it was not.
import { app, Notification } from 'electron';
import { notificationText } from '../monitor/presentation.ts';
import type { MonitorNotification } from '../monitor/types.ts';
import { APP_USER_MODEL_ID } from './app-id.ts';

export function setupPlatformIdentity(): void {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
}

export interface DesktopNote {
  title: string;
  body: string;
  /** Shown as critical where the platform has such a thing (a low balance). */
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

export type Notify = (
  n: MonitorNotification | { kind: 'message'; title: string; body: string },
  account?: { name: string; several: boolean },
) => void;

/** The monitor's notifications as desktop notifications. `account`: with several accounts, the title names it. */
export function setupNotifications(timeZone: string, onClick: () => void, log: (line: string) => void): Notify {
  return (n, account) => {
    const text = n.kind === 'message' ? n : notificationText(n, timeZone);
    const title = account?.several === true ? `${text.title}: ${account.name}` : text.title;
    showNotification({ title, body: text.body, urgent: n.kind === 'low' }, onClick, log);
  };
}
