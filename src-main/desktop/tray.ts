// The tray icon: its shape tells the worst state over every watched account (tray-icons.ts), its
// tooltip each account's balance and state, and its menu opens the window, refreshes, copies the
// local API URL, quits.
import { app, clipboard, Menu, nativeImage, Tray } from 'electron';
import { trayTooltipAll } from '../monitor/presentation.ts';
import type { AccountsView } from '../monitor/types.ts';
import { trayIconPath } from './tray-icons.ts';

export interface TrayActions {
  open(): void;
  refresh(): void;
  apiUrl(): string | null;
  quit(): void;
}

export interface TrayView {
  update(view: AccountsView): void;
  /** Rebuilds the menu (e.g. the local API moved). */
  refreshMenu(): void;
}

export function setupTray(resourcesDir: string, actions: TrayActions): TrayView {
  let view: AccountsView = { severity: 'unknown', state: 'unknown', accounts: [], now: 0 };
  const tray = new Tray(nativeImage.createFromPath(trayIconPath(resourcesDir, 'unknown', process.platform)));
  tray.on('click', () => {
    actions.open();
  });

  const buildMenu = (): void => {
    const url = actions.apiUrl();
    // Linux panels often show no tooltip, so the first menu line repeats it.
    const headline = trayTooltipAll(view).split('\n').slice(0, 2).join(': ');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: headline, enabled: false },
        { type: 'separator' },
        {
          label: 'Open Account Monitor',
          click: () => {
            actions.open();
          },
        },
        {
          label: 'Refresh now',
          click: () => {
            actions.refresh();
          },
        },
        {
          label: url === null ? 'Copy local API URL (not listening)' : `Copy local API URL (${url})`,
          enabled: url !== null,
          click: () => {
            if (url !== null) void clipboard.writeText(url);
          },
        },
        { type: 'separator' },
        {
          label: 'Quit',
          click: () => {
            actions.quit();
          },
        },
      ]),
    );
  };

  const trayView: TrayView = {
    update: (next) => {
      view = next;
      tray.setImage(nativeImage.createFromPath(trayIconPath(resourcesDir, next.state, process.platform)));
      tray.setToolTip(trayTooltipAll(next));
      buildMenu();
      // Read by the Electron end-to-end test (test/electron) through electronApp.evaluate.
      (globalThis as { accountMonitorTray?: { state: string; tooltip: string } }).accountMonitorTray = {
        state: next.state,
        tooltip: trayTooltipAll(next),
      };
    },
    refreshMenu: buildMenu,
  };
  trayView.update(view);
  app.on('before-quit', () => {
    tray.destroy();
  });
  return trayView;
}
