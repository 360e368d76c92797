// A local account through the AccountSource interface the monitor reads: the real domain over
// SQLite in a temporary folder, and the app's own lookup of the stored key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApp, type App } from '../../src-main/app.ts';
import { LocalAccount } from '../../src-main/domain/account-source.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';

const ZONE = 'Europe/London';
const NOW = Date.parse('2026-11-22T10:00:00Z');
let dir: string;
let app: App;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-account-'));
  app = openApp({
    dataDir: dir,
    timeZone: ZONE,
    clock: () => NOW,
    vault: new SessionKeyVault('test'),
    log: () => undefined,
  });
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

function seed(): { account: LocalAccount; accountId: number } {
  const { domain } = app;
  const { accountId } = domain.createAccount('Monitor test');
  for (const [at, amount, kind] of [
    ['2026-09-15 12:00:00', '10000', 'topup'],
    ['2026-10-05 09:00:00', '1234.5', 'charge'],
    ['2026-10-20 00:00:00', '500', 'topup'],
    ['2026-10-31 23:00:00', '100', 'charge'],
    ['2026-11-03 00:00:00', '7', 'charge'],
  ] as const) {
    domain.addEntry(accountId, { at, amount, kind });
  }
  domain.addRecurring(accountId, { amount: '1000', every: 'month', from: '2026-10-01' });
  return { account: new LocalAccount(domain, accountId), accountId };
}

describe('the accounts the monitor watches (what the tray and every channel tell)', () => {
  it('are every local account with a live key, the window holding it or not, until its key is revoked', async () => {
    expect(await app.watched()).toEqual([]);
    const { key } = app.domain.createAccount('Mine');
    const [watched, ...none] = await app.watched();
    expect(none).toEqual([]);
    expect(watched?.name).toBe('Mine');
    const source = await watched?.open();
    expect(await source?.settings()).toEqual({
      warningEnabled: false,
      warningLevel: null,
      summary: [],
      disk: [],
      bandwidth: [],
    });
    app.domain.revokeKey(key);
    expect(await app.watched()).toEqual([]);
  });
});

describe('LocalAccount', () => {
  it('answers the balance exactly as get_balance prints it', async () => {
    const { account, accountId } = seed();
    const t = Date.parse('2026-11-16T00:00:00Z') / 1000;
    expect(await account.balanceAt(t)).toBe(app.domain.balanceText(accountId, t));
    // Before anything happened the balance is zero.
    expect(await account.balanceAt(Date.parse('2026-01-01T00:00:00Z') / 1000)).toBe('0');
  });

  it('reads settings and the forecast crossing, with the balance now', async () => {
    const { account, accountId } = seed();
    const balance = app.domain.balanceText(accountId, NOW / 1000);
    // Level just under the balance: the monthly charge (about 33p a day) crosses it within days.
    const level = Math.floor(Number(balance)) - 100;
    app.domain.updateSettings(accountId, { warningEnabled: true, warningLevel: level, summary: ['weekly', 'daily'] });
    expect(await account.settings()).toMatchObject({
      warningEnabled: true,
      warningLevel: level,
      summary: ['daily', 'weekly'],
    });
    const forecast = await account.forecast(8);
    expect(forecast.balanceNow).toBe(balance);
    const crossesIn = (forecast.belowWarning ?? 0) - NOW / 1000;
    expect(crossesIn).toBeGreaterThan(2 * 86_400);
    expect(crossesIn).toBeLessThan(4 * 86_400);
    expect(forecast.zero).toBeNull();
  });

  it('computes what a period spent: start + top-ups - end, exactly', async () => {
    const { account } = seed();
    const october = {
      from: Date.parse('2026-10-01T00:00:00+01:00') / 1000,
      to: Date.parse('2026-11-01T00:00:00Z') / 1000,
    };
    // Charges 1234.5 + 100, plus exactly one month of the 1000p monthly charge.
    expect(await account.usage(october.from, october.to)).toEqual({ spent: '2334.5', balance: '8165.5' });
    // A top-up dated exactly at the start is already in the starting balance.
    expect(
      (await account.usage(Date.parse('2026-09-15T11:00:00Z') / 1000, Date.parse('2026-09-30T23:00:00Z') / 1000)).spent,
    ).toBe('0');
  });
});
