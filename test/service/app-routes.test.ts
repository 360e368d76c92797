// The window's JSON API (docs/app-api.md) over real HTTP with the token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
const auth = { Authorization: 'Bearer test-token-0123456789' };

beforeEach(async () => {
  svc = await startService();
});
afterEach(async () => {
  await svc.close();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
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

/** The window's accounts, as the status lists them. */
async function accounts(): Promise<{ id: number; name: string; key: string; kind: string }[]> {
  return (await call('GET', '/app/status')).json.accounts as { id: number; name: string; key: string; kind: string }[];
}

describe('onboarding', () => {
  it('starts with no account, then demo data keeps one for the session', async () => {
    expect((await call('GET', '/app/status')).json).toMatchObject({
      accounts: [],
      vault: { mode: 'session' },
      timeZone: 'Europe/London',
      checks: { intervalMinutes: 10, staleAfterMinutes: 30 },
    });
    expect((await call('GET', '/app/accounts/1/settings')).json).toMatchObject({ error: { code: 'unknown_account' } });
    const demo = await call('POST', '/app/demo');
    expect(demo.json).toMatchObject({
      account: {
        name: 'Demo hosting account',
        kind: 'local',
        key: 'session',
        state: 'ok',
        baseUrl: null,
        reading: null,
      },
    });
    const status = (await call('GET', '/app/status')).json;
    expect(status).toMatchObject({ accounts: [{ name: 'Demo hosting account' }] });
    expect(JSON.stringify(status)).not.toMatch(/"key":"[A-Za-z0-9_-]{40,}"/);
  });

  it('checks a pasted key and refuses an unknown one', async () => {
    const { key } = svc.app.domain.createAccount('pasted');
    expect((await call('POST', '/app/key', { key: 'not-a-real-key-at-all' })).status).toBe(403);
    expect((await call('POST', '/app/key', { key })).status).toBe(200);
    expect(await accounts()).toMatchObject([{ name: 'pasted' }]);
  });

  it('reports a kept key that was revoked since', async () => {
    const { key } = svc.app.domain.createAccount('soon revoked');
    const { account } = (await call('POST', '/app/key', { key })).json as { account: { id: number } };
    svc.app.domain.revokeKey(key);
    expect(await accounts()).toMatchObject([{ key: 'invalid' }]);
    expect((await call('GET', `/app/accounts/${account.id}/settings`)).status).toBe(403);
  });

  it('creates a local account, and shows two accounts side by side', async () => {
    expect((await call('POST', '/app/account', { name: '' })).status).toBe(400);
    expect((await call('POST', '/app/account', { name: 'Mine' })).status).toBe(200);
    await call('POST', '/app/demo');
    const [mine, demo] = await accounts();
    expect([mine?.name, demo?.name]).toEqual(['Mine', 'Demo hosting account']);
    // Each account is addressed by its id: two tabs can show two accounts.
    expect((await call('GET', `/app/accounts/${mine?.id ?? 0}/ledger`)).json.total).toBe(0);
    expect((await call('GET', `/app/accounts/${demo?.id ?? 0}/ledger`)).json.total).toBe(11);
    expect((await call('GET', '/app/accounts')).json.accounts).toHaveLength(2);
  });

  it("a new account's key is in its answer (the one time it reaches the page); an opening balance starts its ledger", async () => {
    const made = (await call('POST', '/app/account', { name: 'Opened', openingBalance: '104550' })).json as {
      account: { id: number };
      newKey: string;
    };
    expect(made.newKey).toMatch(/^\S{16,}$/);
    expect(svc.app.accounts.forKey(made.newKey).accountId).toBe(made.account.id);
    const ledger = (await call('GET', `/app/accounts/${made.account.id}/ledger`)).json as {
      entries: { amount: string; kind: string; note: string }[];
    };
    expect(ledger.entries).toMatchObject([{ amount: '104550', kind: 'adjustment', note: 'Opening balance' }]);
    expect((await call('GET', `/account/get_balance/?key=${encodeURIComponent(made.newKey)}`)).text).toContain(
      '<balance>104550</balance>',
    );
    // A bad opening balance creates nothing.
    const before = (await accounts()).length;
    const bad = await call('POST', '/app/account', { name: 'Broken', openingBalance: 'lots' });
    expect(bad.status).toBe(400);
    expect(svc.app.accounts.list().filter((a) => a.name === 'Broken')).toEqual([]);
    expect((await accounts()).length).toBe(before);
    expect(((await call('POST', '/app/demo')).json as { newKey?: string }).newKey).toMatch(/^\S{16,}$/);
    // Other answers that carry an account never carry a key.
    expect(JSON.stringify((await call('GET', '/app/accounts')).json)).not.toContain(made.newKey);
  });

  it('forgets a key: the account leaves the window, and a key it never held is not served', async () => {
    const { account } = (await call('POST', '/app/demo')).json as { account: { id: number } };
    const other = svc.app.domain.createAccount('not in the window');
    expect((await call('GET', `/app/accounts/${other.accountId}/ledger`)).json).toMatchObject({
      error: { code: 'unknown_account' },
    });
    expect((await call('DELETE', `/app/accounts/${account.id}/key`)).status).toBe(204);
    expect(await accounts()).toEqual([]);
    expect((await call('GET', `/app/accounts/${account.id}/ledger`)).status).toBe(404);
    // A local account is not at a provider: there is nothing to disconnect.
    await call('POST', '/app/key', { key: other.key });
    expect((await call('DELETE', `/app/accounts/${other.accountId}`)).json).toMatchObject({
      error: { code: 'conflict' },
    });
  });
});

describe('the accounts this app keeps', () => {
  it('lists those the window does not hold, without keys, until a key is given', async () => {
    const held = (await call('POST', '/app/demo')).json as { account: { id: number } };
    const other = svc.app.domain.createAccount('made with the CLI');
    const kept = await call('GET', '/app/kept');
    expect(kept.json).toEqual({
      accounts: [{ id: other.accountId, name: 'made with the CLI', kind: 'local', reading: null }],
    });
    expect(kept.text).not.toContain(other.key);
    expect((await call('POST', '/app/key', { key: other.key })).status).toBe(200);
    expect((await call('GET', '/app/kept')).json).toEqual({ accounts: [] });
    expect((await call('DELETE', `/app/accounts/${held.account.id}/key`)).status).toBe(204);
    expect(((await call('GET', '/app/kept')).json.accounts as { id: number }[]).map((a) => a.id)).toEqual([
      held.account.id,
    ]);
    const anonymous = await fetch(`${svc.base}/app/kept`);
    expect(anonymous.status).toBe(401);
  });
});

describe('with the demo account', () => {
  let a = '';
  beforeEach(async () => {
    a = `/app/accounts/${String(((await call('POST', '/app/demo')).json.account as { id: number }).id)}`;
  });

  it('passes the endpoint XML through unchanged', async () => {
    const key = await svc.app.vault.get(svc.app.accounts.list()[0]?.vaultRef ?? '');
    const direct = await (await fetch(`${svc.base}/account/get_balance/?key=${key ?? ''}&datetime=%2B1%20week`)).text();
    const viaApp = await call('GET', `${a}/xml/get_balance?datetime=%2B1%20week`);
    expect(viaApp.text).toBe(direct);
    const settings = await call('GET', `${a}/xml/get_notification_settings`);
    expect(settings.text).toContain('<level>2000</level>');
  });

  it("answers get_balance as JSON for the window: the endpoint's own values", async () => {
    const key = await svc.app.vault.get(svc.app.accounts.list()[0]?.vaultRef ?? '');
    for (const [phrase, understood] of [
      ['%2B1%20week', true],
      ['not%20a%20date', false],
    ] as const) {
      const direct = await (await fetch(`${svc.base}/account/get_balance/?key=${key ?? ''}&datetime=${phrase}`)).text();
      const viaApp = await call('GET', `${a}/balance?datetime=${phrase}`);
      expect(viaApp.status).toBe(200);
      expect(viaApp.json).toEqual({
        datetime: /<datetime>(.*)<\/datetime>/.exec(direct)?.[1],
        balance: /<balance>(.*)<\/balance>/.exec(direct)?.[1],
        understood,
      });
    }
  });

  it("refuses an entry by its rule, with the rule's code and words (the same check the window makes)", async () => {
    const bad = await call('POST', `${a}/ledger`, { at: 'now', amount: '-5', kind: 'topup' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: { code: 'invalid_entry', message: expect.stringMatching(/positive amount of pence/) as unknown },
    });
    const shape = await call('POST', `${a}/ledger`, { at: 'now', amount: true });
    expect(shape.json).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('edits settings with validation, and the XML shows the change', async () => {
    const bad = await call('PUT', `${a}/settings`, { disk: [75] });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'invalid_settings' } });
    const ok = await call('PUT', `${a}/settings`, {
      warningLevel: 1234,
      summary: ['weekly', 'daily'],
      disk: [],
      bandwidth: [],
    });
    expect(ok.json).toMatchObject({ warningEnabled: true, warningLevel: 1234, summary: ['daily', 'weekly'] });
    const xml = (await call('GET', `${a}/xml/get_notification_settings`)).text;
    expect(xml).toContain('<level>1234</level>');
    expect(xml).not.toContain('usagealerts');
  });

  it('adds, lists and deletes ledger entries and recurring charges', async () => {
    const added = await call('POST', `${a}/ledger`, { at: '+3 days', amount: '250', kind: 'topup', note: 'test' });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({
      datetime: '2026-11-25 10:35:00',
      amount: '250',
      signedAmount: '250',
      kind: 'topup',
    });
    expect((await call('POST', `${a}/ledger`, { at: 'gibberish words', amount: '250' })).status).toBe(400);
    const list = await call('GET', `${a}/ledger?limit=2`);
    expect((list.json.entries as unknown[]).length).toBe(2);
    expect(list.json.total).toBe(12);
    expect((await call('DELETE', `${a}/ledger/${String(added.json.id)}`)).status).toBe(204);
    expect((await call('DELETE', `${a}/ledger/${String(added.json.id)}`)).status).toBe(404);
    const r = await call('POST', `${a}/recurring`, { amount: '99', every: 'week', from: '2026-12-01' });
    expect(r.json).toMatchObject({ every: 'week', from: { datetime: '2026-12-01 00:00:00' }, until: null });
    expect(((await call('GET', `${a}/recurring`)).json.recurring as unknown[]).length).toBe(3);
  });

  it('imports CSV all or nothing, naming the bad line', async () => {
    const before = (await call('GET', `${a}/ledger`)).json.total;
    const bad = await call(
      'POST',
      `${a}/import`,
      'at,amount,kind,note\n2026-01-01,100,topup,a\n2026-01-02,oops,topup,b\n',
      'text/csv',
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'bad_csv', line: 3 } });
    expect((await call('GET', `${a}/ledger`)).json.total).toBe(before);
    const good = await call(
      'POST',
      `${a}/import`,
      'at,amount,kind,note\n2026-01-01,100,topup,a\n2026-01-02,5,charge,b\n',
      'text/csv',
    );
    expect(good.json).toEqual({ imported: 2, skipped: 0, recurring: 0 });
  });

  it('draws a series with steps at entries and forecasts the warning crossing', async () => {
    const series = await call('GET', `${a}/series?points=50`);
    const points = series.json.points as { balance: number; epochSeconds: number; source: string }[];
    expect(points.length).toBeGreaterThanOrEqual(50);
    expect(new Set(points.map((p) => p.source))).toEqual(new Set(['ledger']));
    expect(series.json.warningLevel).toBe(2000);
    expect((series.json.events as unknown[]).length).toBeGreaterThan(0);
    const f = await call('GET', `${a}/forecast?days=90`);
    const below = f.json.belowWarning as { epochSeconds: number } | null;
    expect(below).not.toBeNull();
    // The crossing is exact to the second: just before it the balance is at or above the level.
    const id = svc.app.accounts.list()[0]?.id ?? 0;
    const t = below?.epochSeconds ?? 0;
    expect(Number(svc.app.domain.balanceText(id, t))).toBeLessThan(2000);
    expect(Number(svc.app.domain.balanceText(id, t - 1))).toBeGreaterThanOrEqual(2000);
  });

  it('answers bad JSON and oversized bodies with 4xx', async () => {
    expect((await call('PUT', `${a}/settings`, '{not json')).status).toBe(400);
    expect((await call('PUT', `${a}/settings`, JSON.stringify({ note: 'x'.repeat(100_000) }))).status).toBe(413);
    expect((await call('GET', '/app/nothing')).status).toBe(404);
    expect((await call('GET', '/app/accounts/abc/ledger')).status).toBe(400);
  });
});

describe("the window's day/month order", () => {
  it("reads slashed dates its way in resolve, new entries, recurring charges and imports; PHP's way without it", async () => {
    const july = (await call('GET', '/app/resolve?text=01%2F07%2F2026&dateOrder=dmy')).json;
    expect(july).toMatchObject({ datetime: '2026-07-01 00:00:00', understood: true });
    expect((await call('GET', '/app/resolve?text=01%2F07%2F2026')).json).toMatchObject({
      datetime: '2026-01-07 00:00:00',
    });
    expect((await call('GET', '/app/resolve?text=01%2F07%2F2026&dateOrder=mdy')).json).toMatchObject({
      datetime: '2026-01-07 00:00:00',
    });
    const bad = await call('GET', '/app/resolve?text=x&dateOrder=ymd');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringContaining('dateOrder') as unknown },
    });

    const { account } = (await call('POST', '/app/account', { name: 'UK' })).json as { account: { id: number } };
    const a = `/app/accounts/${account.id}`;
    expect(
      (await call('POST', `${a}/ledger`, { at: '01/07/2026', amount: '100', dateOrder: 'dmy' })).json,
    ).toMatchObject({ datetime: '2026-07-01 00:00:00' });
    expect((await call('POST', `${a}/ledger`, { at: '01/07/2026', amount: '100' })).json).toMatchObject({
      datetime: '2026-01-07 00:00:00',
    });
    expect((await call('POST', `${a}/ledger`, { at: '01/07/2026', amount: '100', dateOrder: 'ymd' })).status).toBe(400);
    expect(
      (await call('POST', `${a}/recurring`, { amount: '100', every: 'month', from: '02/07/2026', dateOrder: 'dmy' }))
        .json,
    ).toMatchObject({ from: { datetime: '2026-07-02 00:00:00' } });
    expect(
      (await call('POST', `${a}/import?dateOrder=dmy`, 'at,amount,kind,note\n03/07/2026,1,topup,uk\n', 'text/csv'))
        .json,
    ).toEqual({ imported: 1, skipped: 0, recurring: 0 });
    expect(
      (await call('POST', `${a}/import`, 'at,amount,kind,note\n03/07/2026,1,topup,php\n', 'text/csv')).json,
    ).toEqual({ imported: 1, skipped: 0, recurring: 0 });
    const entries = ((await call('GET', `${a}/ledger`)).json as { entries: { datetime: string; note: string }[] })
      .entries;
    expect(entries.find((e) => e.note === 'uk')?.datetime).toBe('2026-07-03 00:00:00');
    expect(entries.find((e) => e.note === 'php')?.datetime).toBe('2026-03-07 00:00:00');
  });
});

describe('the key on request', () => {
  it('gives the key of an account the window holds, to the token holder only, and no other', async () => {
    const made = (await call('POST', '/app/account', { name: 'Mine' })).json as {
      account: { id: number };
      newKey: string;
    };
    expect((await call('GET', `/app/accounts/${made.account.id}/key`)).json).toEqual({ key: made.newKey });
    expect((await fetch(`${svc.base}/app/accounts/${made.account.id}/key`)).status).toBe(401);
    const other = svc.app.domain.createAccount('not in the window');
    expect((await call('GET', `/app/accounts/${other.accountId}/key`)).status).toBe(404);
    await call('DELETE', `/app/accounts/${made.account.id}/key`);
    expect((await call('GET', `/app/accounts/${made.account.id}/key`)).status).toBe(404);
  });
});
