// A stand-in for the service's /app routes (docs/app-api.md) for component tests: in-memory
// state, and a log of the requests the window made.
import { vi } from 'vitest';

export interface Call { method: string; path: string; query: URLSearchParams; body: string | undefined }

const NOW = 1_795_343_700; // 2026-11-22 10:35:00 Europe/London
const xml = (body: string) => new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function fakeService(options: { key?: 'stored' | 'session' | 'none' | 'invalid'; vault?: 'keychain' | 'session'; entries?: number; paging?: 'before' | 'offset' } = {}) {
  const state = {
    key: options.key ?? 'session',
    settings: { warningEnabled: true, warningLevel: 2000 as number | null, summary: ['monthly'], disk: [80], bandwidth: [] as number[] },
    entries: Array.from({ length: options.entries ?? 2 }, (_, i) => ({ id: i + 1, datetime: `2026-11-${String((i % 28) + 1).padStart(2, '0')} 09:00:00`, epochSeconds: NOW - (200 - i) * 86_400, amount: '2500', signedAmount: '2500', kind: 'topup', note: `card ${i + 1}` })),
    unreachable: false,
  };
  const calls: Call[] = [];
  const route = (method: string, path: string, query: URLSearchParams, body: string | undefined): Response => {
    if (path === 'app/status') {
      return json({
        key: state.key,
        vault: options.vault === 'keychain' ? { mode: 'keychain', store: 'GNOME Keyring (Secret Service)' } : { mode: 'session', store: 'this session only', reason: 'no Secret Service is running' },
        account: state.key === 'none' ? undefined : { name: 'Test account' },
        timeZone: 'Europe/London',
        now: { datetime: '2026-11-22 10:35:00', epochSeconds: NOW },
        api: { baseUrl: 'http://127.0.0.1:4123/', listening: true },
      });
    }
    if (path === 'app/key' && method === 'POST') {
      const { key } = JSON.parse(body ?? '{}') as { key: string };
      if (key !== 'a-valid-key-0123456789') return json({ error: { code: 'invalid_key', message: 'the key is not valid' } }, 403);
      state.key = 'session';
      return json({ key: 'session' });
    }
    if (path === 'app/key' && method === 'DELETE') { state.key = 'none'; return new Response(null, { status: 204 }); }
    if ((path === 'app/demo' || path === 'app/account') && method === 'POST') { state.key = 'session'; return json({ key: 'session' }); }
    if (path === 'app/xml/get_balance') {
      const dt = query.get('datetime');
      const week = dt === '+1 week';
      return xml(`<result><datetime>${week ? '2026-11-29 10:35:00' : '2026-11-22 10:35:00'}</datetime><balance>${week ? '3870.9677419355' : '4983.8709677419'}</balance></result>`);
    }
    if (path === 'app/resolve') {
      const understood = query.get('text') === '+1 week';
      return json({ datetime: understood ? '2026-11-29 10:35:00' : '2026-11-22 10:35:00', epochSeconds: NOW, understood, stage: understood ? 'strtotime' : 'none' });
    }
    if (path === 'app/xml/get_notification_settings') {
      const s = state.settings;
      const warning = s.warningLevel === null && !s.warningEnabled ? '' : `<warning><enabled>${s.warningEnabled}</enabled>${s.warningLevel === null ? '' : `<level>${s.warningLevel}</level>`}</warning>`;
      const summary = s.summary.length ? `<summary>${s.summary.map((v) => `<value>${v}</value>`).join('')}</summary>` : '';
      const disk = s.disk.length ? `<disk>${s.disk.map((v) => `<value>${v}</value>`).join('')}</disk>` : '';
      return xml(`<notificationsettings>${warning || summary ? `<balance>${warning}${summary}</balance>` : ''}${disk ? `<usagealerts>${disk}</usagealerts>` : ''}</notificationsettings>`);
    }
    if (path === 'app/settings' && method === 'PUT') { state.settings = JSON.parse(body ?? '{}') as typeof state.settings; return json(state.settings); }
    if (path === 'app/settings') return json(state.settings);
    if (path === 'app/ledger') {
      // Pages of `limit`, newest first, with the cursor style the test asks for.
      const limit = Number(query.get('limit') ?? 200);
      const sorted = [...state.entries].sort((x, y) => y.epochSeconds - x.epochSeconds);
      const before = query.get('before');
      const start = options.paging === 'offset' ? Number(query.get('offset') ?? 0) : before === null ? 0 : sorted.findIndex((e) => String(e.id) === before) + 1;
      const page = sorted.slice(start, start + limit);
      const more = start + page.length < sorted.length;
      const last = page.at(-1);
      return json(options.paging === 'offset'
        ? { entries: page, total: sorted.length, nextOffset: more ? start + page.length : null }
        : { entries: page, total: sorted.length, nextBefore: more && last ? last.id : null });
    }
    if (path === 'app/recurring') return json({ recurring: [] });
    if (path === 'app/forecast') return json({ horizonDays: Number(query.get('days')), belowWarning: { datetime: '2026-11-28 10:35:00', epochSeconds: NOW + 6 * 86_400 }, zero: null, balanceNow: '4983.8709677419' });
    if (path === 'app/series') {
      return json({ points: [0, 1, 2].map((i) => ({ epochSeconds: NOW + (i - 1) * 86_400, datetime: `2026-11-2${1 + i} 10:35:00`, balance: String(5000 - i * 100) })), events: [], warningLevel: state.settings.warningLevel, now: NOW });
    }
    return json({ error: { code: 'not_found', message: `no route ${method} ${path}` } }, 404);
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (state.unreachable) return Promise.reject(new TypeError('Failed to fetch'));
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://127.0.0.1:4123/');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const path = url.pathname.replace(/^\//, '');
    calls.push({ method, path, query: url.searchParams, body });
    return Promise.resolve(route(method, path, url.searchParams, body));
  });
  return { state, calls, fetchMock };
}

/** jsdom lacks ResizeObserver, which the chart's container needs. */
export function installBrowserStubs(): void {
  class ResizeObserverStub { observe(): void { /* no layout in jsdom */ } unobserve(): void { /* none */ } disconnect(): void { /* none */ } }
  vi.stubGlobal('ResizeObserver', ResizeObserverStub);
}
