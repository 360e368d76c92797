// The app API's routes for what the dashboard says about the future (outlook, plan, surprises,
// the unexpected-charge threshold, the observations export), over real HTTP with the token: for
// a local account (exact, from its ledger) and for a connected one whose provider is this
// project's own server with its own clock (2031, New York) against the local 2026 London.
import { afterEach, describe, expect, it } from 'vitest';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';
import { startPair, type Pair } from '../remote/ledger-provider.ts';

const auth = { Authorization: 'Bearer test-token-0123456789' };
let svc: TestService | undefined;
let pair: Pair | undefined;
afterEach(async () => {
  await svc?.close();
  await pair?.close();
  svc = undefined;
  pair = undefined;
});

async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; text: string; headers: Headers }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // CSV
  }
  return { status: res.status, json, text, headers: res.headers };
}

describe('a local account', () => {
  it('plans a top-up in words, tells its runway, and has no clock, surprises or checks to export', async () => {
    svc = await startService();
    const s = svc;
    const a = await accountInWindow(s.app, 'Mine');
    s.app.domain.addEntry(a.accountId, { at: '2026-11-01', amount: '6000', kind: 'topup' });
    s.app.domain.addRecurring(a.accountId, { amount: '3100', every: 'month', from: '2026-11-01' });
    s.app.domain.updateSettings(a.accountId, { warningEnabled: true, warningLevel: 2000 });

    const outlook = await call(s.base, 'GET', `${a.path}/outlook?days=90`);
    expect(outlook.status).toBe(200);
    const zero = (outlook.json.zero as { epochSeconds: number }).epochSeconds;
    const from = (outlook.json.from as { epochSeconds: number }).epochSeconds;
    expect(from).toBe(s.app.domain.nowSeconds());
    expect(outlook.json).toMatchObject({
      horizonDays: 90,
      runwayDays: Math.floor((zero - from) / 86_400),
      clock: null,
      shortDipPossibleAt: null,
      unknownBecause: null,
    });

    const plan = await call(s.base, 'GET', `${a.path}/plan?until=${encodeURIComponent('31 Mar 2027')}`);
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({ keepAbove: 2000, until: { datetime: '2027-03-31 00:00:00' } });
    expect(plan.json.words).toMatch(
      /^To stay above £20\.00 until 31 Mar 2027, top up £[\d,]+\.\d\d by \w{3} \d+ \w{3} 2026/,
    );
    const own = await call(s.base, 'GET', `${a.path}/plan?until=${encodeURIComponent('+1 week')}&keepAbove=0`);
    expect(own.json).toMatchObject({ keepAbove: 0, topUp: '0', by: null });

    for (const [query, code] of [
      ['', 'invalid_request'],
      ['until=yesterday', 'invalid_plan'],
      ['until=gibberish%1b', 'invalid_plan'],
      ['until=tomorrow&keepAbove=-5', 'invalid_plan'],
      ['until=tomorrow&keepAbove=1.5', 'invalid_request'],
    ] as const) {
      const refused = await call(s.base, 'GET', `${a.path}/plan?${query}`);
      expect({ query, status: refused.status, code: (refused.json.error as { code: string }).code }).toEqual({
        query,
        status: 400,
        code,
      });
      expect(refused.text).not.toMatch(/\\u001b/);
    }

    // Hostile input: a clear 4xx, never a 5xx.
    for (const path of [
      `plan?until=%FF%FE`,
      `plan?until=tomorrow&keepAbove=99999999999999999999`,
      `plan?until=${'x'.repeat(5000)}`,
      `plan?until=tomorrow&dateOrder=ymd`,
      `outlook?days=abc`,
      `surprises?from=garbage`,
      `surprises?from=tomorrow&to=yesterday`,
      `observations.csv?to=%00`,
    ]) {
      const r = await call(s.base, 'GET', `${a.path}/${path}`);
      expect({ path, client: r.status >= 400 && r.status < 500 }).toEqual({ path, client: true });
    }
    expect((await call(s.base, 'GET', `${a.path}/surprises`)).json).toEqual({ surprises: [], thresholdPence: 100 });
    const threshold = await call(s.base, 'PUT', `${a.path}/surprises/threshold`, { pence: 50 });
    expect([threshold.status, (threshold.json.error as { code: string }).code]).toEqual([409, 'conflict']);
    const csv = await call(s.base, 'GET', `${a.path}/observations.csv`);
    expect([csv.status, (csv.json.error as { code: string }).code]).toEqual([409, 'conflict']);
  });
});

describe('a connected account', () => {
  async function connected(): Promise<Pair> {
    return startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
      d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
      d.addEntry(id, { at: '2031-05-10 12:00:00', amount: '4500', kind: 'charge' });
      d.addEntry(id, { at: '2031-05-12 09:00:00', amount: '5000', kind: 'topup' });
      d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    });
  }

  it("starts the outlook at the provider's now and says its clock differs from this machine's", async () => {
    pair = await connected();
    const p = pair;
    const path = `/app/accounts/${p.localAccount}`;
    const outlook = await call(p.local.base, 'GET', `${path}/outlook?days=90`);
    expect(outlook.status).toBe(200);
    const truth = p.truth(90);
    expect(outlook.json).toMatchObject({
      from: { epochSeconds: p.providerNow() },
      belowWarning: { epochSeconds: truth.belowWarning },
      zero: truth.zero === null ? null : { epochSeconds: truth.zero },
      clock: {
        providerNow: '2031-05-01 08:00:00',
        offsetSeconds: p.providerNow() - p.local.app.domain.nowSeconds(),
        differs: true,
        checkedAt: { epochSeconds: p.local.app.domain.nowSeconds() },
      },
    });
  });

  it('plans from the provider, lists an unexpected charge in words, takes a threshold, and exports every check', async () => {
    pair = await connected();
    const p = pair;
    const path = `/app/accounts/${p.localAccount}`;
    // "+1 month" counts from the provider's now (its clock is years ahead of this machine's).
    const plan = await call(p.local.base, 'GET', `${path}/plan?until=${encodeURIComponent('+1 month')}&keepAbove=2000`);
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({ until: { epochSeconds: p.providerNow() + 31 * 86_400 } });
    expect(plan.json.words).toMatch(/top up £[\d,.]+ by Sat 10 May 2031 17:00\.$/);

    await call(p.local.base, 'GET', `${path}/outlook?days=30`);
    p.advance(600);
    p.provider.app.domain.addEntry(p.providerAccount, { at: p.providerNow(), amount: '420', kind: 'charge' });
    p.advance(600);
    expect((await call(p.local.base, 'POST', `${path}/refresh`, { force: true })).status).toBe(200);
    const listed = await call(p.local.base, 'GET', `${path}/surprises`);
    expect(listed.json).toMatchObject({
      thresholdPence: 100,
      surprises: [
        { kind: 'unexpected_charge', amount: '420', words: '£4.20 more than expected went between 10:35 and 10:55' },
      ],
    });

    const set = await call(p.local.base, 'PUT', `${path}/surprises/threshold`, { pence: 500 });
    expect(set.json).toMatchObject({ thresholdPence: 500 });
    for (const bad of [{ pence: -1 }, { pence: 1.5 }, { pence: '5' }, {}]) {
      const refused = await call(p.local.base, 'PUT', `${path}/surprises/threshold`, bad);
      expect(refused.status).toBe(400);
    }

    const csv = await call(p.local.base, 'GET', `${path}/observations.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="127-0-0-1-\d+-observations\.csv"$/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe(
      'checked_at,source,outcome,provider_datetime,balance,expected_balance,unexpected_change,surprise,message',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('2026-11-22 10:35:00,connect,ok,2031-05-01 08:00:00,6866.6666666667,,,,');
    const checked = p.local.app.store.observations.latest(p.localAccount);
    expect(lines[2]).toBe(
      `2026-11-22 10:55:00,check,ok,2031-05-01 08:20:00,${checked?.balance ?? ''},${String(Number(checked?.balance) + 420)},-420,unexpected_charge,`,
    );
  });
});
