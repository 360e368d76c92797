// Draws the tray icons: one distinct SHAPE per state, so the state reads without colour
// (colour-blind users, monochrome panels, macOS template images):
//   ok      a filled circle
//   low     a filled triangle pointing down, with a notch: "going down"
//   unknown a hollow square outline
// Colour variants for Linux and Windows, black "Template" variants for macOS, at 1x and 2x.
// The PNGs in resources/tray are committed; regenerate with `node src-main/desktop/tray-icon-art.ts`
// (test/desktop checks that the committed files are exactly what this draws).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

import type { TrayShape } from '../monitor/types.ts';

type State = TrayShape;
export type Rgb = [number, number, number];

export const TRAY_COLOURS: Record<State, Rgb> = { ok: [46, 160, 67], low: [207, 34, 46], unknown: [110, 118, 129] };

/** Whether (x, y) of the unit square [0, 1]^2 is inside the state's shape. */
export function inside(state: State, x: number, y: number): boolean {
  switch (state) {
    case 'ok':
      return (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.42 ** 2;
    case 'low': {
      // Triangle with corners (0.06, 0.12), (0.94, 0.12), (0.5, 0.9); a notch keeps it apart from a play button.
      if (y < 0.12 || y > 0.9) return false;
      const half = (0.44 * (0.9 - y)) / 0.78;
      const inTriangle = Math.abs(x - 0.5) <= half;
      const notch = Math.abs(x - 0.5) <= 0.07 && y >= 0.22 && y <= 0.55;
      return inTriangle && !notch;
    }
    case 'unknown': {
      const outer = Math.abs(x - 0.5) <= 0.4 && Math.abs(y - 0.5) <= 0.4;
      const inner = Math.abs(x - 0.5) <= 0.26 && Math.abs(y - 0.5) <= 0.26;
      return outer && !inner;
    }
  }
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `size` pixels square whose colour at (x, y) of the unit square is `paint`'s (alpha 0 to 1), smoothed. */
export function drawPng(size: number, paint: (x: number, y: number) => { rgb: Rgb; alpha: number }): Buffer {
  const rows: Buffer[] = [];
  const samples = 4; // 4x4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      let first: Rgb | undefined;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const { rgb, alpha } = paint((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          first ??= rgb;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (rgb[c] ?? 0) * alpha;
          sum[3] = (sum[3] ?? 0) + alpha;
        }
      }
      const a = sum[3] ?? 0;
      // A clear pixel keeps a colour too (the first sample's), as image editors expect.
      const colour = [0, 1, 2].map((c) => (a === 0 ? (first?.[c] ?? 0) : Math.round((sum[c] ?? 0) / a)));
      row.set([...colour, Math.round((255 * a) / (samples * samples))], 1 + px * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function drawIcon(state: State, size: number, colour: Rgb): Buffer {
  return drawPng(size, (x, y) => ({ rgb: colour, alpha: inside(state, x, y) ? 1 : 0 }));
}

/** Every icon file: name in resources/tray and its bytes. */
export function allTrayIcons(): { name: string; png: Buffer }[] {
  const files: { name: string; png: Buffer }[] = [];
  for (const state of ['ok', 'low', 'unknown'] as const) {
    for (const [suffix, size] of [
      ['', 16],
      ['@2x', 32],
    ] as const) {
      files.push({ name: `${state}${suffix}.png`, png: drawIcon(state, size, TRAY_COLOURS[state]) });
      files.push({ name: `${state}Template${suffix}.png`, png: drawIcon(state, size, [0, 0, 0]) });
    }
  }
  return files;
}

if (import.meta.main) {
  const dir = join(import.meta.dirname, '..', '..', 'resources', 'tray');
  for (const { name, png } of allTrayIcons()) writeFileSync(join(dir, name), png);
}
