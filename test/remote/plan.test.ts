// The top-up planner for a connected account: the same plan the provider's own ledger gives
// (itself checked against every second in test/domain/planner.test.ts), from the provider's
// balances: dips before top-ups, the lowest just before a top-up found to the second, and a second
// plan over the same days nearly free.
import { afterEach, describe, expect, it } from 'vitest';
import { LocalAccount } from '../../src-main/domain/account-source.ts';
import { planTopUp } from '../../src-main/domain/planner.ts';
import { DAY, providerTime, startPair, type Pair } from './ledger-provider.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

describe('the top-up plan of a connected account', () => {
  it("equals the plan the provider's own ledger gives, for several ends and amounts", async () => {
    pair = await startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
      d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
      d.addEntry(id, { at: '2031-05-10 12:00:00', amount: '4500', kind: 'charge' });
      d.addEntry(id, { at: '2031-05-12 09:00:00', amount: '5000', kind: 'topup' });
      // Running low until a top-up at 14:17:33: the lowest balance is the second before it.
      d.addEntry(id, { at: '2031-06-25 14:17:33', amount: '2500', kind: 'topup' });
      d.addEntry(id, { at: '2031-08-02 10:00:00', amount: '1234.56', kind: 'topup' });
      d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    });
    const p = pair;
    const remote = p.source();
    const own = new LocalAccount(p.provider.app.domain, p.providerAccount);
    for (const [until, keepAbove] of [
      ['2031-05-20 00:00:00', 2000],
      ['2031-06-30 00:00:00', 2000],
      ['2031-06-30 00:00:00', 0],
      ['2031-09-30 12:00:00', 5000],
      ['2031-05-02 00:00:00', 100],
    ] as const) {
      const end = providerTime(until);
      const truth = await planTopUp(own, end, keepAbove, p.providerNow());
      const plan = await planTopUp(remote, end, keepAbove, p.local.app.domain.nowSeconds());
      expect({ until, keepAbove, plan }).toEqual({ until, keepAbove, plan: truth });
    }
    const again = p.calls();
    await planTopUp(remote, providerTime('2031-09-30 12:00:00'), 5000, p.local.app.domain.nowSeconds());
    expect(p.calls() - again).toBe(0);
  });

  it('refuses to look more than 366 days ahead at a provider', async () => {
    pair = await startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
    });
    await expect(
      planTopUp(pair.source(), pair.providerNow() + 400 * DAY, 0, pair.local.app.domain.nowSeconds()),
    ).rejects.toThrow(/at most 366 days/);
  });
});
