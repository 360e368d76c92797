// The TCP fast path for the spec's GET routes must answer exactly as the router does.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentText } from '../../src-main/domain/account-source.ts';
import { FAST_PATH_ENV, fastPathWanted } from '../../src-main/service/fast-path/index.ts';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
let key: string;

beforeAll(async () => {
  svc = await startService();
  const d = svc.app.domain;
  const created = d.createAccount('fast');
  key = created.key;
  d.addEntry(created.accountId, { at: '2026-01-01', amount: '5000', kind: 'topup' });
  d.addRecurring(created.accountId, { amount: '1000', every: 'month', from: '2026-03-01' });
  d.updateSettings(created.accountId, { warningEnabled: true, warningLevel: 500, bandwidth: [90] });
  const revoked = d.createAccount('revoked').key;
  d.revokeKey(revoked);
});
afterAll(async () => {
  await svc.close();
});

describe('fast path', () => {
  it("gives the router's status and bytes for every spec request it takes", async () => {
    const fast = svc.app.fastPath;
    if (fast === undefined) throw new Error('the fast path is on unless the access log is');
    const targets = [
      `/account/get_balance/?key=${key}`,
      `/account/get_balance?key=${key}&datetime=%2B1%20week`,
      `/account/get_balance/?key=${key}&datetime=2026-03-16`,
      `/account/get_balance/?key=${key}&datetime=I%20have%202%20cats`,
      `/account/get_balance/?key=x&key=${key}&datetime=a&datetime=last%20day%20of%20next%20month`,
      `/account/get_balance/?key=${key}&datetime=%zz%ff%00`,
      '/account/get_balance/',
      '/account/get_balance/?key=',
      '/account/get_balance/?key=unknown-key-00000000',
      `/account/get_notification_settings/?key=${key}`,
      `/account/get_notification_settings?key=${key}`,
      '/account/get_notification_settings/?key=nope',
      '/account/get_notification_settings/',
    ];
    for (const target of targets) {
      for (const method of ['GET', 'HEAD']) {
        const viaRouter = await svc.app.handler(
          new Request(`http://127.0.0.1${target}`, { method, headers: { host: '127.0.0.1' } }),
        );
        const answer = fast(method, '127.0.0.1', target);
        expect(answer, target).toBeDefined();
        // A local account answers at once: the hot path builds no promise.
        expect(answer instanceof Promise, target).toBe(false);
        const viaFast = answer as Exclude<typeof answer, Promise<unknown>>;
        expect(viaFast?.status, target).toBe(viaRouter.status);
        if (method === 'GET') expect(documentText(viaFast?.body ?? ''), target).toBe(await viaRouter.text());
      }
    }
  });

  it('leaves everything else to the router', () => {
    const fast = svc.app.fastPath;
    expect(fast?.('POST', '127.0.0.1', `/account/get_balance/?key=${key}`)).toBeUndefined();
    expect(fast?.('GET', 'evil.example', `/account/get_balance/?key=${key}`)).toBeUndefined();
    expect(fast?.('GET', undefined, `/account/get_balance/?key=${key}`)).toBeUndefined();
    expect(fast?.('GET', '127.0.0.1', `/account/get_balance/?key=${key}&datetime=${'x'.repeat(9000)}`)).toBeUndefined();
    expect(fast?.('GET', '127.0.0.1', '/app/status')).toBeUndefined();
    expect(fast?.('GET', '127.0.0.1', '/')).toBeUndefined();
  });

  it('answers over HTTP with the same headers as the router', async () => {
    const res = await fetch(`${svc.base}/account/get_balance/?key=${key}`);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe((await res.arrayBuffer()).byteLength);
  });
});

describe('switched off', () => {
  it(`${FAST_PATH_ENV}=off leaves every request to the router, which answers the same`, async () => {
    expect(fastPathWanted({})).toBe(true);
    expect(fastPathWanted({ [FAST_PATH_ENV]: 'off' })).toBe(false);
    expect(fastPathWanted({ [FAST_PATH_ENV]: '0' })).toBe(false);
    vi.stubEnv(FAST_PATH_ENV, 'off');
    const plain = await startService();
    try {
      expect(plain.app.fastPath).toBeUndefined();
      const created = plain.app.domain.createAccount('plain');
      plain.app.domain.addEntry(created.accountId, { at: '2026-01-01', amount: '5000', kind: 'topup' });
      const target = `/account/get_balance/?key=${created.key}&datetime=2026-03-16`;
      const viaRouter = await plain.app.handler(
        new Request(`http://127.0.0.1${target}`, { headers: { host: '127.0.0.1' } }),
      );
      const overTcp = await fetch(`${plain.base}${target}`);
      expect(overTcp.status).toBe(200);
      expect(await overTcp.text()).toBe(await viaRouter.text());
    } finally {
      vi.unstubAllEnvs();
      await plain.close();
    }
  });
});
