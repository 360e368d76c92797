// Defect 14 of issue 33: the app's name and icon. Electron names the app from package.json's
// productName (else its npm name, "account-monitor", which notifications, keyring prompts and
// macOS menus then showed), and on Linux ties windows and notifications to the .desktop file
// named by desktopName; the window had no icon. electron-builder reads the same fields.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { APP_USER_MODEL_ID } from '../../src-main/desktop/app-id.ts';
import { drawAppIcon } from '../../src-main/desktop/app-icon-art.ts';
import { app, electronFake, recorded } from './fake-electron.ts';

vi.mock('electron', () => electronFake);
const { setupWindow } = await import('../../src-main/desktop/window.ts');

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
const builder = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
  productName?: string;
  appId: string;
  linux: { syncDesktopName?: boolean };
  extraResources: { from: string; to: string }[];
};

describe("the app's identity", () => {
  it('is named Account Monitor wherever Electron names it, with a desktop file named after its id', () => {
    expect(app.getName()).toBe('Account Monitor');
    expect(manifest.desktopName).toBe(`${APP_USER_MODEL_ID}.desktop`);
    expect(builder.appId).toBe(APP_USER_MODEL_ID);
    // One place: electron-builder takes them from package.json.
    expect(builder.productName).toBeUndefined();
    expect(builder.linux.syncDesktopName).toBe(true);
  });

  it('has an icon, committed exactly as drawn, which the window shows and the packaged app carries', async () => {
    const icon = join(root, 'resources', 'icon.png');
    expect(readFileSync(icon).equals(drawAppIcon())).toBe(true);
    expect(builder.extraResources).toContainEqual({ from: 'resources/icon.png', to: 'icon.png' });
    await app.whenReady();
    setupWindow({
      preloadPath: '/p.cjs',
      iconPath: icon,
      devTools: false,
      log: () => undefined,
      onGaveUp: () => undefined,
    }).show();
    const options = recorded.windows.at(-1)?.options as { icon?: string } | undefined;
    expect(options?.icon).toBe(icon);
    expect(existsSync(options?.icon ?? '')).toBe(true);
  });
});
