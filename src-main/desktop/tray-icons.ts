// Which icon file shows which state: one distinct shape per state (drawn by tray-icon-art.ts).
// macOS gets black "Template" images that the menu bar recolours for light and dark.
import { join } from 'node:path';
import type { TrayShape } from '../monitor/types.ts';

export function trayIconPath(resourcesDir: string, state: TrayShape, platform: NodeJS.Platform): string {
  // Electron picks the @2x file next to it on high-density screens by itself.
  return join(resourcesDir, 'tray', platform === 'darwin' ? `${state}Template.png` : `${state}.png`);
}
