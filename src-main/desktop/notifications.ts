// Monitor notifications as OS notifications. On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
import { app, Notification } from 'electron';
import { notificationText } from '../monitor/presentation.ts';
import type { MonitorNotification } from '../monitor/types.ts';

export const APP_USER_MODEL_ID = 'uk.co.accountmonitor.desktop';

export function setupPlatformIdentity(): void {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
}

/** `account`: with several accounts watched, the title names the one it is about. */
export function setupNotifications(
  timeZone: string,
  onClick: () => void,
  log: (line: string) => void,
): (
  n: MonitorNotification | { kind: 'message'; title: string; body: string },
  account?: { name: string; several: boolean },
) => void {
  return (n, account) => {
    const text = n.kind === 'message' ? n : notificationText(n, timeZone);
    const title = account?.several === true ? `${text.title}: ${account.name}` : text.title;
    const { body } = text;
    log(`notification: ${title}: ${body}`);
    if (!Notification.isSupported()) return;
    const note = new Notification({ title, body, urgency: n.kind === 'low' ? 'critical' : 'normal' });
    note.on('click', onClick);
    note.show();
  };
}
