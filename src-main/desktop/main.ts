// Electron main: the composition root. It reads like a table of contents; each setupX() lives
// in its own file, and everything that is not Electron wiring is plain Node code tested under
// Node (service, keychain, monitor, local API, policy).
import { app, dialog, session } from 'electron';
import { join } from 'node:path';
import { openApp, type App } from '../app.ts';
import { readConfig, type AppConfig, DEFAULT_PORT } from '../config.ts';
import { keychainDisabledReason, openKeyVault } from '../keychain/index.ts';
import type { AccountsMonitor } from '../monitor/index.ts';
import { listen } from '../service/server.ts';
import { watchGeneration, type GenerationWatch } from '../store/index.ts';
import { setupIpc } from './ipc.ts';
import { LocalApi } from './local-api.ts';
import { setupNotifications, setupPlatformIdentity } from './notifications.ts';
import { chooseApiPort, readPreferences, writePreferences } from './preferences.ts';
import { registerAppScheme, setupAppProtocol, setupNavigationGuards, setupPermissions } from './security.ts';
import { setupTray } from './tray.ts';
import { claimSingleInstance, setupWindow, type WindowManager } from './window.ts';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function main(): void {
  const config = readConfigOrQuit();
  if (config === undefined) return;
  setupPlatformIdentity();
  // The Chromium profile lives with the data, so the single-instance lock is per data folder.
  app.setPath('userData', join(config.dataDir, 'desktop-profile'));
  registerAppScheme();
  const windows = setupWindow(join(import.meta.dirname, '../preload/index.cjs'));
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
    .then(() => start(config, windows))
    .catch((error: unknown) => {
      dialog.showErrorBox('Account Monitor could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}

async function start(config: AppConfig, windows: WindowManager): Promise<void> {
  setupPermissions(session.defaultSession);
  const vault = await openKeyVault({ log, disabled: keychainDisabledReason(process.env) });
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
  const notify = setupNotifications(() => {
    windows.show();
  }, log);
  // Order matters: each piece is built before anything that calls it right away; the closures
  // that point forward (a menu click refreshing the monitor) only run after start-up.
  const localApi = new LocalApi({
    handler: service.handler,
    listen,
    host: config.host,
    log,
    onChange: (state) => {
      service.setApiInfo({ baseUrl: state.url, listening: state.listening });
      tray.refreshMenu();
    },
  });
  const tray = setupTray(resourcesDir(), {
    open: () => {
      windows.show();
    },
    refresh: () => {
      void service.refreshAll().then(() => monitor.refresh());
    },
    apiUrl: () => localApi.state().url,
    quit: () => {
      app.quit();
    },
  });
  // The app's one monitor (app.ts) feeds the tray and, through the alert feed, the notifications.
  const { monitor } = service;
  monitor.onChange((view) => {
    tray.update(view);
  });
  service.alerts.subscribe((alert, delivery) => {
    if (delivery.push)
      notify(
        { title: alert.title, body: alert.text, critical: alert.urgent || alert.severity === 'critical' },
        { name: alert.accountName, several: delivery.several },
      );
  });
  setupAppProtocol(service.inProcessHandler, log);
  const first = await localApi.start(chooseApiPort(process.env, readPreferences(config.dataDir), DEFAULT_PORT));
  if (first.problem !== null)
    notify({
      title: 'Local API not started',
      body: `${first.problem}. Everything else works; choose another port in the app, or set ACCOUNT_MONITOR_PORT.`,
    });
  setupIpc(localApi, (port) => {
    writePreferences(config.dataDir, { apiPort: port });
  });
  // A write from elsewhere (the CLI, a browser tab on the headless API) reaches the tray within a second.
  const dataWatch = watchGeneration(
    () => service.store.generation(),
    () => {
      void monitor.refresh();
    },
  );
  setupShutdown(service, monitor, localApi, dataWatch);
  void service.startBackground();
  windows.show();
}

function readConfigOrQuit(): AppConfig | undefined {
  try {
    return readConfig(process.env, {});
  } catch (error: unknown) {
    // Before ready, showErrorBox is the one dialog that works.
    dialog.showErrorBox('Account Monitor: configuration error', error instanceof Error ? error.message : String(error));
    app.exit(2);
    return undefined;
  }
}

function resourcesDir(): string {
  // Packaged: electron-builder copies resources/tray next to app.asar (extraResources).
  return app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
}

function setupSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      app.quit();
    });
}

/** Stop polling, close the TCP listener and the store before the process ends. */
function setupShutdown(service: App, monitor: AccountsMonitor, localApi: LocalApi, dataWatch: GenerationWatch): void {
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    dataWatch.stop();
    monitor.stop();
    void localApi.stop().finally(() => {
      service.close();
      closed = true;
      app.quit();
    });
  });
}

main();
