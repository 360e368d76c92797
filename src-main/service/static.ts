// Serves the built renderer (out/renderer) read-only. Files are read once and kept: the bundle
// is small and never changes while the process runs.
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { COMMON_HEADERS } from './errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

// Recharts sets inline style attributes, hence 'unsafe-inline' for styles only.
export const UI_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

export class StaticFiles {
  readonly root: string;
  readonly #cache = new Map<string, Uint8Array<ArrayBuffer> | null>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file for a URL path, or undefined. Paths that climb out of the root are never served. */
  serve(pathname: string): Response | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
    const file = normalize(join(this.root, relative));
    if (!file.startsWith(this.root + sep) || relative.includes('\0')) return undefined;
    let body = this.#cache.get(file);
    if (body === undefined) {
      try {
        body = new Uint8Array(readFileSync(file));
      } catch {
        body = null;
      }
      this.#cache.set(file, body);
    }
    if (body === null) return undefined;
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: Record<string, string> = { ...COMMON_HEADERS, 'Content-Type': type, 'X-Frame-Options': 'DENY' };
    if (type.startsWith('text/html')) headers['Content-Security-Policy'] = UI_CSP;
    return new Response(body, { status: 200, headers });
  }
}
