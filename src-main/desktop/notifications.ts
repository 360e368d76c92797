// Monitor notifications as OS notifications. On Windows a toast needs the app's
// AppUserModelID, the same as electron-builder.yml's appId.
import { app, Notification } from 'electron';

export const APP_USER_MODEL_ID = 'uk.co.accountmonitor.desktop';

export function setupPlatformIdentity(): void {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
}

/** `account`: with several accounts watched, the title names the one it is about. */
export function setupNotifications(
  onClick: () => void,
  log: (line: string) => void,
): (n: { title: string; body: string; critical?: boolean }, account?: { name: string; several: boolean }) => void {
  return (n, account) => {
    const title = account?.several === true ? `${n.title}: ${account.name}` : n.title;
    const { body } = n;
    log(`notification: ${title}: ${body}`);
    if (!Notification.isSupported()) return;
    const note = new Notification({ title, body, urgency: n.critical === true ? 'critical' : 'normal' });
    note.on('click', onClick);
    note.show();
  };
}
