// What the built window (out/renderer) makes a browser fetch before it can draw the dashboard:
// the page's module script and the chunks it preloads (vite lists every static import of the
// entry as a modulepreload; the parts loaded when shown are dynamic imports, so not there).
// Sized at gzip's best level, as issue 36 counts it. Read by the bench's window section and by
// test/e2e/first-load.spec.ts.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './procs.ts';

export const RENDERER_OUT = join(ROOT, 'out', 'renderer');

export interface FirstLoad {
  /** The JavaScript files the page asks for before it runs (paths relative to out/renderer). */
  files: string[];
  /** Their gzip -9 size, in bytes. */
  gzipBytes: number;
  /** Every JavaScript file of the build, gzip -9, in bytes (what the window loads by the time every panel is shown). */
  allGzipBytes: number;
}

const gz = (path: string): number => gzipSync(readFileSync(path), { level: 9 }).length;

export function firstLoadOf(outDir = RENDERER_OUT): FirstLoad {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => (m[1] ?? '').replace(/^\.\//, ''));
  if (files.length === 0) throw new Error(`${join(outDir, 'index.html')} names no module script`);
  const all = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    files,
    gzipBytes: files.reduce((sum, f) => sum + gz(join(outDir, f)), 0),
    allGzipBytes: all.reduce((sum, f) => sum + gz(join(outDir, 'assets', f)), 0),
  };
}
