// The spec answers are cached (whole targets, keys, resolved phrases, ledgers in memory): every
// write, a revoked key, another key or a new second must still give the answer computed afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { openApp, type App } from '../../src-main/app.ts';
import { formatLocal, parseLocalWallTime } from '../../src-main/dates/index.ts';
import { documentText } from '../../src-main/domain/account-source.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { tempDir } from '../helpers/service.ts';

const ZONE = 'Europe/London';
const START = parseLocalWallTime('2026-11-22T10:35:00', ZONE) ?? 0;
let nowMs = START;
let dir: string;
let app: App;

beforeAll(() => {
  dir = tempDir();
  app = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => nowMs,
    vault: new SessionKeyVault('tests'),
    token: 'test-token-0123456789',
    log: () => undefined,
  });
});
afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Through the TCP fast path, as scripts are answered. */
function fast(target: string): { status: number; body: string } {
  const a = app.fastPath?.('GET', '127.0.0.1:8417', target);
  if (a === undefined) throw new Error(`the fast path did not take ${target}`);
  // Local accounts answer at once (no promise on the hot path).
  if (a instanceof Promise) throw new Error(`a local account's answer to ${target} was a promise`);
  return { status: a.status, body: documentText(a.body) };
}

/** What the answer must be, computed from the domain without any answer cache. */
function expected(accountId: number, t: number): string {
  const d = app.domain;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<result>\n  <datetime>${formatLocal(t, ZONE)}</datetime>\n  <balance>${d.balanceText(accountId, t)}</balance>\n</result>\n`;
}

const balanceTarget = (key: string, datetime: string): string =>
  `/account/get_balance/?key=${encodeURIComponent(key)}&datetime=${encodeURIComponent(datetime)}`;

describe('answer caches', () => {
  it('answer each of many keys with its own account, at repeated and random instants', () => {
    const d = app.domain;
    const accounts = Array.from({ length: 40 }, (_, i) => {
      const created = d.createAccount(`many ${i}`);
      d.addEntry(created.accountId, { at: '2026-01-01', amount: String(1000 + i), kind: 'topup' });
      if (i % 3 === 0)
        d.addRecurring(created.accountId, {
          amount: String(10 + i),
          every: i % 2 === 0 ? 'day' : 'month',
          from: '2026-02-01',
        });
      return created;
    });
    const random = mulberry32(3);
    for (let round = 0; round < 3; round++) {
      for (const a of accounts) {
        const t = 1_780_000_000 + Math.floor(random() * 10 ** 8);
        expect(fast(balanceTarget(a.key, `@${t}`)).body).toBe(expected(a.accountId, t));
        const week = d.resolve('+1 week').epochSeconds;
        expect(fast(balanceTarget(a.key, '+1 week')).body).toBe(expected(a.accountId, week));
      }
    }
  });

  it('sees a ledger write, a recurring charge, a settings edit and a revocation on the next request', () => {
    const d = app.domain;
    const { key, accountId } = d.createAccount('writes');
    const target = balanceTarget(key, '+1 week');
    const week = d.resolve('+1 week').epochSeconds;
    expect(fast(target).body).toContain('<balance>0</balance>');
    d.addEntry(accountId, { at: '2026-11-01', amount: '500', kind: 'topup' });
    expect(fast(target).body).toContain('<balance>500</balance>');
    const back = d.addEntry(accountId, { at: '2026-10-01', amount: '20', kind: 'charge' });
    expect(fast(target).body).toContain('<balance>480</balance>');
    d.removeEntry(accountId, back.id);
    expect(fast(target).body).toBe(expected(accountId, week));
    d.addRecurring(accountId, { amount: '70', every: 'week', from: '2026-11-23' });
    expect(fast(target).body).toBe(expected(accountId, week));
    expect(fast(target).body).not.toContain('<balance>500</balance>');

    const settings = `/account/get_notification_settings/?key=${encodeURIComponent(key)}`;
    expect(fast(settings).body).toContain('<notificationsettings></notificationsettings>');
    d.updateSettings(accountId, { warningEnabled: true, warningLevel: 100 });
    expect(fast(settings).body).toContain('<level>100</level>');

    d.revokeKey(key);
    expect(fast(target).status).toBe(403);
    expect(fast(settings).status).toBe(403);
  });

  it('reads a relative phrase again when the second changes', () => {
    const d = app.domain;
    const { key, accountId } = d.createAccount('clock');
    d.addRecurring(accountId, { amount: '86400', every: 'day', from: '2026-11-20' });
    const target = balanceTarget(key, '+1 week');
    try {
      const first = fast(target).body;
      expect(fast(target).body).toBe(first);
      nowMs += 1000;
      const second = fast(target).body;
      expect(second).not.toBe(first);
      expect(second).toBe(expected(accountId, Math.floor(nowMs / 1000) + 7 * 86_400));
      // Within the same second nothing moves.
      nowMs += 400;
      expect(fast(target).body).toBe(second);
    } finally {
      nowMs = START;
    }
  });

  it('keeps a target from its second ask on, and never one asked once', () => {
    const { key, accountId } = app.domain.createAccount('kept');
    app.domain.addEntry(accountId, { at: '2026-01-01', amount: '900', kind: 'topup' });
    const answer = (target: string): unknown => app.fastPath?.('GET', '127.0.0.1:8417', target);
    const polled = balanceTarget(key, 'tomorrow');
    const first = answer(polled);
    const second = answer(polled);
    // The first answer was not kept: the second is computed again, and kept.
    expect(second).not.toBe(first);
    expect(answer(polled)).toBe(second);
    expect(answer(polled)).toBe(second);
  });

  it('gives the router the same answers after the fast path has cached them', async () => {
    const { key } = app.domain.createAccount('router');
    const target = balanceTarget(key, 'tomorrow noon');
    const viaFast = fast(target);
    const viaRouter = await app.handler(new Request(`http://127.0.0.1${target}`, { headers: { host: '127.0.0.1' } }));
    expect(viaRouter.status).toBe(viaFast.status);
    expect(await viaRouter.text()).toBe(viaFast.body);
  });
});
