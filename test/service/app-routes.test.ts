// The window's JSON API (docs/app-api.md) over real HTTP with the token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
const auth = { Authorization: 'Bearer test-token-0123456789' };

beforeEach(async () => { svc = await startService(); });
afterEach(async () => { await svc.close(); });

async function call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const res = await fetch(svc.base + path, {
    method,
    headers: { ...auth, 'Content-Type': contentType },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // XML or empty
  }
  return { status: res.status, json, text };
}

describe('onboarding', () => {
  it('starts with no key, then demo data stores one for the session', async () => {
    expect((await call('GET', '/app/status')).json).toMatchObject({ key: 'none', vault: { mode: 'session' }, timeZone: 'Europe/London' });
    expect((await call('GET', '/app/settings')).status).toBe(400);
    expect((await call('POST', '/app/demo')).json).toEqual({ key: 'session' });
    const status = (await call('GET', '/app/status')).json;
    expect(status).toMatchObject({ key: 'session', account: { name: 'Demo hosting account' } });
    expect(JSON.stringify(status)).not.toMatch(/"key":"[A-Za-z0-9_-]{40,}"/);
  });

  it('checks a pasted key and refuses an unknown one', async () => {
    const { key } = svc.app.domain.createAccount('pasted');
    expect((await call('POST', '/app/key', { key: 'not-a-real-key-at-all' })).status).toBe(403);
    expect((await call('POST', '/app/key', { key })).status).toBe(200);
    expect((await call('GET', '/app/status')).json).toMatchObject({ account: { name: 'pasted' } });
  });

  it('reports a stored key that was revoked since', async () => {
    const { key } = svc.app.domain.createAccount('soon revoked');
    await call('POST', '/app/key', { key });
    svc.app.domain.revokeKey(key);
    expect((await call('GET', '/app/status')).json).toMatchObject({ key: 'invalid' });
    expect((await call('GET', '/app/settings')).status).toBe(403);
  });

  it('creates a local account', async () => {
    expect((await call('POST', '/app/account', { name: '' })).status).toBe(400);
    expect((await call('POST', '/app/account', { name: 'Mine' })).status).toBe(200);
    expect((await call('GET', '/app/status')).json).toMatchObject({ account: { name: 'Mine' } });
  });
});

describe('with the demo account', () => {
  beforeEach(async () => { await call('POST', '/app/demo'); });

  it('passes the endpoint XML through unchanged', async () => {
    const key = await svc.app.vault.get();
    const direct = await (await fetch(`${svc.base}/account/get_balance/?key=${key ?? ''}&datetime=%2B1%20week`)).text();
    const viaApp = await call('GET', '/app/xml/get_balance?datetime=%2B1%20week');
    expect(viaApp.text).toBe(direct);
    const settings = await call('GET', '/app/xml/get_notification_settings');
    expect(settings.text).toContain('<level>2000</level>');
  });

  it('edits settings with validation, and the XML shows the change', async () => {
    const bad = await call('PUT', '/app/settings', { disk: [75] });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'invalid_settings' } });
    const ok = await call('PUT', '/app/settings', { warningLevel: 1234, summary: ['weekly', 'daily'], disk: [], bandwidth: [] });
    expect(ok.json).toMatchObject({ warningEnabled: true, warningLevel: 1234, summary: ['daily', 'weekly'] });
    const xml = (await call('GET', '/app/xml/get_notification_settings')).text;
    expect(xml).toContain('<level>1234</level>');
    expect(xml).not.toContain('usagealerts');
  });

  it('adds, lists and deletes ledger entries and recurring charges', async () => {
    const added = await call('POST', '/app/ledger', { at: '+3 days', amount: '250', kind: 'topup', note: 'test' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ datetime: '2026-11-25 10:35:00', amount: '250', signedAmount: '250', kind: 'topup' });
    expect((await call('POST', '/app/ledger', { at: 'gibberish words', amount: '250' })).status).toBe(400);
    const list = await call('GET', '/app/ledger?limit=2');
    expect((list.json.entries as unknown[]).length).toBe(2);
    expect(list.json.total).toBe(12);
    expect((await call('DELETE', `/app/ledger/${String(added.json.id)}`)).status).toBe(204);
    expect((await call('DELETE', `/app/ledger/${String(added.json.id)}`)).status).toBe(404);
    const r = await call('POST', '/app/recurring', { amount: '99', every: 'week', from: '2026-12-01' });
    expect(r.json).toMatchObject({ every: 'week', from: { datetime: '2026-12-01 00:00:00' }, until: null });
    expect(((await call('GET', '/app/recurring')).json.recurring as unknown[]).length).toBe(3);
  });

  it('imports CSV all or nothing, naming the bad line', async () => {
    const before = (await call('GET', '/app/ledger')).json.total;
    const bad = await call('POST', '/app/import', 'at,amount,kind,note\n2026-01-01,100,topup,a\n2026-01-02,oops,topup,b\n', 'text/csv');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'bad_csv', line: 3 } });
    expect((await call('GET', '/app/ledger')).json.total).toBe(before);
    const good = await call('POST', '/app/import', 'at,amount,kind,note\n2026-01-01,100,topup,a\n2026-01-02,5,charge,b\n', 'text/csv');
    expect(good.json).toEqual({ imported: 2 });
  });

  it('draws a series with steps at entries and forecasts the warning crossing', async () => {
    const series = await call('GET', '/app/series?points=50');
    const points = series.json.points as { balance: number; epochSeconds: number }[];
    expect(points.length).toBeGreaterThanOrEqual(50);
    expect(series.json.warningLevel).toBe(2000);
    expect((series.json.events as unknown[]).length).toBeGreaterThan(0);
    const f = await call('GET', '/app/forecast?days=90');
    const below = f.json.belowWarning as { epochSeconds: number } | null;
    expect(below).not.toBeNull();
    // The crossing is exact to the second: just before it the balance is at or above the level.
    const key = await svc.app.vault.get();
    const id = svc.app.domain.authenticate(key);
    const t = below?.epochSeconds ?? 0;
    expect(Number(svc.app.domain.balanceText(id, t))).toBeLessThan(2000);
    expect(Number(svc.app.domain.balanceText(id, t - 1))).toBeGreaterThanOrEqual(2000);
  });

  it('answers bad JSON and oversized bodies with 4xx', async () => {
    expect((await call('PUT', '/app/settings', '{not json')).status).toBe(400);
    expect((await call('PUT', '/app/settings', JSON.stringify({ note: 'x'.repeat(100_000) }))).status).toBe(413);
    expect((await call('GET', '/app/nothing')).status).toBe(404);
  });
});
