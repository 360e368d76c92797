// The one window. It appears on `ready-to-show` (no white flash), is reloaded after a renderer
// crash a bounded number of times, and closing it hides it while the app lives in the tray; where
// no tray can be shown (plain GNOME), closing it quits, so the app never runs on invisibly. A
// second launch of the app focuses it.
import { app, BrowserWindow } from 'electron';
import { APP_ORIGIN } from './policy.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export interface WindowManager {
  show(): void;
  /** Whether closing the window keeps the app running (in the tray); decided once the tray host is known. */
  setLivesInTray(livesInTray: boolean): void;
}

export interface WindowOptions {
  preloadPath: string;
  /** The app's icon, shown by the window on Linux and Windows (macOS uses the bundle's). */
  iconPath: string;
  /** Developer tools can be opened (under `npm start`, never in the packaged app). */
  devTools: boolean;
  log: (line: string) => void;
  /**
   * The page kept crashing: it is not reloaded again. With a tray the app lives on (the tray's
   * Open makes a new window); without one, closing the last window quits the app.
   */
  onGaveUp: (reason: string, livesInTray: boolean) => void;
}

/** Reloads after a renderer crash: at most this many within the window of time below. */
export const CRASH_RELOADS = 3;
export const CRASH_WINDOW_MS = 10 * 60_000;

export function setupWindow({ preloadPath, iconPath, devTools, log, onGaveUp }: WindowOptions): WindowManager {
  let window: BrowserWindow | undefined;
  let quitting = false;
  let livesInTray = true;
  app.on('before-quit', () => {
    quitting = true;
  });
  // With a tray, no window is no reason to quit (Electron's default); without one it is.
  app.on('window-all-closed', () => {
    if (!livesInTray) app.quit();
  });

  const create = (): BrowserWindow => {
    const w = new BrowserWindow({
      width: 1180,
      height: 860,
      minWidth: 720,
      minHeight: 520,
      show: false,
      title: 'Account Monitor',
      icon: iconPath,
      autoHideMenuBar: true,
      webPreferences: {
        preload: preloadPath,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        spellcheck: false,
        devTools,
      },
    });
    w.once('ready-to-show', () => {
      if (!w.isDestroyed()) w.show();
    });
    w.on('close', (event) => {
      if (quitting || !livesInTray) return;
      event.preventDefault();
      w.hide();
    });
    w.on('closed', () => {
      if (window === w) window = undefined;
    });
    const crashes: number[] = [];
    w.webContents.on('render-process-gone', (_event, details) => {
      if (details.reason === 'clean-exit' || w.isDestroyed()) return;
      const now = Date.now();
      while (crashes.length > 0 && now - (crashes[0] ?? now) > CRASH_WINDOW_MS) crashes.shift();
      crashes.push(now);
      if (crashes.length <= CRASH_RELOADS) {
        log(`window: the page's process ended (${details.reason}); reloading`);
        w.reload();
        return;
      }
      log(`window: the page's process ended (${details.reason}) ${crashes.length} times in 10 minutes; not reloading`);
      // Said before the window goes: without a tray its going ends the app.
      onGaveUp(details.reason, livesInTray);
      w.destroy();
    });
    w.loadURL(`${APP_ORIGIN}/`).catch((error: unknown) => {
      log(`window: ${messageOf(error)}`);
    });
    return w;
  };

  const manager: WindowManager = {
    show: () => {
      if (!app.isReady()) return; // start-up shows it once ready
      if (window === undefined) {
        // Shown by its ready-to-show listener, once the page has drawn.
        window = create();
        return;
      }
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
    setLivesInTray: (value) => {
      livesInTray = value;
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
