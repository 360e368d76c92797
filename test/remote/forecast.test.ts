// The forecast of a connected account against a provider whose ledger has dips before top-ups:
// the first crossing below the warning level and below zero, to the second, at every horizon,
// exactly where the provider's own ledger puts them; what it costs the provider the first time,
// again, and after a check; and the provider's clock (2031, New York) rather than this machine's
// (2026, London) as where the future starts.
import { afterEach, describe, expect, it } from 'vitest';
import { clocksDiffer } from '../../src-shared/provider-clock.ts';
import { DAY, providerTime, startPair, type Pair } from './ledger-provider.ts';

let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

/** Monthly hosting with three dips before top-ups: below the level for two days, below zero for three, and later. */
function dips(pair: { add: (at: string, amount: string, kind: string) => void }): void {
  pair.add('2031-05-10 12:00:00', '4500', 'charge');
  pair.add('2031-05-12 09:00:00', '5000', 'topup');
  pair.add('2031-06-20 18:30:17', '6000', 'charge');
  pair.add('2031-06-23 07:00:00', '9000', 'topup');
  pair.add('2031-11-02 03:04:05', '3000', 'charge');
  pair.add('2031-11-04 00:00:00', '4000', 'topup');
}

async function dippingProvider(): Promise<Pair> {
  return startPair((d, id) => {
    d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
    d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
    dips({ add: (at, amount, kind) => d.addEntry(id, { at, amount, kind }) });
    d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
  });
}

describe('the forecast of a connected account', () => {
  it('finds the first crossings at 30, 90, 180 and 365 days, to the second, where the provider ledger puts them', async () => {
    pair = await dippingProvider();
    const source = pair.source();
    for (const days of [30, 90, 180, 365]) {
      const truth = pair.truth(days);
      const f = await source.forecast(days);
      expect({ days, below: f.belowWarning, zero: f.zero }).toEqual({
        days,
        below: truth.belowWarning,
        zero: truth.zero,
      });
      expect(f.from).toBe(pair.providerNow());
    }
    // The shapes the ledger was made for: a two-day dip below the level first, below zero later.
    expect(pair.truth(365).belowWarning).toBe(providerTime('2031-05-10 12:00:00'));
    expect(pair.truth(30).zero).toBeNull();
    expect(pair.truth(90).zero).toBe(providerTime('2031-06-20 18:30:17'));
  });

  it('costs at most 400 calls the first time over 365 days, then nothing within the hour; a check that finds nothing new costs its three calls', async () => {
    pair = await dippingProvider();
    const source = pair.source();
    const before = pair.calls();
    const first = await source.forecast(365);
    const firstCalls = pair.calls() - before;
    // It stops at the first day below zero (20 June): nothing after it can be a first crossing.
    // 51 days, then each crossing to the second (18 instants at most within a day).
    expect(firstCalls).toBeLessThanOrEqual(52 + 2 * 18);

    pair.advance(40 * 60);
    const again = pair.calls();
    expect(await source.forecast(365)).toMatchObject({ belowWarning: first.belowWarning, zero: first.zero });
    for (const days of [30, 90, 180]) await source.forecast(days);
    expect(pair.calls() - again).toBeLessThanOrEqual(5);

    const checked = pair.calls();
    await pair.local.app.accounts.refresh(pair.localAccount, pair.key, true);
    expect(pair.calls() - checked).toBe(2); // get_balance now and @the next grid instant (settings is the third call)
    const after = pair.calls();
    expect(await source.forecast(365)).toMatchObject({ belowWarning: first.belowWarning, zero: first.zero });
    expect(pair.calls() - after).toBeLessThanOrEqual(2);
  });

  it('looks at every day of the year for at most 400 calls when the balance never reaches zero', async () => {
    pair = await startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
      d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
      for (let month = 5; month <= 12; month++) {
        const m = String(month).padStart(2, '0');
        d.addEntry(id, { at: `2031-${m}-28 10:00:00`, amount: '3100', kind: 'topup' });
      }
      for (let month = 1; month <= 5; month++)
        d.addEntry(id, { at: `2032-0${month}-28 10:00:00`, amount: '3100', kind: 'topup' });
      d.addEntry(id, { at: '2031-09-03 06:00:00', amount: '5000', kind: 'charge' });
      d.addEntry(id, { at: '2031-09-06 00:00:00', amount: '5000', kind: 'topup' });
      d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    });
    const before = pair.calls();
    const f = await pair.source().forecast(365);
    const truth = pair.truth(365);
    expect([f.belowWarning, f.zero]).toEqual([truth.belowWarning, truth.zero]);
    expect(truth.zero).toBeNull();
    expect(truth.belowWarning).toBe(providerTime('2031-09-03 06:00:00'));
    expect(pair.calls() - before).toBeLessThanOrEqual(400);
  });

  it("starts where the provider's clock is, and says how far it is from this machine's", async () => {
    pair = await dippingProvider();
    const clock = await pair.source().clock();
    expect(clock).toMatchObject({ providerNow: '2031-05-01 08:00:00' });
    const localNow = pair.local.app.domain.nowSeconds();
    expect(clock?.offsetSeconds).toBe(pair.providerNow() - localNow);
    const f = await pair.source().forecast(30);
    expect(f.from).toBe(pair.providerNow());
    expect(f.belowWarning).toBeGreaterThan(f.from);
    expect((f.belowWarning ?? 0) - f.from).toBeLessThan(10 * DAY);
  });
});

describe("the provider's clock", () => {
  const hosting = (d: Parameters<Parameters<typeof startPair>[0]>[0], id: number): void => {
    d.addEntry(id, { at: '2026-11-01 00:00:00', amount: '10000', kind: 'topup' });
    d.addRecurring(id, { amount: '3100', every: 'month', from: '2026-11-01' });
    d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
  };

  it('ten minutes ahead of this machine: said, and the forecast starts at its now', async () => {
    pair = await startPair(hosting, { providerStart: '2026-11-22T10:45:00', providerZone: 'Europe/London' });
    expect(await pair.source().clock()).toMatchObject({ providerNow: '2026-11-22 10:45:00', offsetSeconds: 600 });
    const f = await pair.source().forecast(90);
    expect(f.from).toBe(pair.providerNow());
    expect([f.belowWarning, f.zero]).toEqual([pair.truth(90).belowWarning, pair.truth(90).zero]);
  });

  it('ninety seconds apart in another zone: the clocks agree', async () => {
    pair = await startPair(hosting, { providerStart: '2026-11-22T05:36:30', providerZone: 'America/New_York' });
    const clock = await pair.source().clock();
    expect(clock).toMatchObject({ providerNow: '2026-11-22 05:36:30', offsetSeconds: 90 });
    expect(clocksDiffer(clock?.offsetSeconds ?? 0)).toBe(false);
    const f = await pair.source().forecast(90);
    // Never before the latest reading, which the provider made 90 seconds ahead.
    expect(f.from).toBe(pair.local.app.domain.nowSeconds() + 90);
    expect(f.belowWarning).toBe(pair.truth(90).belowWarning);
  });
});

describe('dips shorter than a day', () => {
  /**
   * The day after running close to the level: with `dip`, a charge takes it below for ten hours
   * until a top-up; without, the top-up comes first.
   */
  function nearMiss(d: Parameters<Parameters<typeof startPair>[0]>[0], id: number, day: string, dip: boolean): void {
    if (dip) d.addEntry(id, { at: `${day} 06:00:00`, amount: '200', kind: 'charge' });
    d.addEntry(id, { at: `${day} ${dip ? '16' : '04'}:00:00`, amount: '5000', kind: 'topup' });
  }

  it('finds a ten-hour dip just before a top-up, to the second', async () => {
    pair = await startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
      d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
      // £20.64 at the day's sample (00:00 UTC, 20:00 the evening before in New York): £0.64 above the level.
      d.addEntry(id, { at: '2031-05-14 12:00:00', amount: '3452', kind: 'charge' });
      nearMiss(d, id, '2031-05-15', true);
      d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    });
    const truth = pair.truth(30);
    expect(truth.belowWarning).toBe(providerTime('2031-05-15 06:00:00'));
    const f = await pair.source().forecast(30);
    expect(f.belowWarning).toBe(truth.belowWarning);
    expect(f.shortDipPossibleAt).toBeNull();
  });

  it('says where a dip shorter than a day could still hide once it has looked into one near miss', async () => {
    pair = await startPair((d, id) => {
      d.addEntry(id, { at: '2031-04-01 00:00:00', amount: '10000', kind: 'topup' });
      d.addRecurring(id, { amount: '3100', every: 'month', from: '2031-04-01' });
      d.addEntry(id, { at: '2031-05-14 12:00:00', amount: '3452', kind: 'charge' });
      nearMiss(d, id, '2031-05-15', false);
      d.addEntry(id, { at: '2031-05-19 12:00:00', amount: '4500', kind: 'charge' });
      nearMiss(d, id, '2031-05-20', true);
      d.updateSettings(id, { warningEnabled: true, warningLevel: 2000 });
    });
    const truth = pair.truth(30);
    expect(truth.belowWarning).toBe(providerTime('2031-05-20 06:00:00'));
    const f = await pair.source().forecast(30);
    // Missed, and said so: the day it could be in.
    expect(f.belowWarning).toBeNull();
    expect(f.shortDipPossibleAt).toBe(providerTime('2031-05-19 20:00:00'));
  });
});
