// Defect 11 of issue 33: the packaged app kept Electron's default menu, whose View menu reloads the
// page and opens the developer tools, and its window allowed them. Packaged, the app sets its own
// menu (none on Windows and Linux; on macOS the app, Edit and Window menus), and the window has
// no developer tools. Electron's default menu, which the fake builds at ready when the app set
// none, would show here as reload and toggleDevTools entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { appMenuTemplate } = await import('../../src-main/desktop/app-menu.ts');

const root = join(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'am-main-packaged-'));
const saved = { ...process.env };
const savedResources = (process as { resourcesPath?: string }).resourcesPath;

beforeAll(async () => {
  Object.assign(process.env, {
    ACCOUNT_MONITOR_DATA_DIR: dataDir,
    ACCOUNT_MONITOR_KEYCHAIN: 'off',
    ACCOUNT_MONITOR_PORT: '0',
    ACCOUNT_MONITOR_TZ: 'UTC',
    ACCOUNT_MONITOR_TRAY: 'on',
  });
  electronFake.app.isPackaged = true;
  // Packaged, the tray pictures and the icon lie beside app.asar (electron-builder's extraResources).
  (process as { resourcesPath?: string }).resourcesPath = join(root, 'resources');
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  await import('../../src-main/desktop/main.ts');
  await vi.waitFor(
    () => {
      expect(recorded.windows[0]?.events).toContain('show');
    },
    { timeout: 15_000, interval: 20 },
  );
});

afterAll(() => {
  electronFake.app.isPackaged = false;
  (process as { resourcesPath?: string }).resourcesPath = savedResources;
  process.env = saved;
  vi.restoreAllMocks();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every role in a menu, submenus included. */
function roles(menu: readonly { role?: string; submenu?: unknown }[] | null | undefined): string[] {
  return (menu ?? []).flatMap((item) => [
    ...(item.role === undefined ? [] : [item.role]),
    ...roles(Array.isArray(item.submenu) ? (item.submenu as { role?: string }[]) : []),
  ]);
}

describe('the packaged desktop app', () => {
  it('sets its own menu, with nothing that reloads the page or opens the developer tools', () => {
    expect(recorded.appMenu).not.toBeUndefined();
    expect(roles(recorded.appMenu)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(viewMenu|reload|forceReload|toggleDevTools)$/)]),
    );
    expect(recorded.windows[0]?.options).toMatchObject({ webPreferences: { devTools: false } });
  });

  it('keeps Edit and the app menu on macOS, nothing on Windows and Linux; the View menu only under npm start', () => {
    expect(appMenuTemplate('darwin', true)).toEqual([
      { role: 'appMenu' },
      { role: 'editMenu' },
      { role: 'windowMenu' },
    ]);
    expect(appMenuTemplate('win32', true)).toBeNull();
    expect(appMenuTemplate('linux', true)).toBeNull();
    expect(appMenuTemplate('linux', false)).toEqual([{ role: 'viewMenu' }]);
    expect(roles(appMenuTemplate('darwin', false))).toContain('viewMenu');
  });
});
