// The monitor's data source against the real app (store, domain, handler) in a temporary folder,
// through the in-process handler the Electron window uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApp, type App } from '../../src-main/app.ts';
import { appSource } from '../../src-main/monitor/app-source.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';

const ZONE = 'Europe/London';
const NOW = Date.parse('2026-11-22T10:00:00Z');
let dir: string;
let app: App;

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const init: RequestInit = body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
  const res = await app.inProcessHandler(new Request(`app://account-monitor${path}`, init));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'am-monitor-'));
  app = openApp({ dataDir: dir, timeZone: ZONE, clock: () => NOW, vault: new SessionKeyVault('test'), log: () => undefined });
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function seed(): Promise<void> {
  await call('POST', '/app/account', { name: 'Monitor test' });
  for (const [at, amount, kind] of [
    ['2026-09-15 12:00:00', '10000', 'topup'],
    ['2026-10-05 09:00:00', '1234.5', 'charge'],
    ['2026-10-20 00:00:00', '500', 'topup'],
    ['2026-10-31 23:00:00', '100', 'charge'],
    ['2026-11-03 00:00:00', '7', 'charge'],
  ] as const) {
    await call('POST', '/app/ledger', { at, amount, kind, note: '' });
  }
  await call('POST', '/app/recurring', { amount: '1000', every: 'month', from: '2026-10-01' });
}

describe('appSource over the app API', () => {
  it('fails with the app\'s own message while no key is stored', async () => {
    await expect(appSource(app.inProcessHandler, { timeZone: ZONE }).readState()).rejects.toThrow(/no API key is stored yet/);
  });

  it('reads balance, settings and the forecast crossing', async () => {
    await seed();
    const xml = await (await call('GET', '/app/xml/get_balance')).text();
    const balance = /<balance>([^<]+)<\/balance>/.exec(xml)?.[1];
    // Level just under the balance: the monthly charge (about 33p a day) crosses it within days.
    const level = Math.floor(Number(balance)) - 100;
    await call('PUT', '/app/settings', { warningEnabled: true, warningLevel: level, summary: ['weekly', 'daily'], disk: [], bandwidth: [] });
    const reading = await appSource(app.inProcessHandler, { timeZone: ZONE }).readState();
    expect(reading).toMatchObject({ balance, warningEnabled: true, warningLevel: level, summary: ['daily', 'weekly'] });
    const crossesIn = (reading.forecastBelowLevelAt ?? 0) - NOW / 1000;
    expect(crossesIn).toBeGreaterThan(2 * 86_400);
    expect(crossesIn).toBeLessThan(4 * 86_400);
  });

  it('computes what a period spent: start + top-ups - end, exactly', async () => {
    await seed();
    const source = appSource(app.inProcessHandler, { timeZone: ZONE });
    const october = { from: Date.parse('2026-10-01T00:00:00+01:00') / 1000, to: Date.parse('2026-11-01T00:00:00Z') / 1000 };
    // Charges 1234.5 + 100, plus exactly one month of the 1000p monthly charge.
    expect(await source.usage(october.from, october.to)).toEqual({ spent: '2334.5', balance: '8165.5' });
    // A top-up dated exactly at the start is already in the starting balance.
    expect((await source.usage(Date.parse('2026-09-15T11:00:00Z') / 1000, Date.parse('2026-09-30T23:00:00Z') / 1000)).spent).toBe('0');
  });
});
