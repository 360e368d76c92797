// The app's own menu. Without one Electron builds its default (File, Edit, View with Reload,
// Force Reload and Toggle Developer Tools, Window, Help; menu.md: "The default menu will be
// created automatically if the app does not set one"), so the packaged app offered DevTools and
// reloads to anyone. Packaged: on macOS the app, Edit (copy and paste need it there) and Window
// menus; on Windows and Linux none (setApplicationMenu(null) also removes the menu bar). Under
// `npm start` the View menu stays, for its reload and developer tools.
import { Menu, type MenuItemConstructorOptions } from 'electron';

export function appMenuTemplate(platform: NodeJS.Platform, packaged: boolean): MenuItemConstructorOptions[] | null {
  const develop: MenuItemConstructorOptions[] = packaged ? [] : [{ role: 'viewMenu' }];
  if (platform === 'darwin') return [{ role: 'appMenu' }, { role: 'editMenu' }, ...develop, { role: 'windowMenu' }];
  return develop.length === 0 ? null : develop;
}

/** Sets it before `ready`, so Electron never builds its default one. */
export function setupAppMenu(platform: NodeJS.Platform, packaged: boolean): void {
  const template = appMenuTemplate(platform, packaged);
  Menu.setApplicationMenu(template === null ? null : Menu.buildFromTemplate(template));
}
