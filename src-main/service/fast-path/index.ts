// The TCP mount's fast path for the spec's two GET routes: answered straight from node:http by
// the same guards and the same answer functions as the router, without building Fetch objects.
// What each trick buys, measured, is this folder's README.md. Switched off by
// ACCOUNT_MONITOR_FAST_PATH=off (or the access log, which needs every request to go through the
// router): then every request takes the plain path, the router (../handler.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost } from '../guards.ts';
import { MAX_URL_LENGTH } from '../middleware.ts';
import type { SpecContext } from '../spec-routes.ts';
import { errorXml } from '../xml.ts';
import { specPath, TargetAnswers, type FastAnswer } from './answers.ts';
import { headersFor } from './headers.ts';
import { detailOf } from '../../../src-shared/message-of.ts';

export { primeNextTick } from './prime-next-tick.ts';
export type { FastAnswer } from './answers.ts';

/** The environment variable that turns the fast path off (`off`, `0` or `false`). */
export const FAST_PATH_ENV = 'ACCOUNT_MONITOR_FAST_PATH';

/** Whether the environment leaves the fast path on (it is, unless told otherwise). */
export function fastPathWanted(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const value = env[FAST_PATH_ENV]?.trim().toLowerCase();
  return value !== 'off' && value !== '0' && value !== 'false';
}

/**
 * Answers a spec GET (or HEAD) request, or returns undefined for anything else (other paths and
 * methods, a foreign Host, an overlong target), which the router then answers.
 * `test/service/fast-path.test.ts` holds both to the same bytes. A local account's answer is
 * immediate; a connected account's comes when its provider answers.
 */
export type FastPath = (
  method: string,
  host: string | undefined,
  target: string,
) => FastAnswer | Promise<FastAnswer> | undefined;

export function createFastPath(spec: SpecContext): FastPath {
  const answers = new TargetAnswers(spec);
  // Scripts send the same Host on every request: the last one found loopback is remembered.
  let loopbackHost: string | undefined;
  return (method, host, target) => {
    if ((method !== 'GET' && method !== 'HEAD') || target.length > MAX_URL_LENGTH || host === undefined)
      return undefined;
    if (host !== loopbackHost) {
      if (!isLoopbackHost(host)) return undefined;
      loopbackHost = host;
    }
    const q = target.indexOf('?');
    const which = specPath(target, q);
    return which === undefined ? undefined : answers.answer(which, target, q);
  };
}

const INTERNAL = 'something went wrong inside the service; it has been logged';

/** Sends the fast path's answer to `req`, if it has one; false leaves the request to the router. */
export function serveFast(
  fastPath: FastPath,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
): boolean {
  const fast = fastPath(req.method ?? '', req.headers.host, req.url ?? '');
  if (fast === undefined) return false;
  const send = (answer: FastAnswer): void => {
    // The client may have gone while a provider was being asked.
    if (res.destroyed) return;
    res.writeHead(answer.status, answer.headers);
    if (req.method === 'HEAD') res.end();
    else res.end(answer.body);
  };
  if (!(fast instanceof Promise)) {
    send(fast);
    return true;
  }
  fast.then(send, (err: unknown) => {
    log(`unexpected error: ${detailOf(err)}`);
    const body = errorXml('internal_error', INTERNAL);
    send({ status: 500, body, headers: headersFor(Buffer.byteLength(body)) });
  });
  return true;
}
