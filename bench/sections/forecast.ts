// What a connected account's forecast costs its provider, counted in requests the provider
// answers (both endpoints). In-process: this project's server plays the provider (a year of
// monthly hosting, top-ups, and dips before top-ups, its clock in 2031 New York) and a local app
// (2026 London) is connected to it. Figures, each with the target:
// - the first 365-day forecast (the baseline is one call a day, the least that can promise a dip
//   of a day or more is never missed);
// - the same forecast again 40 minutes later, and the 30, 90 and 180-day ones with it;
// - a check that finds nothing new, with the 365-day forecast after it.
// The crossings found are checked against the provider's own ledger first: a cheap wrong answer
// would be no figure at all.
import { mkdirSync } from 'node:fs';
import { openApp, type App } from '../../src-main/app.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { forecast } from '../../src-main/domain/forecast.ts';
import { SessionKeyVault } from '../../src-main/service/key-vault.ts';
import { listen, type Listening } from '../../src-main/service/server.ts';
import type { Figure } from '../lib/figures.ts';
import type { Workdir } from './workdir.ts';

const KEY = 'bench-provider-key-0123456789';

function at(wall: string, zone: string): number {
  const ms = parseLocalWallTime(wall, zone);
  if (ms === undefined) throw new Error(`bad wall time ${wall}`);
  return ms / 1000;
}

/** A year at the provider: £31 a month of hosting, £30 top-ups on the 28th, and a dip before a top-up. */
function fillLedger(app: App): number {
  const d = app.domain;
  const { accountId } = d.createAccount('Hosting', KEY);
  d.addEntry(accountId, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
  d.addRecurring(accountId, { amount: '3100', every: 'month', from: '2031-04-01' });
  for (let i = 0; i < 13; i++) {
    const month = ((4 + i) % 12) + 1;
    const year = 2031 + Math.floor((4 + i) / 12);
    d.addEntry(accountId, {
      at: `${year}-${String(month).padStart(2, '0')}-28 10:00:00`,
      amount: '3000',
      kind: 'topup',
    });
  }
  // A dip below the £20 level for two days in September, before a top-up.
  d.addEntry(accountId, { at: '2031-09-03 06:00:00', amount: '5200', kind: 'charge' });
  d.addEntry(accountId, { at: '2031-09-05 12:00:00', amount: '5200', kind: 'topup' });
  d.updateSettings(accountId, { warningEnabled: true, warningLevel: 2000 });
  return accountId;
}

export async function forecastFigures(work: Workdir): Promise<Figure[]> {
  let providerNow = at('2031-05-01T08:00:00', 'America/New_York');
  let localNow = at('2026-11-22T10:35:00', 'Europe/London');
  const dirs = [work.path('forecast-provider'), work.path('forecast-local')];
  for (const dir of dirs) mkdirSync(dir, { recursive: true });
  const quiet = (): void => undefined;
  const provider = openApp({
    dataDir: dirs[0] ?? '',
    timeZone: 'America/New_York',
    clock: () => providerNow * 1000,
    vault: new SessionKeyVault('bench'),
    token: 'bench-token-0123456789',
    log: quiet,
  });
  const local = openApp({
    dataDir: dirs[1] ?? '',
    timeZone: 'Europe/London',
    clock: () => localNow * 1000,
    vault: new SessionKeyVault('bench'),
    token: 'bench-token-0123456789',
    log: quiet,
  });
  let calls = 0;
  let server: Listening | undefined;
  try {
    const accountId = fillLedger(provider);
    server = await listen(
      (request) => {
        if (new URL(request.url).pathname.startsWith('/account/')) calls++;
        return provider.handler(request);
      },
      { host: '127.0.0.1', port: 0 },
    );
    const connected = await local.accounts.connect({ baseUrl: server.url, key: KEY });
    const source = local.accounts.forKey(KEY);

    const counted = async (body: () => Promise<unknown>): Promise<{ calls: number; ms: number }> => {
      const before = calls;
      const t0 = performance.now();
      await body();
      return { calls: calls - before, ms: performance.now() - t0 };
    };
    let found: Awaited<ReturnType<typeof source.forecast>> | undefined;
    const first = await counted(async () => {
      found = await source.forecast(365);
    });
    const truth = forecast(provider.domain, accountId, 365);
    if (found?.belowWarning !== truth.belowWarning || found.zero !== truth.zero)
      throw new Error(
        `the forecast found ${String(found?.belowWarning)}/${String(found?.zero)}, the provider's ledger says ${String(truth.belowWarning)}/${String(truth.zero)}`,
      );

    providerNow += 40 * 60;
    localNow += 40 * 60;
    const again = await counted(async () => {
      for (const days of [365, 30, 90, 180]) await source.forecast(days);
    });

    providerNow += 10 * 60;
    localNow += 10 * 60;
    const checked = await counted(async () => {
      await local.accounts.refresh(connected.accountId, KEY, true);
      await source.forecast(365);
    });
    const surprises = await source.surprises(0, 2 ** 40);
    if (surprises.length !== 0) throw new Error('a check found a surprise where nothing changed');

    const where = `provider in 2031 New York, this app in 2026 London; first crossing below the level on ${new Date(
      (truth.belowWarning ?? 0) * 1000,
    )
      .toISOString()
      .slice(0, 10)}, none below zero (as the provider's ledger says)`;
    return [
      {
        section: 'forecast',
        name: 'first 365-day forecast: provider calls',
        value: first.calls,
        unit: 'calls',
        baseline: 365,
        baselineLabel: 'one a day',
        target: '<= 400',
        check: { op: '<=', limit: 400, on: 'value' },
        note: `${where}; ${first.ms.toFixed(0)} ms on loopback`,
      },
      {
        section: 'forecast',
        name: 'same forecast 40 min later (and 30/90/180 days): provider calls',
        value: again.calls,
        unit: 'calls',
        target: '<= 5',
        check: { op: '<=', limit: 5, on: 'value' },
        note: `${again.ms.toFixed(1)} ms for the four forecasts`,
      },
      {
        section: 'forecast',
        name: 'check that finds nothing new, then the 365-day forecast: provider calls',
        value: checked.calls,
        unit: 'calls',
        target: '<= 5',
        check: { op: '<=', limit: 5, on: 'value' },
        note: 'the check asks get_balance now, the settings, and get_balance at the next day instant to compare with its projection; the forecast after it asks nothing',
      },
    ];
  } finally {
    await server?.close();
    local.close();
    provider.close();
  }
}
