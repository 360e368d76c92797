// The tray icon: its shape tells the worst state over every watched account (tray-icons.ts), its
// tooltip each account's balance and state, and its context menu (tray-menu.ts) opens the window,
// lists the accounts, refreshes, copies the local API URL and quits. The menu is always set, and
// set again whenever it changes: with AppIndicator (GNOME's extension, KDE, most Linux panels) a
// click does nothing and an icon without a menu is not shown at all.
import { clipboard, Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron';
import { trayTooltipAll } from '../monitor/presentation.ts';
import type { Alert } from '../../src-shared/app-api.ts';
import type { AccountsView } from '../monitor/types.ts';
import { trayIconPath } from './tray-icons.ts';
import { trayMenuModel, type TrayAction, type TrayMenuSection } from './tray-menu.ts';

export interface TrayActions {
  open(): void;
  refresh(): void;
  apiUrl(): string | null;
  /** The newest stored alerts for the menu (none when absent). */
  alerts?(): readonly Alert[];
  /** Snoozed accounts and when each snooze ends, in words. */
  snoozed?(): ReadonlyMap<number, string>;
  /** Snoozes an account's reminders until tomorrow (`on`), or resumes them. */
  snooze?(accountId: number, on: boolean): void;
  quit(): void;
}

export interface TrayView {
  update(view: AccountsView): void;
  /** Rebuilds the menu (e.g. the local API moved). */
  refreshMenu(): void;
  /** Removes the icon; later updates (a shutdown still in progress) are ignored. */
  dispose(): void;
}

export function setupTray(resourcesDir: string, actions: TrayActions): TrayView {
  let view: AccountsView = { severity: 'unknown', state: 'unknown', accounts: [], now: 0 };
  let disposed = false;
  const tray = new Tray(nativeImage.createFromPath(trayIconPath(resourcesDir, 'unknown', process.platform)));
  const alive = (): boolean => !disposed && !tray.isDestroyed();
  // Windows and macOS: a click opens the window (on Linux only the menu can).
  tray.on('click', () => {
    actions.open();
  });

  const run: Record<TrayAction, (account?: number) => void> = {
    open: () => {
      actions.open();
    },
    refresh: () => {
      actions.refresh();
    },
    'copy-api-url': () => {
      const url = actions.apiUrl();
      if (url !== null) void clipboard.writeText(url);
    },
    quit: () => {
      actions.quit();
    },
    snooze: (account) => {
      if (account !== undefined) actions.snooze?.(account, true);
    },
    'resume-reminders': (account) => {
      if (account !== undefined) actions.snooze?.(account, false);
    },
  };

  const buildMenu = (): void => {
    if (!alive()) return;
    tray.setContextMenu(
      Menu.buildFromTemplate(
        template(
          trayMenuModel({
            view,
            apiUrl: actions.apiUrl(),
            alerts: actions.alerts?.() ?? [],
            snoozed: actions.snoozed?.() ?? new Map<number, string>(),
          }),
          run,
        ),
      ),
    );
  };

  const trayView: TrayView = {
    update: (next) => {
      view = next;
      if (!alive()) return;
      tray.setImage(nativeImage.createFromPath(trayIconPath(resourcesDir, next.state, process.platform)));
      tray.setToolTip(trayTooltipAll(next));
      buildMenu();
    },
    refreshMenu: buildMenu,
    dispose: () => {
      if (!alive()) return;
      disposed = true;
      tray.destroy();
    },
  };
  trayView.update(view);
  return trayView;
}

/** Electron's menu template: sections separated, information lines disabled. */
function template(
  sections: TrayMenuSection[],
  run: Record<TrayAction, (account?: number) => void>,
): MenuItemConstructorOptions[] {
  const items: MenuItemConstructorOptions[] = [];
  for (const section of sections.filter((s) => s.items.length > 0)) {
    if (items.length > 0) items.push({ type: 'separator' });
    for (const item of section.items) {
      const action = item.action;
      items.push(
        action === undefined
          ? { label: item.label, enabled: false }
          : {
              label: item.label,
              enabled: item.enabled ?? true,
              click: () => {
                run[action](item.account);
              },
            },
      );
    }
  }
  return items;
}
