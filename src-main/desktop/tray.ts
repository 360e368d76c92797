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
  /** Makes the icon again, as it is now (an item offered before the panel's watcher was there is never shown). */
  recreate(): void;
  /** Removes the icon; later updates (a shutdown still in progress) are ignored. */
  dispose(): void;
}

/** The tray, its pictures from `resourcesDir`, its times in `timeZone` (the app's). */
export function setupTray(resourcesDir: string, actions: TrayActions, timeZone: string): TrayView {
  let view: AccountsView = { severity: 'unknown', state: 'unknown', accounts: [], now: 0 };
  let disposed = false;
  const make = (): Tray => {
    const made = new Tray(nativeImage.createFromPath(trayIconPath(resourcesDir, view.state, process.platform)));
    // Windows and macOS: a click opens the window (on Linux only the menu can).
    made.on('click', () => {
      actions.open();
    });
    return made;
  };
  let tray = make();
  const alive = (): boolean => !disposed && !tray.isDestroyed();

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
            timeZone,
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
      tray.setToolTip(trayTooltipAll(next, timeZone));
      buildMenu();
    },
    refreshMenu: buildMenu,
    recreate: () => {
      if (!alive()) return;
      tray.destroy();
      tray = make();
      trayView.update(view);
    },
    dispose: () => {
      if (!alive()) return;
      disposed = true;
      tray.destroy();
    },
  };
  trayView.update(view);
  return trayView;
}

/**
 * A menu label as Electron shows it: on Windows and Linux a single `&` marks the access key and
 * is not shown, so an account called "Smith & Sons" would read "Smith  Sons"; `&&` shows one `&`
 * (menu.md, setApplicationMenu). Every label here is plain text.
 */
export function menuLabel(text: string): string {
  return text.replaceAll('&', '&&');
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
      const label = menuLabel(item.label);
      items.push(
        action === undefined
          ? { label, enabled: false }
          : {
              label,
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
