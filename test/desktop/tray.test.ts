import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { allTrayIcons, inside } from '../../src-main/desktop/tray-icon-art.ts';
import { trayIconPath } from '../../src-main/desktop/tray-icons.ts';

const resources = join(import.meta.dirname, '..', '..', 'resources');
const states = ['ok', 'low', 'unknown'] as const;

/** The alpha channel of one of our PNGs (8-bit RGBA, filter 0 rows). */
function alpha(png: Buffer): { size: number; a: number[] } {
  const size = png.readUInt32BE(16);
  const idat = png.subarray(41, 41 + png.readUInt32BE(33));
  const raw = inflateSync(idat);
  const a: number[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) a.push(raw[y * (1 + size * 4) + 1 + x * 4 + 3] ?? 0);
  return { size, a };
}

describe('tray icons', () => {
  it('are committed exactly as drawn', () => {
    for (const { name, png } of allTrayIcons())
      expect(readFileSync(join(resources, 'tray', name)).equals(png), name).toBe(true);
  });

  it('have a distinct shape per state (a third of their pixels differ at least)', () => {
    const masks = states.map((s) => alpha(readFileSync(join(resources, 'tray', `${s}Template@2x.png`))));
    for (let i = 0; i < masks.length; i++) {
      for (let j = i + 1; j < masks.length; j++) {
        const a = masks[i]?.a ?? [];
        const b = masks[j]?.a ?? [];
        const differ = a.filter((v, k) => v > 127 !== (b[k] ?? 0) > 127).length;
        const covered = a.filter((v, k) => v > 127 || (b[k] ?? 0) > 127).length;
        expect(differ / covered, `${String(states[i])} vs ${String(states[j])}`).toBeGreaterThan(1 / 3);
      }
    }
    // The shapes themselves: a circle is solid in the middle, the square hollow, the triangle notched.
    expect(inside('ok', 0.5, 0.5)).toBe(true);
    expect(inside('unknown', 0.5, 0.5)).toBe(false);
    expect(inside('low', 0.5, 0.4)).toBe(false);
    expect(inside('low', 0.3, 0.3)).toBe(true);
  });

  it('uses template images on macOS and colour elsewhere', () => {
    expect(trayIconPath('/r', 'low', 'darwin')).toBe(join('/r', 'tray', 'lowTemplate.png'));
    expect(trayIconPath('/r', 'low', 'linux')).toBe(join('/r', 'tray', 'low.png'));
    expect(trayIconPath('/r', 'ok', 'win32')).toBe(join('/r', 'tray', 'ok.png'));
  });
});
