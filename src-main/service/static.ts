// Serves the built renderer (out/renderer) read-only. The list of files is read once, at start-up:
// a request path is only ever looked up in that list, never on disk, so requests for paths that
// do not exist cost a map lookup and leave nothing behind. A listed file is read when asked for
// and not kept: a service left running holds none of the window's files between the times the
// window is opened (the system's file cache keeps them at hand; issue 36).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
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
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Headers of every page this service shows (the UI's and the sign-in page). */
export function pageHeaders(type: string): Record<string, string> {
  const headers: Record<string, string> = { ...COMMON_HEADERS, 'Content-Type': type, 'X-Frame-Options': 'DENY' };
  if (type.startsWith('text/html')) headers['Content-Security-Policy'] = UI_CSP;
  return headers;
}

/**
 * How a folder lists: every path under it relative to it, in the OS's own form (what
 * `readdirSync(root, { recursive: true })` gives: `assets\\index-x.js` on Windows), and that
 * form's separator.
 */
export interface Listing {
  entries: readonly string[];
  separator: string;
}

function listFolder(root: string): Listing {
  try {
    return { entries: readdirSync(root, { recursive: true, encoding: 'utf8' }), separator: sep };
  } catch {
    return { entries: [], separator: sep };
  }
}

// Only plain names: nothing hidden, nothing that would need escaping in a URL.
const PLAIN_NAME = /^[\w.-]+$/;

/**
 * Every servable file under `root`, by its URL path ('/assets/index-x.js' on every OS: paths inside
 * the service have one form), to its path on disk; empty when the folder is missing.
 */
export function uiFiles(root: string, listing: Listing = listFolder(root)): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of listing.entries) {
    const parts = entry.split(listing.separator);
    if (!parts.every((part) => PLAIN_NAME.test(part) && !part.startsWith('.'))) continue;
    const file = join(root, ...parts);
    if (!(extname(file) in TYPES)) continue;
    files.set(`/${parts.join('/')}`, file);
  }
  return files;
}

export class StaticFiles {
  readonly root: string;
  /** URL path -> file on disk, fixed at start-up. */
  readonly #files: ReadonlyMap<string, string>;

  constructor(root: string) {
    this.root = resolve(root);
    this.#files = uiFiles(this.root);
  }

  /** True when the UI was built (it has its page). */
  get built(): boolean {
    return this.#files.has('/index.html');
  }

  /** True for the page itself ('/') and every built file: what may be served without a token. */
  has(pathname: string): boolean {
    return pathname === '/' || this.#files.has(pathname);
  }

  /** The file for a URL path ('/' is the page), or undefined when it is not one of the built files. */
  serve(pathname: string): Response | undefined {
    const path = pathname === '/' ? '/index.html' : pathname;
    const file = this.#files.get(path);
    const body = this.#body(path);
    if (file === undefined || body === undefined) return undefined;
    return new Response(body, {
      status: 200,
      headers: pageHeaders(TYPES[extname(file)] ?? 'application/octet-stream'),
    });
  }

  /** The page ('/') with `head` added at the start of its <head> (the sign-in form's answer). */
  pageWith(head: string): Response | undefined {
    const body = this.#body('/index.html');
    if (body === undefined) return undefined;
    const html = Buffer.from(body)
      .toString('utf8')
      .replace(/<head>/i, (tag) => `${tag}${head}`);
    return new Response(html, { status: 200, headers: pageHeaders(TYPES['.html'] ?? 'text/html') });
  }

  #body(path: string): Uint8Array<ArrayBuffer> | undefined {
    const file = this.#files.get(path);
    if (file === undefined) return undefined;
    try {
      return new Uint8Array(readFileSync(file));
    } catch {
      // Removed since start-up (a rebuild): not found.
      return undefined;
    }
  }
}
