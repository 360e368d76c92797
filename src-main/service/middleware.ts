// The handler's middleware, in the order it runs: the transport guard (every request), the access
// log (when asked for), and the token guard of the app API. A request without the `trusted`
// binding came over TCP; the app:// mount in Electron is trusted. See guards.ts for the threat model.
import type { MiddlewareHandler } from 'hono';
import { jsonError, xmlError } from './errors.ts';
import { isLoopbackHost, requestToken, tokenMatches } from './guards.ts';

export interface Env { Bindings: { trusted?: boolean } }

/** Longest request target accepted; longer ones get 414 (Node itself answers 431 past 16 KiB of headers). */
export const MAX_URL_LENGTH = 8192;

/** An overlong target is refused, and over TCP so is a Host that is not a loopback name (DNS rebinding). */
export function transportGuard(): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.url.length > MAX_URL_LENGTH) return xmlError(414, 'uri_too_long', `the request target is longer than ${MAX_URL_LENGTH} characters`);
    if (c.env.trusted !== true && !isLoopbackHost(c.req.header('host') ?? null)) {
      return xmlError(403, 'forbidden_host', 'this service answers only requests addressed to a loopback name (localhost, 127.0.0.1, [::1])');
    }
    await next();
  };
}

/** One line per request, the key redacted. Off by default: it costs throughput. */
export function accessLog(log: (line: string) => void): MiddlewareHandler<Env> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const target = c.req.url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/([?&]key=)[^&]*/gi, '$1[redacted]');
    log(`${c.req.method} ${target} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}

/** Over TCP the app API needs the per-launch token. */
export function tokenGuard(token: string): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.env.trusted !== true && !tokenMatches(requestToken(c.req.raw), token)) {
      return jsonError(401, 'token_required', 'open the address the server printed (it carries the access token)');
    }
    await next();
  };
}
