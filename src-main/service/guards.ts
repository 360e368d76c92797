// The checks the TCP mount makes before a route runs. Who they stop, and why, is the threat model
// in this room's README.md. Each is a pure function of the request's headers, so the fast path
// and the router share them.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackName } from '../../src-shared/loopback.ts';

/**
 * True for a Host header naming this machine's loopback interface (with any valid port): a page
 * that points its own DNS name at 127.0.0.1 (DNS rebinding) sends its own name and is refused.
 * Only hosts a URL parser also accepts pass, so nothing later can fail on them.
 */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (host === null || host === undefined) return false;
  const colon = host.lastIndexOf(':');
  const hasPort = colon !== -1 && !host.endsWith(']');
  const name = hasPort ? host.slice(0, colon) : host;
  // `::1` bare is no Host (the port split above leaves ":" of it), so only `[::1]` passes here.
  if (!isLoopbackName(name)) return false;
  if (!hasPort) return true;
  const port = host.slice(colon + 1);
  return /^\d{1,5}$/.test(port) && Number(port) <= 65535;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares in constant time (both sides hashed first, so lengths do not leak either). */
export function tokenMatches(candidate: string | null | undefined, token: string): boolean {
  if (candidate === undefined || candidate === null || candidate === '') return false;
  return timingSafeEqual(digest(candidate), digest(token));
}

/**
 * The token a request carries: only in `Authorization: Bearer`. Never a cookie: browsers send
 * cookies to every port of a host, so another local server would receive it, and two
 * instances on two ports would overwrite each other's.
 */
export function bearerToken(authorization: string | null | undefined): string | undefined {
  if (authorization === null || authorization === undefined) return undefined;
  const match = /^bearer +(\S+) *$/i.exec(authorization);
  return match?.[1];
}

/**
 * Why a state-changing request must be refused as coming from another site, or undefined. A
 * browser says where a request comes from: `Origin` (the page's origin; a page on another local
 * port is another origin, though the same "site") and `Sec-Fetch-Site`. Scripts send neither,
 * and keep working with their bearer token.
 */
export function crossSiteProblem(
  origin: string | null | undefined,
  fetchSite: string | null | undefined,
  host: string,
): string | undefined {
  if (fetchSite !== null && fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return `this request came from another site (Sec-Fetch-Site: ${fetchSite.slice(0, 40)})`;
  }
  if (origin !== null && origin !== undefined && origin.toLowerCase() !== `http://${host.toLowerCase()}`) {
    return `this request came from another origin (${origin.slice(0, 100)}); only the app's own page may change data`;
  }
  return undefined;
}

/** The media type of a Content-Type header, lower case, without parameters (`charset=...`). */
export function mediaType(contentType: string | null | undefined): string | undefined {
  if (contentType === null || contentType === undefined) return undefined;
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}
