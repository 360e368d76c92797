// One place maps errors to HTTP statuses and bodies: XML for the spec's endpoints, JSON for the
// app's own API. Anything unexpected is logged and answered as a generic 500 without details;
// bad input never reaches that branch (it is a DomainError or a guard's refusal), and neither
// does a database that is busy, full or read-only (each says which).
import { DomainError, type DomainErrorCode, type DuplicateCount } from '../domain/errors.ts';
import { ProviderError, type ProviderErrorCode } from '../provider/errors.ts';
import { describeStoreProblem, StoreError, storeProblem, type StoreProblem } from '../store/index.ts';
import type { ErrorCode, ServiceErrorCode } from '../../src-shared/vocabulary.ts';
import { errorXml } from './xml.ts';
import { detailOf, messageOf } from '../../src-shared/message-of.ts';

const STATUS: Record<DomainErrorCode, number> = {
  missing_key: 400,
  invalid_key: 403,
  invalid_settings: 400,
  invalid_entry: 400,
  invalid_recurring: 400,
  invalid_account: 400,
  bad_csv: 400,
  duplicates: 409,
  not_found: 404,
  unknown_account: 404,
  conflict: 409,
  key_in_use: 409,
  name_taken: 409,
  managed_by_provider: 409,
  invalid_plan: 400,
};

/**
 * A connected account's provider gave no usable answer: a gateway's statuses, never an invented
 * or old balance. A key the provider refuses is refused here too, as an unknown key is.
 */
const PROVIDER_STATUS: Record<ProviderErrorCode, number> = {
  provider_unreachable: 502,
  provider_timeout: 504,
  provider_bad_answer: 502,
  invalid_key: 403,
  invalid_url: 400,
};

const PROBLEM: Record<StoreProblem, { status: number; code: ServiceErrorCode; headers?: Record<string, string> }> = {
  busy: { status: 503, code: 'store_busy', headers: { 'Retry-After': '2' } },
  disk_full: { status: 507, code: 'disk_full' },
  read_only: { status: 503, code: 'read_only' },
  io: { status: 503, code: 'store_unavailable' },
};

/**
 * What an answer may do when a browser is made to open it as a page: nothing. No script, no
 * loads, an opaque origin. Every answer carries it except the UI's own pages, which have their
 * own policy (static.ts): the spec's XML (a connected account's is its provider's document, passed
 * on byte for byte after the strict reader took it), errors, JSON and text. With nosniff, a
 * document the provider dressed as XHTML cannot run on this service's origin.
 */
export const ANSWER_CSP = "default-src 'none'; sandbox";

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': ANSWER_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export const XML_TYPE = 'application/xml; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Built once: the hot path answers every request with these. */
export const XML_HEADERS: Readonly<Record<string, string>> = { ...COMMON_HEADERS, 'Content-Type': XML_TYPE };

export function xmlResponse(
  body: string | Uint8Array<ArrayBuffer>,
  status = 200,
  extra?: Record<string, string>,
): Response {
  return new Response(body, { status, headers: extra === undefined ? XML_HEADERS : { ...XML_HEADERS, ...extra } });
}

export function jsonResponse(body: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...COMMON_HEADERS, 'Content-Type': JSON_TYPE, ...extra },
  });
}

export function xmlError(status: number, code: ErrorCode, message: string, extra?: Record<string, string>): Response {
  return xmlResponse(errorXml(code, message), status, extra);
}

/** What an error body may say besides its code and message: a CSV line, an import's duplicates. */
export interface ErrorDetail {
  line?: number;
  duplicates?: DuplicateCount;
}

export function jsonError(
  status: number,
  code: ErrorCode,
  message: string,
  detail: ErrorDetail = {},
  extra?: Record<string, string>,
): Response {
  return jsonResponse({ error: { code, message, ...detail } }, status, extra);
}

/** A request the app API cannot take at all (its body or query is not the route's shape): 400. */
export class BadRequest extends Error {
  override name = 'BadRequest';
}

/** A refusal with its own status and code (another import running: 409). */
export class Refusal extends Error {
  override name = 'Refusal';
  readonly status: number;
  readonly code: ErrorCode;

  constructor(status: number, code: ErrorCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

interface Mapped {
  status: number;
  code: ErrorCode;
  message: string;
  detail?: ErrorDetail;
  headers?: Record<string, string>;
}

/** Maps a thrown value to a status and a message; logs what it does not recognise. */
export function mapError(err: unknown, log: (line: string) => void): Mapped {
  if (err instanceof BadRequest) return { status: 400, code: 'invalid_request', message: err.message };
  if (err instanceof Refusal) return { status: err.status, code: err.code, message: err.message };
  if (err instanceof DomainError) {
    const detail: ErrorDetail = {};
    if (err.line !== undefined) detail.line = err.line;
    if (err.duplicates !== undefined) detail.duplicates = err.duplicates;
    return { status: STATUS[err.code], code: err.code, message: err.message, detail };
  }
  if (err instanceof ProviderError) {
    return {
      status: PROVIDER_STATUS[err.code],
      code: err.code,
      message: err.code === 'invalid_key' ? 'the key is not valid (the provider refused it)' : err.message,
    };
  }
  const problem = storeProblem(err);
  if (problem !== undefined) {
    const detail = messageOf(err);
    log(`store ${problem}: ${detail}`);
    const { status, code, headers } = PROBLEM[problem];
    const message = err instanceof StoreError ? err.message : describeStoreProblem(problem, detail);
    return headers === undefined ? { status, code, message } : { status, code, message, headers };
  }
  if (err instanceof StoreError) {
    log(`store error: ${err.message}`);
    return { status: 503, code: 'store_unavailable', message: err.message };
  }
  log(`unexpected error: ${detailOf(err)}`);
  return {
    status: 500,
    code: 'internal_error',
    message: 'something went wrong inside the service; it has been logged',
  };
}
