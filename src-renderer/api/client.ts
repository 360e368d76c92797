// The window's only way to the service: relative fetch()es (the same code runs over app:// in
// Electron and over http://127.0.0.1 in a browser), typed against the contract's route table
// (src-shared/app-api.ts). Every failure becomes an ApiError whose `kind` the views turn into a
// designed state.
import type {
  ApiErrorBody,
  AppRoute,
  BodyOf,
  ImportQuery,
  LedgerFilter,
  QueryOf,
  ResponseOf,
} from '../../src-shared/app-api.ts';
import { plainText } from '../../src-shared/quote.ts';
import { isErrorCode, type DateOrder, type ErrorCode } from '../../src-shared/vocabulary.ts';
import { authorization } from './access-token.ts';

type DuplicateCount = NonNullable<ApiErrorBody['error']['duplicates']>;

/** unreachable: no answer at all; token: the access token is missing or refused; no_key (the account is not in this window) / revoked: the key; other: the rest. */
export type ErrorKind = 'unreachable' | 'token' | 'no_key' | 'revoked' | 'invalid' | 'other';

/**
 * The service's own code, or the window's for what the service did not say: no answer at all
 * (`unreachable`), an answer that is not the app API's (`bad_answer`).
 */
export type ClientErrorCode = ErrorCode | 'unreachable' | 'bad_answer';

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly line: number | undefined;
  /** A refused import: how many of the file's rows were already in the ledger. */
  readonly duplicates: DuplicateCount | undefined;
  constructor(
    kind: ErrorKind,
    status: number,
    code: ClientErrorCode,
    message: string,
    line?: number,
    duplicates?: DuplicateCount,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.line = line;
    this.duplicates = duplicates;
  }
}

function kindOf(status: number, code: ClientErrorCode): ErrorKind {
  if (code === 'invalid_key') return 'revoked';
  if (code === 'missing_key' || code === 'unknown_account') return 'no_key';
  if (status === 401) return 'token';
  if (status === 400 || status === 413) return 'invalid';
  return 'other';
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    isErrorCode(error.code) &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

/** A refusal: the app API's JSON error body; anything else (a guard's XML, a proxy's page) by its status. */
async function errorFrom(response: Response): Promise<ApiError> {
  const body = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (isErrorBody(json)) {
    const { code, message, line, duplicates } = json.error;
    return new ApiError(kindOf(response.status, code), response.status, code, message, line, duplicates);
  }
  const message = `The service answered ${response.status} ${response.statusText}.`.replace(' .', '.');
  return new ApiError(kindOf(response.status, 'bad_answer'), response.status, 'bad_answer', message);
}

export async function request(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    // The access token travels as a header this page adds, never as a cookie (see access-token.ts).
    response = await fetch(path, {
      ...init,
      credentials: 'omit',
      headers: { ...authorization(), ...(init.headers as Record<string, string> | undefined) },
    });
  } catch {
    throw new ApiError('unreachable', 0, 'unreachable', 'The Account Monitor service is not answering.');
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/**
 * An answer's JSON as the window may show it: every string with its control characters stripped
 * by the one rule (`plainText`, src-shared/quote.ts; tab and line feed kept, a note's lines). The
 * service refuses them in names and notes, but a name or note kept before that rule would
 * otherwise reach the page, the title bar and notifications raw: C1 controls, and direction
 * overrides that make "gpj.exe" read as "exe.jpg". Here, once, every view is covered.
 */
function shown(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? plainText(value, true) : value));
}

/** Path parameters: the account (`:id`) and a ledger entry or recurring charge (`:entry`). */
interface Params {
  id?: number;
  entry?: number;
}

/** 'GET /app/accounts/:id' with { id: 3 } -> ['GET', 'app/accounts/3?...']: relative, so it works under any mount. */
function target<R extends AppRoute>(route: R, query: QueryOf<R> | undefined, params: Params = {}): [string, string] {
  const space = route.indexOf(' ');
  const path = route
    .slice(space + 2)
    .replace(':id', encodeURIComponent(String(params.id ?? '')))
    .replace(':entry', encodeURIComponent(String(params.entry ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  const s = search.toString();
  return [route.slice(0, space), s === '' ? path : `${path}?${s}`];
}

interface CallOptions<R extends AppRoute> {
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  params?: Params;
  signal?: AbortSignal;
}

/** Calls a JSON route of the contract; the answer has the route's response type. */
async function call<R extends AppRoute>(route: R, options: CallOptions<R> = {}): Promise<ResponseOf<R>> {
  const [method, path] = target(route, options.query, options.params);
  // Every change is sent as JSON, also one without a body: the service refuses other types (a
  // form or text/plain is what another site's page could send without asking first).
  const init: RequestInit =
    method === 'GET'
      ? { method }
      : {
          method,
          headers: { 'Content-Type': 'application/json' },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        };
  const response = await request(path, options.signal === undefined ? init : { ...init, signal: options.signal });
  // The contract is typed on both sides; the service is the window's own, so its shapes are trusted.
  return (response.status === 204 ? null : shown(await response.text())) as ResponseOf<R>;
}

/** What is not about one account: the status, adding an account, reading a phrase. */
export const api = {
  status: () => call('GET /app/status'),
  accounts: () => call('GET /app/accounts'),
  useKey: (key: string) => call('POST /app/key', { body: { key } }),
  /** The accounts this app keeps whose key the window does not hold (names only, never keys). */
  kept: () => call('GET /app/kept'),
  createAccount: (name: string, openingBalance?: string) =>
    call('POST /app/account', { body: openingBalance === undefined ? { name } : { name, openingBalance } }),
  demo: () => call('POST /app/demo'),
  connect: (body: BodyOf<'POST /app/connect'>) => call('POST /app/connect', { body }),
  /** Answers when the data changed since `since` (or after about 25 s): the window's live updates. */
  changes: (since: number | undefined, signal: AbortSignal) =>
    call('GET /app/changes', { query: since === undefined ? {} : { since }, signal }),
  /** How this app reads a phrase, with the window's day/month order for slashed dates. */
  resolve: (text: string, dateOrder: DateOrder = 'mdy') => call('GET /app/resolve', { query: { text, dateOrder } }),
  /** Every account's stored alerts, newest first; `before`: the older page (an alert id). */
  alerts: (limit: number, before?: number) =>
    call('GET /app/alerts', { query: before === undefined ? { limit } : { limit, before } }),
  markAlertsRead: (which: BodyOf<'POST /app/alerts/read'>) => call('POST /app/alerts/read', { body: which }),
  /** The monitor's app-wide preferences: quiet hours and forecast days. */
  preferences: () => call('GET /app/preferences'),
  savePreferences: (edit: BodyOf<'PUT /app/preferences'>) => call('PUT /app/preferences', { body: edit }),
  /** Accounts whose reminders are snoozed, and when "Snooze until tomorrow" would end. */
  snoozes: () => call('GET /app/snoozes'),
  /** Snoozes an account's reminders until tomorrow morning (`until` absent), a phrase, or resumes them (`null`). */
  snooze: (accountId: number, until?: string | null) =>
    call('PUT /app/snoozes/:id', { params: { id: accountId }, body: until === undefined ? {} : { until } }),
};

/** Everything about one account (the window holds its key). */
export function accountApi(id: number) {
  const params = { id };
  return {
    summary: () => call('GET /app/accounts/:id', { params }),
    /** `force`: the refresh button (skips the backoff); without it, a focus refresh. */
    refresh: (force: boolean) => call('POST /app/accounts/:id/refresh', { params, body: { force } }),
    /** Only when the user asks to copy it: the page never keeps it. */
    key: async () => (await call('GET /app/accounts/:id/key', { params })).key,
    forgetKey: () => call('DELETE /app/accounts/:id/key', { params }),
    disconnect: () => call('DELETE /app/accounts/:id', { params }),
    /** get_balance's answer as JSON; `datetime` is the spec endpoint's argument (absent: now). */
    balance: (datetime?: string) =>
      call('GET /app/accounts/:id/balance', { params, query: datetime === undefined ? {} : { datetime } }),
    /** The get_notification_settings document as text, shown as it stands (the window reads the JSON settings). */
    settingsXml: async (): Promise<string> =>
      (await request(target('GET /app/accounts/:id/xml/get_notification_settings', null, { id })[1])).text(),
    settings: () => call('GET /app/accounts/:id/settings', { params }),
    saveSettings: (edit: BodyOf<'PUT /app/accounts/:id/settings'>) =>
      call('PUT /app/accounts/:id/settings', { params, body: edit }),
    ledger: (offset?: number, limit = 50, filter: LedgerFilter = {}) =>
      call('GET /app/accounts/:id/ledger', { params, query: { limit, offset, ...filter } }),
    addEntry: (entry: BodyOf<'POST /app/accounts/:id/ledger'>) =>
      call('POST /app/accounts/:id/ledger', { params, body: entry }),
    editEntry: (entry: number, body: BodyOf<'PUT /app/accounts/:id/ledger/:entry'>) =>
      call('PUT /app/accounts/:id/ledger/:entry', { params: { id, entry }, body }),
    deleteEntry: (entry: number) => call('DELETE /app/accounts/:id/ledger/:entry', { params: { id, entry } }),
    /** The entries the filter lets through as a CSV file, and the name the service gives it. */
    exportCsv: async (filter: LedgerFilter = {}): Promise<{ blob: Blob; fileName: string }> => {
      const response = await request(target('GET /app/accounts/:id/ledger.csv', filter, { id })[1]);
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      return { blob: await response.blob(), fileName: named?.[1] ?? 'ledger.csv' };
    },
    recurring: () => call('GET /app/accounts/:id/recurring', { params }),
    addRecurring: (charge: BodyOf<'POST /app/accounts/:id/recurring'>) =>
      call('POST /app/accounts/:id/recurring', { params, body: charge }),
    endRecurring: (entry: number, body: BodyOf<'POST /app/accounts/:id/recurring/:entry/end'>) =>
      call('POST /app/accounts/:id/recurring/:entry/end', { params: { id, entry }, body }),
    deleteRecurring: (entry: number) => call('DELETE /app/accounts/:id/recurring/:entry', { params: { id, entry } }),
    series: (from: string, to: string, points = 240) =>
      call('GET /app/accounts/:id/series', { params, query: { from, to, points } }),
    forecast: (days: number) => call('GET /app/accounts/:id/forecast', { params, query: { days } }),
    /** The forecast with where it starts, the runway, a possible short dip and the provider's clock. */
    outlook: (days: number) => call('GET /app/accounts/:id/outlook', { params, query: { days } }),
    /** The top-up planner: `keepAbove` whole pence (absent: the warning level when it is on, else 0). */
    plan: (until: string, dateOrder: DateOrder, keepAbove?: number) =>
      call('GET /app/accounts/:id/plan', {
        params,
        query: keepAbove === undefined ? { until, dateOrder } : { until, dateOrder, keepAbove },
      }),
    /** A connected account's stored checks as a CSV file, and the name the service gives it. */
    observationsCsv: async (): Promise<{ blob: Blob; fileName: string }> => {
      const response = await request(target('GET /app/accounts/:id/observations.csv', {}, { id })[1]);
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      return { blob: await response.blob(), fileName: named?.[1] ?? 'observations.csv' };
    },
    importCsv: (text: string, onProgress: (fraction: number) => void, query: ImportQuery = {}) =>
      importCsv(id, text, onProgress, query),
  };
}

export type AccountApi = ReturnType<typeof accountApi>;

/**
 * Sends a CSV for import with upload progress. XMLHttpRequest, because fetch() reports no
 * upload progress; the service imports all lines or none.
 */
function importCsv(
  id: number,
  text: string,
  onProgress: (fraction: number) => void,
  query: ImportQuery,
): Promise<ResponseOf<'POST /app/accounts/:id/import'>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target('POST /app/accounts/:id/import', query, { id })[1]);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    for (const [name, value] of Object.entries(authorization())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => {
      reject(new ApiError('unreachable', 0, 'unreachable', 'The Account Monitor service is not answering.'));
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(shown(xhr.responseText) as ResponseOf<'POST /app/accounts/:id/import'>);
        } catch {
          reject(new ApiError('other', xhr.status, 'bad_answer', 'The service sent an answer that is not JSON.'));
        }
        return;
      }
      errorFrom(response).then(reject, reject);
    };
    xhr.send(text);
  });
}
