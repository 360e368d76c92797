// Draws the app's icon: a coin (a white disc with its rim) on a blue rounded square. The window
// shows it on Linux and Windows (window.ts), and electron-builder makes each installer's icon
// from it (resources/icon.png, 512 px: buildResources in electron-builder.yml). The PNG is
// committed; regenerate with `node src-main/desktop/app-icon-art.ts` (test/desktop/tray.test.ts
// checks the committed file is exactly what this draws).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawPng, type Rgb } from './tray-icon-art.ts';

export const APP_ICON_SIZE = 512;
const BLUE: Rgb = [31, 111, 235];
const WHITE: Rgb = [255, 255, 255];

function inRoundedSquare(x: number, y: number): boolean {
  const [low, high, radius] = [0.04, 0.96, 0.18];
  const cx = Math.min(Math.max(x, low + radius), high - radius);
  const cy = Math.min(Math.max(y, low + radius), high - radius);
  return x >= low && x <= high && y >= low && y <= high && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

export function drawAppIcon(size = APP_ICON_SIZE): Buffer {
  return drawPng(size, (x, y) => {
    if (!inRoundedSquare(x, y)) return { rgb: BLUE, alpha: 0 };
    const r = Math.hypot(x - 0.5, y - 0.5);
    const coin = r <= 0.32 && !(r >= 0.22 && r <= 0.26);
    return { rgb: coin ? WHITE : BLUE, alpha: 1 };
  });
}

if (import.meta.main) writeFileSync(join(import.meta.dirname, '..', '..', 'resources', 'icon.png'), drawAppIcon());
