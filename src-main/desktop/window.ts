// The one window. Closing it hides it (the app lives in the tray); "Open" shows it again, and a
// second launch of the app focuses it.
import { app, BrowserWindow } from 'electron';
import { APP_ORIGIN } from './policy.ts';

export interface WindowManager {
  show(): void;
}

export function setupWindow(preloadPath: string): WindowManager {
  let window: BrowserWindow | undefined;
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  // The app lives in the tray: no window is no reason to quit (Electron's default).
  app.on('window-all-closed', () => undefined);

  const create = (): BrowserWindow => {
    const w = new BrowserWindow({
      width: 1180,
      height: 860,
      minWidth: 720,
      minHeight: 520,
      show: false,
      title: 'Account Monitor',
      autoHideMenuBar: true,
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        spellcheck: false,
      },
    });
    w.once('ready-to-show', () => {
      w.show();
    });
    w.on('close', (event) => {
      if (quitting) return;
      event.preventDefault();
      w.hide();
    });
    w.on('closed', () => {
      window = undefined;
    });
    w.webContents.on('render-process-gone', (_event, details) => {
      if (details.reason !== 'clean-exit') w.reload();
    });
    void w.loadURL(`${APP_ORIGIN}/`);
    return w;
  };

  const manager: WindowManager = {
    show: () => {
      window ??= create();
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
  };
  // macOS: clicking the Dock icon brings the window back.
  app.on('activate', () => {
    manager.show();
  });
  return manager;
}

/** A second launch focuses the first one's window; the second process quits. */
export function claimSingleInstance(onSecondLaunch: () => void): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', onSecondLaunch);
  return true;
}
