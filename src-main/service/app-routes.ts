// The window's own JSON API (docs/app-api.md). The key stays in the main process: every route
// reads it from the vault and works for the account it identifies.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatLocal } from '../dates/index.ts';
import type { AccountDomain } from '../domain/account-domain.ts';
import { createDemoAccount } from '../domain/demo.ts';
import { DomainError } from '../domain/errors.ts';
import { balanceSeries, forecast } from '../domain/forecast.ts';
import { formatRational, formatUnits } from '../money/decimal.ts';
import type { StoredEntry, StoredRecurring } from '../store/index.ts';
import { jsonError, jsonResponse, mapError } from './errors.ts';
import type { KeyVault } from './key-vault.ts';
import { getBalance, getNotificationSettings, lastQueryValue, type SpecContext } from './spec-routes.ts';

export interface AppRouteDeps {
  spec: SpecContext;
  vault: KeyVault;
  /** Where scripts reach the local API, and whether it is listening. */
  apiInfo: () => { baseUrl: string | null; listening: boolean };
}

const JSON_LIMIT = 64 * 1024;
const CSV_LIMIT = 128 * 1024 * 1024;

export function appRoutes(deps: AppRouteDeps): Hono {
  const { spec, vault } = deps;
  const { domain, log } = spec;
  const app = new Hono();
  const when = (t: number): { datetime: string; epochSeconds: number } => ({ datetime: formatLocal(t, domain.timeZone), epochSeconds: t });
  const entryJson = (e: StoredEntry): Record<string, unknown> => ({ id: e.id, ...when(e.at), amount: e.amount, signedAmount: formatUnits(e.units), kind: e.kind, note: e.note });
  const recurringJson = (r: StoredRecurring): Record<string, unknown> => ({
    id: r.id, amount: r.amount, every: r.every, note: r.note, from: when(r.startsAt), until: r.endsAt === null ? null : when(r.endsAt),
  });

  const keyState = (): 'stored' | 'session' => (vault.status().mode === 'keychain' ? 'stored' : 'session');

  /** The account of the stored key; throws DomainError when there is none or it was revoked. */
  async function account(): Promise<number> {
    const key = await vault.get();
    if (key === undefined) throw new DomainError('missing_key', 'no API key is stored yet: paste one, create a local account or start with demo data');
    return domain.authenticate(key);
  }

  async function body(c: Context): Promise<Record<string, unknown>> {
    try {
      const parsed: unknown = await c.req.json();
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through: not JSON
    }
    throw new DomainError('invalid_entry', 'the request body must be a JSON object');
  }

  app.onError((err) => {
    const e = mapError(err, log);
    return jsonError(e.status, e.code, e.message, e.line);
  });

  const smallBodies = bodyLimit({ maxSize: JSON_LIMIT, onError: () => jsonError(413, 'too_large', 'the request body is too large') });
  app.on(['POST', 'PUT'], ['/key', '/account', '/demo', '/settings', '/ledger', '/recurring'], smallBodies);

  app.get('/status', async () => {
    const key = await vault.get();
    let keyStatus: 'stored' | 'session' | 'none' | 'invalid' = key === undefined ? 'none' : keyState();
    let accountInfo: { name: string } | undefined;
    if (key !== undefined) {
      try {
        accountInfo = { name: domain.accountName(domain.authenticate(key)) ?? '' };
      } catch {
        keyStatus = 'invalid';
      }
    }
    const now = domain.nowSeconds();
    return jsonResponse({ key: keyStatus, vault: vault.status(), account: accountInfo, timeZone: domain.timeZone, now: when(now), api: deps.apiInfo() });
  });

  app.post('/key', async (c) => {
    const { key } = await body(c);
    const k = typeof key === 'string' ? key.trim() : undefined;
    domain.authenticate(k);
    await vault.set(k ?? '');
    return jsonResponse({ key: keyState() });
  });

  app.post('/account', async (c) => {
    const { name } = await body(c);
    const created = domain.createAccount(typeof name === 'string' ? name : '');
    await vault.set(created.key);
    return jsonResponse({ key: keyState() });
  });

  app.post('/demo', async () => {
    const created = createDemoAccount(domain);
    await vault.set(created.key);
    return jsonResponse({ key: keyState() });
  });

  app.delete('/key', async () => {
    await vault.clear();
    return new Response(null, { status: 204 });
  });

  app.get('/xml/get_balance', async (c) => getBalance(spec, await vault.get() ?? '', lastQueryValue(c.req.url, 'datetime')));
  app.get('/xml/get_notification_settings', async () => getNotificationSettings(spec, await vault.get() ?? ''));

  app.get('/resolve', (c) => {
    const r = domain.resolve(lastQueryValue(c.req.url, 'text'));
    return jsonResponse({ ...when(r.epochSeconds), understood: r.understood, stage: r.stage });
  });

  app.get('/settings', async () => jsonResponse(domain.settings(await account())));
  app.put('/settings', async (c) => {
    const id = await account();
    const edit = await body(c);
    return jsonResponse(domain.updateSettings(id, edit));
  });

  app.get('/ledger', async (c) => {
    const id = await account();
    const limit = Math.min(Math.max(Number(lastQueryValue(c.req.url, 'limit') ?? 200) || 200, 1), 1000);
    const offset = Math.max(Number(lastQueryValue(c.req.url, 'offset') ?? 0) || 0, 0);
    const { entries, total } = domain.listEntries(id, limit, offset);
    return jsonResponse({ entries: entries.map(entryJson), total, nextOffset: offset + entries.length < total ? offset + entries.length : null });
  });
  app.post('/ledger', async (c) => {
    const id = await account();
    const b = await body(c);
    return jsonResponse(entryJson(domain.addEntry(id, { at: b.at, amount: b.amount, kind: b.kind, note: b.note })), 201);
  });
  app.delete('/ledger/:id', async (c) => {
    domain.removeEntry(await account(), Number(c.req.param('id')));
    return new Response(null, { status: 204 });
  });

  app.get('/recurring', async () => jsonResponse({ recurring: domain.listRecurring(await account()).map(recurringJson) }));
  app.post('/recurring', async (c) => {
    const id = await account();
    const b = await body(c);
    return jsonResponse(recurringJson(domain.addRecurring(id, { amount: b.amount, every: b.every, from: b.from, until: b.until, note: b.note })), 201);
  });
  app.delete('/recurring/:id', async (c) => {
    domain.removeRecurring(await account(), Number(c.req.param('id')));
    return new Response(null, { status: 204 });
  });

  app.post('/import', bodyLimit({ maxSize: CSV_LIMIT, onError: () => jsonError(413, 'too_large', 'the CSV file is too large (128 MiB at most)') }), async (c) => {
    const id = await account();
    const imported = domain.importCsv(id, await c.req.text());
    return jsonResponse({ imported });
  });

  app.get('/series', async (c) => {
    const id = await account();
    const now = domain.nowSeconds();
    const from = resolveOr(domain, lastQueryValue(c.req.url, 'from'), now - 90 * 86_400);
    const to = resolveOr(domain, lastQueryValue(c.req.url, 'to'), now + 90 * 86_400);
    if (to <= from) return jsonError(400, 'invalid_range', 'the end of the range must come after its start');
    const points = Number(lastQueryValue(c.req.url, 'points') ?? 200) || 200;
    const series = balanceSeries(domain, id, from, to, points);
    return jsonResponse({
      points: series.points.map((p) => ({ ...when(p.t), balance: p.balance })),
      events: series.events.map((e) => ({ ...when(e.t), amount: e.amount, kind: e.kind, signed: e.signed })),
      warningLevel: domain.settings(id).warningLevel,
      now,
    });
  });

  app.get('/forecast', async (c) => {
    const id = await account();
    const f = forecast(domain, id, Number(lastQueryValue(c.req.url, 'days') ?? 90) || 90);
    return jsonResponse({
      horizonDays: f.horizonDays,
      belowWarning: f.belowWarning === null ? null : when(f.belowWarning),
      zero: f.zero === null ? null : when(f.zero),
      balanceNow: formatRational(domain.balanceAt(id, domain.nowSeconds())),
    });
  });

  app.notFound(() => jsonError(404, 'not_found', 'no such app route'));
  return app;
}

/** A range end: the default when absent, otherwise a phrase that must be understood. */
function resolveOr(domain: AccountDomain, phrase: string | undefined, fallback: number): number {
  return phrase === undefined || phrase.trim() === '' ? fallback : domain.instant(phrase, 'the range', 'invalid_entry');
}
