// The window's only way to the service: relative fetch()es (the same code runs over app:// in
// Electron and over http://127.0.0.1 in a browser). Every failure becomes an ApiError whose
// `kind` the views turn into a designed state.
import { parseBalanceXml, parseErrorXml, parseSettingsXml, type BalanceAnswer, type SettingsAnswer } from '../lib/xml.ts';
import type { LedgerCursor, LedgerEntry, LedgerPage, Recurring, Resolved, Series, Settings, Status, Forecast } from './types.ts';

/** unreachable: no answer at all; token: the launch token is missing; no_key / revoked: the key; other: the rest. */
export type ErrorKind = 'unreachable' | 'token' | 'no_key' | 'revoked' | 'invalid' | 'other';

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: string;
  readonly line: number | undefined;
  constructor(kind: ErrorKind, status: number, code: string, message: string, line?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.line = line;
  }
}

function kindOf(status: number, code: string): ErrorKind {
  if (code === 'invalid_key') return 'revoked';
  if (code === 'no_key' || code === 'missing_key') return 'no_key';
  if (status === 401) return 'token';
  if (status === 400 || status === 422) return 'invalid';
  return 'other';
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body = await response.text().catch(() => '');
  let code = `http_${response.status}`;
  let message = body.trim() === '' ? `The service answered ${response.status} ${response.statusText}.` : body.slice(0, 300);
  let line: number | undefined;
  try {
    const json = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; line?: unknown } };
    if (typeof json.error?.code === 'string') code = json.error.code;
    if (typeof json.error?.message === 'string') message = json.error.message;
    if (typeof json.error?.line === 'number') line = json.error.line;
  } catch {
    const xml = parseErrorXml(body);
    if (xml) { code = xml.code; message = xml.message; }
  }
  return new ApiError(kindOf(response.status, code), response.status, code, message, line);
}

export async function request(path: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError('unreachable', 0, 'unreachable', 'The Account Monitor service is not answering.');
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await request(path, init);
  if (response.status === 204) return undefined as T;
  // The contract (docs/app-api.md) is trusted for shape; fields the views rely on are checked there.
  return (await response.json()) as T;
}

function send(method: string, body: unknown): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

const q = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const s = search.toString();
  return s === '' ? '' : `?${s}`;
};

/** Where the next (older) page starts, whichever cursor the service uses. */
export function nextCursor(page: LedgerPage): LedgerCursor | null {
  if (page.nextBefore !== undefined && page.nextBefore !== null) return { before: page.nextBefore };
  if (page.nextOffset !== undefined && page.nextOffset !== null) return { offset: page.nextOffset };
  return null;
}

export const api = {
  status: () => json<Status>('app/status'),
  useKey: (key: string) => json<{ key: string }>('app/key', send('POST', { key })),
  createAccount: (name: string) => json<{ key: string }>('app/account', send('POST', { name })),
  demo: () => json<{ key: string }>('app/demo', { method: 'POST' }),
  forgetKey: () => json<undefined>('app/key', { method: 'DELETE' }),
  balanceXml: async (datetime?: string): Promise<{ xml: string; answer: BalanceAnswer }> => {
    const xml = await (await request(`app/xml/get_balance${q({ datetime })}`)).text();
    return { xml, answer: parseBalanceXml(xml) };
  },
  settingsXml: async (): Promise<{ xml: string; answer: SettingsAnswer }> => {
    const xml = await (await request('app/xml/get_notification_settings')).text();
    return { xml, answer: parseSettingsXml(xml) };
  },
  resolve: (text: string) => json<Resolved>(`app/resolve${q({ text })}`),
  settings: () => json<Settings>('app/settings'),
  saveSettings: (s: Settings) => json<Settings>('app/settings', send('PUT', s)),
  ledger: (cursor?: LedgerCursor, limit = 50) => json<LedgerPage>(`app/ledger${q({ limit, ...cursor })}`),
  addEntry: (e: { at: string; amount: string; kind: string; note: string }) => json<LedgerEntry>('app/ledger', send('POST', e)),
  deleteEntry: (id: number | string) => json<undefined>(`app/ledger/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
  recurring: () => json<{ recurring: Recurring[] }>('app/recurring'),
  addRecurring: (r: { amount: string; every: string; from: string; until?: string; note?: string }) => json<Recurring>('app/recurring', send('POST', r)),
  deleteRecurring: (id: number | string) => json<undefined>(`app/recurring/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
  series: (from: string, to: string, points = 240) => json<Series>(`app/series${q({ from, to, points })}`),
  forecast: (days: number) => json<Forecast>(`app/forecast${q({ days })}`),
};

/**
 * Sends a CSV for import with upload progress. XMLHttpRequest, because fetch() reports no
 * upload progress; the service imports all lines or none.
 */
export function importCsv(text: string, onProgress: (fraction: number) => void): Promise<{ imported: number }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', 'app/import');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
    xhr.onerror = () => { reject(new ApiError('unreachable', 0, 'unreachable', 'The Account Monitor service is not answering.')); };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(JSON.parse(xhr.responseText) as { imported: number });
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
