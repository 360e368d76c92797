// Desktop notifications, behind one small function (showNotification): the monitor's warnings
// today, a stored alert feed later (issue 21). On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
//
// Each Notification is kept until it closes or fails: one that is only referenced by the call
// that showed it can be garbage-collected while it is on screen, and its click then does nothing.
// `failed` (an unsigned macOS build, a Windows toast refused) is logged as a failure: the log
// never claims a warning was shown when it was not.
import { app, Notification } from 'electron';
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

export type Notify = (
  n: { title: string; body: string; critical?: boolean },
  account?: { name: string; several: boolean },
) => void;

/** Alerts (and the app's own messages) as desktop notifications. `account`: with several accounts, the title names it. */
export function setupNotifications(onClick: () => void, log: (line: string) => void): Notify {
  return (n, account) => {
    const title = account?.several === true ? `${n.title}: ${account.name}` : n.title;
    showNotification({ title, body: n.body, urgent: n.critical === true }, onClick, log);
  };
}
