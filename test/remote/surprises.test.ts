// Each check compares what the provider says with what it had projected: a fall beyond the
// projection by more than the account's threshold (default £1) is an unexpected charge, a rise a
// top-up; either is stored with the check's observation, and the kept projections are asked
// again, so the forecast follows the provider's new ledger.
import { afterEach, describe, expect, it } from 'vitest';
import { startPair, type Pair } from './ledger-provider.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

const MINUTES = 60;

async function hosting(): Promise<Pair> {
  return startPair((d, id) => {
    d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
    d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
    d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
  });
}

describe('unexpected charges and top-ups', () => {
  it('finds £4.20 more gone than projected between two checks, stores it with the check, and asks again', async () => {
    pair = await hosting();
    const p = pair;
    const source = p.source();
    const check = (): Promise<void> => p.local.app.accounts.refresh(p.localAccount, p.key, true);
    const d = p.provider.app.domain;
    expect(await source.forecast(90)).toMatchObject({ belowWarning: p.truth(90).belowWarning });

    p.advance(10 * MINUTES);
    await check();
    const firstCheck = p.local.app.store.observations.latest(p.localAccount);
    expect(await source.surprises(0, 2 ** 40)).toEqual([]);

    // The provider charged £4.20 nobody projected.
    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '420', kind: 'charge' });
    p.advance(5 * MINUTES);
    await check();
    const found = p.local.app.store.observations.latest(p.localAccount);
    const surprises = await source.surprises(0, 2 ** 40);
    expect(surprises).toEqual([
      {
        observationId: found?.id,
        kind: 'unexpected_charge',
        amount: '420',
        since: firstCheck?.at,
        at: found?.at,
        balance: found?.balance,
        expected: String(Number(found?.balance) + 420),
      },
    ]);
    expect(p.local.app.store.comparisons.forObservation(found?.id ?? 0)).toMatchObject({
      surprise: 'unexpected_charge',
    });

    // The projections kept before no longer count: the forecast asks again and follows the charge.
    const before = p.calls();
    const f = await source.forecast(90);
    expect(p.calls() - before).toBeGreaterThan(20);
    expect(f.belowWarning).toBe(p.truth(90).belowWarning);

    // 50p more: below the threshold, so no alert; but still new, so asked again.
    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '50', kind: 'charge' });
    p.advance(5 * MINUTES);
    await check();
    expect(await source.surprises(0, 2 ** 40)).toHaveLength(1);
    const again = p.calls();
    expect((await source.forecast(90)).belowWarning).toBe(p.truth(90).belowWarning);
    expect(p.calls() - again).toBeGreaterThan(20);

    // With a threshold of 20p, the same 50p is unexpected.
    p.local.app.store.comparisons.setThreshold(p.localAccount, 20);
    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '50', kind: 'charge' });
    p.advance(5 * MINUTES);
    await check();
    expect((await source.surprises(0, 2 ** 40)).map((s) => [s.kind, s.amount])).toEqual([
      ['unexpected_charge', '420'],
      ['unexpected_charge', '50'],
    ]);

    // A top-up is a top-up, whatever its size.
    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '2500.5', kind: 'topup' });
    p.advance(5 * MINUTES);
    await check();
    expect((await source.surprises(0, 2 ** 40)).at(-1)).toMatchObject({ kind: 'top_up', amount: '2500.5' });
    expect((await source.forecast(90)).belowWarning).toBe(p.truth(90).belowWarning);
  });

  it('keeps the projections while checks agree with them', async () => {
    pair = await hosting();
    const p = pair;
    await p.source().forecast(365);
    for (let i = 0; i < 6; i++) {
      p.advance(10 * MINUTES);
      await p.local.app.accounts.refresh(p.localAccount, p.key, true);
    }
    const before = p.calls();
    expect((await p.source().forecast(365)).belowWarning).toBe(p.truth(365).belowWarning);
    expect(p.calls() - before).toBeLessThanOrEqual(2);
    expect(await p.source().surprises(0, 2 ** 40)).toEqual([]);
  });
});

describe('what a check costs', () => {
  it('one get_balance when the balance lies on the kept line; the next grid instant again when it does not', async () => {
    pair = await hosting();
    const p = pair;
    const check = (): Promise<void> => p.local.app.accounts.refresh(p.localAccount, p.key, false);
    // Away from the start of the month (its day's line bends where the charge's rate changes).
    p.advance(2 * 86_400);
    await p.source().forecast(30);
    await p.local.app.accounts.refresh(p.localAccount, p.key, true);
    for (let i = 0; i < 3; i++) {
      p.advance(10 * MINUTES);
      const before = p.calls();
      await check();
      expect(p.calls() - before).toBe(1);
    }
    // Something the projection did not have: the instant is asked again and the charge found.
    p.advance(5 * MINUTES);
    p.provider.app.domain.addEntry(p.providerAccount, { at: p.providerNow(), amount: '420', kind: 'charge' });
    p.advance(5 * MINUTES);
    const before = p.calls();
    await check();
    expect(p.calls() - before).toBe(2);
    expect((await p.source().surprises(0, 2 ** 40)).map((s) => [s.kind, s.amount])).toEqual([
      ['unexpected_charge', '420'],
    ]);
  });
});

describe('the monitor', () => {
  it('raises one alert per unexpected charge, in words, never again for the same check, and none for a top-up', async () => {
    pair = await hosting();
    const p = pair;
    const app = p.local.app;
    const check = (): Promise<void> => app.accounts.refresh(p.localAccount, p.key, true);
    const charges = (): string[] =>
      app.alerts
        .recent(50)
        .filter((a) => a.kind === 'unexpected_charge')
        .map((a) => a.text);
    const d = p.provider.app.domain;
    await p.source().forecast(90);
    p.advance(10 * MINUTES);
    await check();
    await app.monitor.refresh(p.localAccount);
    expect(charges()).toEqual([]);

    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '420', kind: 'charge' });
    p.advance(5 * MINUTES);
    await check();
    await app.monitor.refresh(p.localAccount);
    await app.monitor.refresh(p.localAccount);
    expect(charges()).toHaveLength(1);
    expect(charges()[0]).toMatch(/^£4\.20 more than expected went between \d\d:\d\d and \d\d:\d\d\. Balance now £/);

    // A top-up is shown on the chart, not pushed.
    p.advance(5 * MINUTES);
    d.addEntry(p.providerAccount, { at: p.providerNow(), amount: '2500', kind: 'topup' });
    p.advance(5 * MINUTES);
    await check();
    await app.monitor.refresh(p.localAccount);
    expect(charges()).toHaveLength(1);
    expect(app.alerts.recent(50).filter((a) => a.kind === 'unexpected_charge')[0]).toMatchObject({
      severity: 'warning',
      title: 'Unexpected charge',
    });
  });
});
