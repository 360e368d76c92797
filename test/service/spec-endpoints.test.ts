// The spec's two endpoints over real HTTP: every rule, exact XML, errors and guards.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request } from 'node:http';
import type { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { makeEntry } from '../../src-main/domain/ledger.ts';
import { openStore } from '../../src-main/store/index.ts';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
let domain: AccountDomain;
let key: string;
let account: number;

const DECL = '<?xml version="1.0" encoding="UTF-8"?>\n';

beforeAll(async () => {
  svc = await startService({ now: '2026-11-22T10:35:00', timeZone: 'Europe/London' });
  domain = svc.app.domain;
  ({ key, accountId: account } = domain.createAccount('spec'));
  domain.addEntry(account, { at: '2026-01-01', amount: '5000', kind: 'topup' });
});
afterAll(async () => {
  await svc.close();
});

const get = (path: string, init?: RequestInit): Promise<Response> => fetch(svc.base + path, init);
const balanceUrl = (datetime?: string): string =>
  `/account/get_balance/?key=${encodeURIComponent(key)}${datetime === undefined ? '' : `&datetime=${encodeURIComponent(datetime)}`}`;

async function balanceAt(datetime?: string): Promise<{ datetime: string; balance: string }> {
  const text = await (await get(balanceUrl(datetime))).text();
  const m = /<datetime>([^<]*)<\/datetime>\s*<balance>([^<]*)<\/balance>/.exec(text);
  if (!m) throw new Error(`unexpected body ${text}`);
  return { datetime: m[1] ?? '', balance: m[2] ?? '' };
}

/** Raw HTTP, for requests fetch will not send (odd Host, long lines). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: svc.server.port, path, headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => {
        done({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

describe('get_balance (spec 4.1)', () => {
  it('answers the spec shape with the declaration and content type', async () => {
    const res = await get(balanceUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await res.text()).toBe(
      `${DECL}<result>\n  <datetime>2026-11-22 10:35:00</datetime>\n  <balance>5000</balance>\n</result>\n`,
    );
  });

  it('rule 2 and 3: omitted, empty or not understood datetime means now, not an error', async () => {
    for (const d of [undefined, '', 'I have 2 cats', 'not a date at all', '\u0000\u0001']) {
      const r = await balanceAt(d);
      expect(r.datetime, String(d)).toBe('2026-11-22 10:35:00');
    }
  });

  it('rule 4: a date without a time resolves to 00:00:00', async () => {
    expect((await balanceAt('2026-12-25')).datetime).toBe('2026-12-25 00:00:00');
  });

  it('rule 5: "+1 week" and "-1 week" keep the time of day', async () => {
    expect((await balanceAt('+1 week')).datetime).toBe('2026-11-29 10:35:00');
    expect((await balanceAt('-1 week')).datetime).toBe('2026-11-15 10:35:00');
  });

  it('rule 6 and 7: reports the resolved instant and a fractional balance in pence', async () => {
    const svc2 = await startService({ now: '2026-03-16T00:00:00', timeZone: 'Europe/London' });
    try {
      const d = svc2.app.domain;
      const { key: k, accountId } = d.createAccount('frac');
      d.addEntry(accountId, { at: '2026-01-01', amount: '5000', kind: 'topup' });
      d.addRecurring(accountId, { amount: '1000', every: 'month', from: '2026-03-01' });
      const body = await (await fetch(`${svc2.base}/account/get_balance/?key=${k}`)).text();
      expect(body).toContain('<datetime>2026-03-16 00:00:00</datetime>');
      expect(body).toContain('<balance>4515.4777927322</balance>');
    } finally {
      await svc2.close();
    }
  });

  it('answers reflect every write at once, here or from another connection (cache invalidation)', async () => {
    const { key: k, accountId } = domain.createAccount('cache');
    const ask = async (): Promise<string> => (await get(`/account/get_balance/?key=${k}&datetime=2026-06-01`)).text();
    expect(await ask()).toContain('<balance>0</balance>');
    domain.addEntry(accountId, { at: '2026-05-01', amount: '10', kind: 'topup' });
    expect(await ask()).toContain('<balance>10</balance>');
    const other = openStore(svc.dataDir);
    try {
      // Another connection's commit is seen within milliseconds (store generation): wait for it, briefly.
      const soon = { timeout: 250, interval: 1 };
      other.ledger.add(accountId, makeEntry(1_780_000_000, '5', 'topup', 'from elsewhere'));
      await vi.waitFor(async () => {
        expect(await ask()).toContain('<balance>15</balance>');
      }, soon);
      other.settings.put(accountId, { warningEnabled: false, warningLevel: 77, summary: [], disk: [], bandwidth: [] });
      await vi.waitFor(async () => {
        expect(await (await get(`/account/get_notification_settings/?key=${k}`)).text()).toContain('<level>77</level>');
      }, soon);
    } finally {
      other.close();
    }
    domain.revokeKey(k);
    expect((await get(`/account/get_balance/?key=${k}&datetime=2026-06-01`)).status).toBe(403);
  });

  it('reports balances in the past and the future', async () => {
    expect((await balanceAt('2025-12-31')).balance).toBe('0');
    expect((await balanceAt('2030-01-01')).balance).toBe('5000');
  });

  it('works without the trailing slash, and the last of a repeated argument counts', async () => {
    const res = await get(
      `/account/get_balance?key=wrong&key=${encodeURIComponent(key)}&datetime=2026-01-01&datetime=2026-02-01`,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<datetime>2026-02-01 00:00:00</datetime>');
  });
});

describe('get_notification_settings (spec 4.2 and 2.2)', () => {
  async function settingsWith(edit: Parameters<AccountDomain['updateSettings']>[1]): Promise<string> {
    const { key: k, accountId } = domain.createAccount('settings');
    domain.updateSettings(accountId, edit);
    const res = await get(`/account/get_notification_settings/?key=${encodeURIComponent(k)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    return res.text();
  }

  it('rule 4: all settings enabled list daily, monthly, weekly and 70, 80, 90 in that order', async () => {
    const body = await settingsWith({
      warningEnabled: true,
      warningLevel: 500,
      summary: ['weekly', 'monthly', 'daily'],
      disk: [90, 80, 70],
      bandwidth: [80, 90, 70],
    });
    expect(body).toBe(`${DECL}<notificationsettings>
  <balance>
    <warning>
      <enabled>true</enabled>
      <level>500</level>
    </warning>
    <summary>
      <value>daily</value>
      <value>monthly</value>
      <value>weekly</value>
    </summary>
  </balance>
  <usagealerts>
    <disk>
      <value>70</value>
      <value>80</value>
      <value>90</value>
    </disk>
    <bandwidth>
      <value>70</value>
      <value>80</value>
      <value>90</value>
    </bandwidth>
  </usagealerts>
</notificationsettings>
`);
  });

  it('rule 2: only a bandwidth 90 alert gives no balance element and one bandwidth value', async () => {
    expect(await settingsWith({ bandwidth: [90] })).toBe(`${DECL}<notificationsettings>
  <usagealerts>
    <bandwidth>
      <value>90</value>
    </bandwidth>
  </usagealerts>
</notificationsettings>
`);
  });

  it('rule 1: a disabled warning with no level is absent; with a level it is shown disabled', async () => {
    const none = await settingsWith({ warningEnabled: false, warningLevel: null, summary: ['daily'] });
    expect(none).not.toContain('<warning>');
    expect(none).toContain('<summary>\n      <value>daily</value>\n    </summary>');
    const kept = await settingsWith({ warningEnabled: false, warningLevel: 300 });
    expect(kept).toBe(`${DECL}<notificationsettings>
  <balance>
    <warning>
      <enabled>false</enabled>
      <level>300</level>
    </warning>
  </balance>
</notificationsettings>
`);
  });

  it('rule 3: no usage alerts means no usagealerts; other containers unaffected', async () => {
    const body = await settingsWith({ warningEnabled: true, warningLevel: 1000 });
    expect(body).not.toContain('usagealerts');
    expect(body).toContain('<level>1000</level>');
    const diskOnly = await settingsWith({ disk: [80] });
    expect(diskOnly).toContain('<usagealerts>\n    <disk>\n      <value>80</value>\n    </disk>\n  </usagealerts>');
    expect(diskOnly).not.toContain('bandwidth');
    expect(diskOnly).not.toContain('<balance>');
  });

  it('nothing enabled: an empty root', async () => {
    expect(await settingsWith({})).toBe(`${DECL}<notificationsettings></notificationsettings>\n`);
  });
});

describe('errors (decided where the spec is silent)', () => {
  it.each([
    ['/account/get_balance/', 400, 'missing_key'],
    ['/account/get_balance/?key=', 400, 'missing_key'],
    ['/account/get_notification_settings/', 400, 'missing_key'],
    ['/account/get_balance/?key=unknown-key-0000000000', 403, 'invalid_key'],
    ['/account/get_notification_settings/?key=unknown-key-0000000000', 403, 'invalid_key'],
    ['/account/nothing_here/', 404, 'not_found'],
  ])('%s -> %i %s as XML', async (path, status, code) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith(DECL)).toBe(true);
    expect(body).toMatch(new RegExp(`<error>\\s*<code>${code}</code>\\s*<message>[^<]+</message>\\s*</error>`));
  });

  it('refuses a revoked key exactly like an unknown one', async () => {
    const { key: k } = domain.createAccount('revoked');
    expect((await get(`/account/get_balance/?key=${k}`)).status).toBe(200);
    domain.revokeKey(k);
    const revoked = await get(`/account/get_balance/?key=${k}`);
    const unknown = await get('/account/get_balance/?key=never-issued-key-123');
    expect(revoked.status).toBe(403);
    expect(await revoked.text()).toBe(await unknown.text());
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s answers 405 with Allow: GET, HEAD', async (method) => {
    const res = await get(balanceUrl(), { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.text()).toContain('<code>method_not_allowed</code>');
  });

  it('HEAD answers like GET without a body', async () => {
    const res = await get(balanceUrl(), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('oversized requests: 414 for a long target, 431 for huge headers', async () => {
    const long = await get(balanceUrl('x'.repeat(9000)));
    expect(long.status).toBe(414);
    const huge = await raw('/account/get_balance/?key=k', { Host: '127.0.0.1', 'X-Big': 'y'.repeat(20_000) });
    expect(huge.status).toBe(431);
    expect(huge.body).toContain('<code>headers_too_large</code>');
  });

  it('bad percent-encoding and invalid UTF-8 are not understood, never a 5xx', async () => {
    for (const q of ['%zz', '%', '%C3%28', '%ff%fe', '%00', '%E2%82']) {
      const res = await get(`/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${q}`);
      expect(res.status, q).toBe(200);
    }
  });
});

describe('guards', () => {
  it.each(['evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', ''])(
    'refuses Host %j (DNS rebinding)',
    async (host) => {
      const res = await raw(`/account/get_balance/?key=${encodeURIComponent(key)}`, { Host: host });
      expect(res.status).toBe(403);
      expect(res.body).not.toContain('<balance>');
    },
  );

  it.each(['localhost', '127.0.0.1', '[::1]', 'LOCALHOST:8080', '127.0.0.1:1'])(
    'accepts loopback Host %s',
    async (host) => {
      expect((await raw(`/account/get_balance/?key=${encodeURIComponent(key)}`, { Host: host })).status).toBe(200);
    },
  );

  it('sends no CORS headers and forbids caching and referrers', async () => {
    const res = await get(balanceUrl(), { headers: { Origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the app API needs the token as a bearer header; no cookie is ever set or read', async () => {
    expect((await get('/app/status')).status).toBe(401);
    expect((await get('/app/status', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await get('/app/status', { headers: { Authorization: 'Bearer test-token-0123456789' } })).status).toBe(200);
    // The printed address opens the page; the page itself keeps the token (no cookie).
    const visit = await get('/?token=test-token-0123456789', { redirect: 'manual' });
    expect(visit.status).toBe(200);
    expect(visit.headers.get('set-cookie')).toBeNull();
    expect((await get('/app/status', { headers: { Cookie: 'am_token=test-token-0123456789' } })).status).toBe(401);
  });

  it('the access log (off by default) redacts the key', async () => {
    await get(`/account/get_balance/?key=${encodeURIComponent(key)}`);
    expect(svc.logs).toEqual([]);
    const logged = await startService({ accessLog: true });
    try {
      const k = logged.app.domain.createAccount('log').key;
      await fetch(`${logged.base}/account/get_balance/?datetime=now&key=${k}&key=${k}`);
      expect(logged.logs.length).toBe(1);
      expect(logged.logs[0]).toContain('key=[redacted]');
      expect(logged.logs[0]).toContain('GET /account/get_balance/');
      expect(logged.logs.join('\n')).not.toContain(k);
    } finally {
      await logged.close();
    }
  });
});
