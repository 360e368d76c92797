// Electron main: the composition root. It reads like a table of contents; each setupX() lives
// in its own file, and everything that is not Electron wiring is plain Node code tested under
// Node (service, keychain, monitor, local API, policy, tray menu, login item).
import { app, dialog, net, powerMonitor, session } from 'electron';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type App, openApp } from '../app.ts';
import { snoozes } from '../domain/alerts.ts';
import { shortDateTime } from '../monitor/presentation.ts';
import { readConfig, type AppConfig, DEFAULT_PORT } from '../config.ts';
import { keychainDisabledReason } from '../keychain/index.ts';
import type { FetchHandler } from '../service/handler.ts';
import { listen } from '../service/server.ts';
import { keepHeapLight } from '../light-heap.ts';
import { holdOptimizingTiers, noteRequest } from '../optimizing-tiers.ts';
import { setupAppMenu } from './app-menu.ts';
import { holdDataFolder } from './instance.ts';
import { setupIpc, type IpcServices } from './ipc.ts';
import { openDesktopVault } from './key-vault.ts';
import { LocalApi } from './local-api.ts';
import { dataDirArgument, LaunchAtLogin, startedHidden } from './login-item.ts';
import { notificationChannel, setupNotifications, setupPlatformIdentity, type Notify } from './notifications.ts';
import { chooseApiPort, readPreferences, startHiddenPreference, writePreferences } from './preferences.ts';
import { registerAppScheme, setupAppProtocol, setupNavigationGuards, setupPermissions } from './security.ts';
import { confirmTrayOnLinux, detectTrayHost, type TrayHost } from './tray-host.ts';
import { setupTray } from './tray.ts';
import { TRAY_ALERTS } from './tray-menu.ts';
import { claimSingleInstance, setupWindow, type WindowManager } from './window.ts';
import { messageOf } from '../../src-shared/message-of.ts';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function main(): void {
  // The main process stays up for days, as serve does (light-heap.ts, optimizing-tiers.ts).
  keepHeapLight();
  holdOptimizingTiers();
  setupPlatformIdentity();
  const config = readConfigOrExplain();
  if (config === undefined || !setProfileOrExplain(config)) return;
  setupAppMenu(process.platform, app.isPackaged);
  registerAppScheme();
  let notify: Notify = () => undefined;
  const windows = setupWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    iconPath: join(resourcesDir(), 'icon.png'),
    devTools: !app.isPackaged,
    log,
    onGaveUp: (reason, livesInTray) => {
      notify({
        title: 'The window stopped working',
        body: livesInTray
          ? `Its page kept failing (${reason}), so it was closed. Open it again from the tray.`
          : `Its page kept failing (${reason}), so Account Monitor has quit (there is no tray to open it from). Start it again.`,
      });
    },
  });
  if (
    !claimSingleInstance(() => {
      windows.show();
    })
  ) {
    app.quit();
    return;
  }
  setupNavigationGuards(log);
  setupSignals();
  app
    .whenReady()
    .then(() =>
      start(config, windows, (n) => {
        notify = n;
      }),
    )
    .catch((error: unknown) => {
      dialog.showErrorBox('Account Monitor could not start', messageOf(error));
      app.exit(1);
    });
}

async function start(config: AppConfig, windows: WindowManager, useNotify: (notify: Notify) => void): Promise<void> {
  // First thing after ready: app:// answers as soon as the service exists, so a window shown
  // early (a second launch, macOS's activate) waits for its page instead of failing to load it.
  let serviceReady: (handler: FetchHandler) => void = () => undefined;
  let serviceFailed: (error: unknown) => void = () => undefined;
  setupAppProtocol(
    new Promise<FetchHandler>((resolve, reject) => {
      serviceReady = resolve;
      serviceFailed = reject;
    }),
    log,
  );
  // The window's IPC too, answering once start-up has made what it needs.
  let ipcReady: (services: IpcServices) => void = () => undefined;
  setupIpc(
    new Promise<IpcServices>((resolve) => {
      ipcReady = resolve;
    }),
  );
  setupPermissions(session.defaultSession);
  const notify = setupNotifications(() => {
    windows.show();
  }, log);
  useNotify(notify);
  const trayHost = detectTrayHost();
  // Registered before anything that may take a while: quitting in the first seconds stops the
  // keychain's check (its utility process) instead of leaving it behind; the rest is closed as
  // start-up makes it.
  const quitting = new AbortController();
  let closeRest: () => Promise<void> = () => Promise.resolve();
  setupShutdown(() => {
    quitting.abort();
    return closeRest();
  });
  try {
    // One app per data folder (serve, npm start, this): taken before anything opens it.
    const folder = holdDataFolder(config.dataDir, log);
    if (folder === undefined) return;
    const vault = await openDesktopVault({
      log,
      disabled: keychainDisabledReason(process.env),
      signal: quitting.signal,
      onSwitched: (text) => {
        notify({ title: 'Keychain unlocked', body: text });
      },
    });
    if (quitting.signal.aborted) return;
    const service = openApp({
      dataDir: config.dataDir,
      timeZone: config.timeZone,
      clock: config.clock,
      vault,
      token: config.token,
      log,
      accessLog: config.accessLog,
      uiDir: join(app.getAppPath(), 'out', 'renderer'),
      providerCa: config.providerCa,
      checkIntervalMs: config.checkIntervalMs,
      notify: { url: config.notifyUrl, format: config.notifyFormat },
    });
    // Order matters: each piece is built before anything that calls it right away; the closures
    // that point forward (a menu click refreshing the monitor) only run after start-up.
    const localApi = new LocalApi({
      handler: service.handler,
      listen: (handler, options) => listen(handler, { ...options, onRequest: noteRequest }),
      host: config.host,
      log,
      onChange: (state) => {
        service.setApiInfo({ baseUrl: state.url, listening: state.listening });
        folder.announce(state.url ?? undefined);
        tray.refreshMenu();
      },
    });
    const tray = setupTray(
      resourcesDir(),
      {
        open: () => {
          windows.show();
        },
        refresh: () => {
          void service.refreshAll().then(() => monitor.refresh());
        },
        apiUrl: () => localApi.state().url,
        alerts: () => service.alerts.recent(TRAY_ALERTS),
        snoozed: () => snoozedWords(service, config.timeZone),
        snooze: (accountId, on) => {
          snoozeLogged(service, accountId, on);
          tray.refreshMenu();
        },
        quit: () => {
          app.quit();
        },
      },
      config.timeZone,
    );
    log('tray: icon made');
    // The app's one monitor (app.ts) draws the tray; its alerts reach the notifications and the
    // tray's menu as two channels in the app's one list (startBackground below).
    const { monitor } = service;
    monitor.onChange((view) => {
      tray.update(view);
    });
    // A snooze set in the window or the CLI changes the menu, not the view.
    service.events.changed.on(() => {
      tray.refreshMenu();
    });
    const channels = [
      notificationChannel({
        open: () => {
          windows.show();
        },
        snooze: (accountId) => {
          snoozeLogged(service, accountId, true);
          tray.refreshMenu();
        },
        log,
      }),
      // Listed in the menu whether pushed or held by quiet hours (as in the window's list).
      {
        quietToo: true,
        send: () => {
          tray.refreshMenu();
        },
        close: () => undefined,
      },
    ];
    serviceReady(service.inProcessHandler);
    const first = await localApi.start(chooseApiPort(process.env, readPreferences(config.dataDir), DEFAULT_PORT));
    if (first.problem !== null)
      notify({
        title: 'Local API not started',
        body: `${first.problem}. Everything else works; choose another port in the app, or set ACCOUNT_MONITOR_PORT.`,
      });
    const launchAtLogin = new LaunchAtLogin(app, {
      platform: process.platform,
      env: process.env,
      command: app.isPackaged ? [process.env.APPIMAGE ?? process.execPath] : [process.execPath, app.getAppPath()],
      dataDir: config.dataDirChosen ? config.dataDir : undefined,
      startHidden: startHiddenPreference(config.dataDir),
    });
    ipcReady({
      localApi,
      savePort: (port) => {
        writePreferences(config.dataDir, { ...readPreferences(config.dataDir), apiPort: port });
      },
      launchAtLogin,
    });
    // A write from elsewhere (the CLI, a browser tab on the headless API) reaches the tray through
    // the monitor, which the app's spine tells of every change (app.ts).
    closeRest = () => {
      monitor.stop();
      return localApi.stop().finally(() => {
        tray.dispose();
        service.close();
        folder.release();
      });
    };
    void service.startBackground({ channels });
    setupWake(service);
    const host = await trayHost;
    showUnlessHidden(config, windows, host, notify);
    if (host.shown)
      void confirmTrayOnLinux({
        env: process.env,
        recreate: () => {
          tray.recreate();
        },
        onNever: () => {
          log('tray: the icon never appeared in the panel; the window stays open, and closing it quits the app');
          windows.setLivesInTray(false);
          windows.show();
        },
      });
  } catch (error: unknown) {
    serviceFailed(error);
    throw error;
  }
}

/** Snoozes an account until tomorrow morning (a notification's button, the tray's menu); the app logs it. */
function snoozeLogged(service: App, accountId: number, on: boolean): void {
  try {
    service.snooze(accountId, on ? undefined : null);
  } catch (error: unknown) {
    log(`could not snooze: ${messageOf(error)}`);
  }
}

/** How long a wake waits for the network before checking anyway (the check then says what it finds). */
const NETWORK_WAIT_MS = 30_000;

/**
 * After a sleep, and when the screen is unlocked: the connected accounts are checked first (once
 * the network is back) and "stale" is held until they have had their chance, so the night does
 * not end in a false "Balance is out of date" and the tray is fresh after one check.
 */
function setupWake(service: App): void {
  const wake = (): void => {
    void service.wake(networkBack());
  };
  powerMonitor.on('resume', wake);
  powerMonitor.on('unlock-screen', wake);
}

/** Resolves once Electron says the machine is online, or after NETWORK_WAIT_MS. */
function networkBack(): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const look = (): void => {
      if (net.isOnline() || Date.now() - started >= NETWORK_WAIT_MS) resolve();
      else setTimeout(look, 500).unref();
    };
    look();
  });
}

/** The snoozed accounts, each with when its snooze ends in the tray's words. */
function snoozedWords(service: App, timeZone: string): ReadonlyMap<number, string> {
  const words = new Map<number, string>();
  for (const [id, until] of snoozes(service.store, service.domain.nowSeconds()))
    words.set(id, shortDateTime(until, timeZone));
  return words;
}

/** Shows the window, unless the login item started the app hidden and a tray is there to come back from. */
function showUnlessHidden(config: AppConfig, windows: WindowManager, trayHost: TrayHost, notify: Notify): void {
  windows.setLivesInTray(trayHost.shown);
  if (!trayHost.shown) {
    log(`tray: ${trayHost.reason}; closing the window quits the app`);
    // Said once per data folder, not at every start.
    const preferences = readPreferences(config.dataDir);
    if (preferences.noTrayNoticeShown !== true) {
      notify({
        title: 'No tray on this desktop',
        body: `Closing the window quits Account Monitor, because ${trayHost.reason}.`,
      });
      writePreferences(config.dataDir, { ...preferences, noTrayNoticeShown: true });
    }
  }
  if (trayHost.shown && startedHidden(process.argv, app, process.platform, startHiddenPreference(config.dataDir)))
    return;
  windows.show();
}

function readConfigOrExplain(): AppConfig | undefined {
  try {
    // A login start on Windows names its data folder as an argument (login-item.ts).
    return readConfig(process.env, { dataDir: dataDirArgument(process.argv) });
  } catch (error: unknown) {
    explainAndExit('configuration error', error);
    return undefined;
  }
}

/**
 * The Chromium profile lives with the data, so the single-instance lock is per data folder.
 * app.setPath wants an absolute folder that exists (config.ts resolved it; it is made here).
 */
function setProfileOrExplain(config: AppConfig): boolean {
  try {
    const profile = join(config.dataDir, 'desktop-profile');
    mkdirSync(profile, { recursive: true, mode: 0o700 });
    app.setPath('userData', profile);
    return true;
  } catch (error: unknown) {
    explainAndExit('cannot use the data folder', error);
    return false;
  }
}

function explainAndExit(what: string, error: unknown): void {
  log(`Account Monitor: ${what}: ${messageOf(error)}`);
  // Before ready, an error box on Linux only prints to stderr: started from a menu, the app
  // would vanish without a word. So the box waits for ready.
  void app.whenReady().then(() => {
    dialog.showErrorBox(`Account Monitor: ${what}`, messageOf(error));
    app.exit(2);
  });
}

function resourcesDir(): string {
  // Packaged: electron-builder copies resources/tray and icon.png next to app.asar (extraResources).
  return app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
}

function setupSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      app.quit();
    });
}

/** Stop polling, close the TCP listener, the tray and the store before the process ends. */
function setupShutdown(close: () => Promise<void>): void {
  let closed = false;
  let closing = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    if (closing) return;
    closing = true;
    void close()
      .catch((error: unknown) => {
        log(`shutdown: ${messageOf(error)}`);
      })
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

main();
