// The handler's middleware, in the order it runs: the transport guard (every request), the access
// log (when asked for), and the app API's guard (origin, then token). A request without the
// `trusted` binding came over TCP; the app:// mount in Electron is trusted. The threat model is
// this room's README.md.
import type { MiddlewareHandler } from 'hono';
import { jsonError, xmlError } from './errors.ts';
import { bearerToken, crossSiteProblem, isLoopbackHost, tokenMatches } from './guards.ts';

export interface Env {
  Bindings: { trusted?: boolean };
}

/** Longest request target accepted; longer ones get 414 (Node itself answers 431 past 16 KiB of headers). */
export const MAX_URL_LENGTH = 8192;

/**
 * Over TCP, a Host that is not a loopback name is refused (DNS rebinding) before anything reads
 * the URL built from it; then an overlong target is refused.
 */
export const FORBIDDEN_HOST_MESSAGE =
  'this service answers only requests addressed to a loopback name (localhost, 127.0.0.1, [::1]) with a valid port';

export function transportGuard(): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.env.trusted !== true && !isLoopbackHost(c.req.header('host')))
      return xmlError(403, 'forbidden_host', FORBIDDEN_HOST_MESSAGE);
    if (c.req.url.length > MAX_URL_LENGTH)
      return xmlError(414, 'uri_too_long', `the request target is longer than ${MAX_URL_LENGTH} characters`);
    await next();
  };
}

/** Query arguments whose values are secrets: the API key, and the UI's access token. */
const SECRET_NAMES = new Set(['key', 'token']);

/**
 * The request target with the values of secret arguments replaced by `[redacted]`. Names are
 * compared after decoding, exactly as the routes read them (`?%6Bey=` is `key`).
 */
export function redactedTarget(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const parts = target
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq === -1 ? part : part.slice(0, eq);
      const name = new URLSearchParams(`${rawName}=`).keys().next().value;
      return name !== undefined && SECRET_NAMES.has(name) ? `${rawName}=[redacted]` : part;
    });
  return `${target.slice(0, q + 1)}${parts.join('&')}`;
}

/** One line per request, secrets redacted. Off by default: it costs throughput. */
export function accessLog(log: (line: string) => void): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const target = redactedTarget(c.req.url.replace(/^[a-z]+:\/\/[^/]+/i, ''));
    log(`${c.req.method} ${target} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}

/**
 * Over TCP the app API answers only its own page and scripts: a state-changing request that a
 * browser says came from another origin is refused (403) whatever it carries, and every request
 * needs the access token as a bearer header (401).
 */
export function appGuard(token: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.env.trusted === true) {
      await next();
      return;
    }
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const problem = crossSiteProblem(
        c.req.header('origin'),
        c.req.header('sec-fetch-site'),
        c.req.header('host') ?? '',
      );
      if (problem !== undefined) return jsonError(403, 'forbidden_origin', problem);
    }
    if (!tokenMatches(bearerToken(c.req.header('authorization')), token)) {
      return jsonError(
        401,
        'token_required',
        'send the access token as "Authorization: Bearer TOKEN"; it is in the address the server printed (UI: ...#token=...)',
      );
    }
    await next();
  };
}
