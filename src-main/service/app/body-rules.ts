// What the app API takes as a request body, checked before a byte of it is read: JSON routes take
// only `application/json` (a charset is fine), the CSV import only `text/csv`; anything else,
// a missing type included, is 415. (A page on another site can send a form or `text/plain`
// without asking first; it cannot send these types to another origin without CORS, which this
// service never grants.) A declared length over the route's limit is 413 at once; JSON bodies
// sent without a length are counted as they arrive (the import counts its own, see import-job.ts).
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CSV_BODY_LIMIT, JSON_BODY_LIMIT } from '../../../src-shared/app-api.ts';
import { jsonError } from '../errors.ts';
import { mediaType } from '../guards.ts';

/** The CSV import of an account (`POST /app/accounts/:id/import`). */
const IMPORT_PATH = /^\/app\/accounts\/[^/]+\/import$/;

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

export function tooLargeMessage(limit: number, isImport: boolean): string {
  return isImport
    ? `the CSV file is larger than ${size(limit)}, the most the app API takes; import bigger files with the command line: account-monitor ledger import FILE.csv`
    : `the request body is larger than ${size(limit)}, the most this route takes`;
}

export function tooLarge(limit: number, isImport: boolean): Response {
  return jsonError(413, 'too_large', tooLargeMessage(limit, isImport));
}

/** True when a request declares or may carry a body. */
function carriesBody(method: string, length: string | undefined, chunked: boolean): boolean {
  return (
    method === 'POST' || method === 'PUT' || method === 'PATCH' || chunked || (length !== undefined && length !== '0')
  );
}

export function bodyRules(): MiddlewareHandler {
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: () => tooLarge(JSON_BODY_LIMIT, false) });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') {
      await next();
      return;
    }
    const isImport = IMPORT_PATH.test(c.req.path);
    const length = c.req.header('content-length');
    if (!carriesBody(method, length, c.req.header('transfer-encoding') !== undefined)) {
      await next();
      return;
    }
    const wanted = isImport ? 'text/csv' : 'application/json';
    const type = mediaType(c.req.header('content-type'));
    if (type !== wanted) {
      return jsonError(
        415,
        'unsupported_media_type',
        `this route takes ${wanted}${isImport ? ' (the CSV file itself)' : ''}; the request said ${type === undefined ? 'no Content-Type' : `"${type.slice(0, 60)}"`}`,
      );
    }
    const limit = isImport ? CSV_BODY_LIMIT : JSON_BODY_LIMIT;
    if (length !== undefined && (!/^\d{1,15}$/.test(length) || Number(length) > limit))
      return tooLarge(limit, isImport);
    // A declared length is the body's length (HTTP's parser holds the sender to it), checked
    // above; only a body without one is counted as it arrives. (Counting reads the body as a web
    // stream, which `serve`'s light Request makes only when asked: light-fetch.ts.)
    if (isImport || (length !== undefined && c.req.header('transfer-encoding') === undefined)) {
      await next();
      return;
    }
    return jsonLimit(c, next);
  };
}
