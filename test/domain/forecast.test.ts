// The chart series and the run-out forecast, read from the index and a streamed range: the same
// balances as the domain gives point by point, and the exact second of each crossing.
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { balanceSeries, firstBelow, forecast } from '../../src-main/domain/forecast.ts';
import { type NewEntry } from '../../src-main/store/index.ts';
import { TIMELINE_MAX_ROWS } from '../../src-main/store/ledger-timeline.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';

const NOW = Date.UTC(2026, 10, 22, 10, 35) / 1000;
const temp = useTempStore();
let domain: AccountDomain;

beforeEach(() => {
  domain = new AccountDomain({ store: temp.store, timeZone: 'Europe/London', clock: () => NOW * 1000 });
});

const units = (pence: number): bigint => BigInt(pence) * 10n ** 10n;

/** The first second below the level, by checking every entry's second and bisecting between. */
function reference(account: number, level: bigint, from: number, to: number): number | null {
  const below = (t: number): boolean => domain.balanceUnitsAt(account, t) < level * 10n ** 10n;
  if (below(from)) return from;
  const stops = [...new Set([...temp.store.ledger.between(account, from + 1, to).map((e) => e.at), to])].sort(
    (a, b) => a - b,
  );
  let previous = from;
  for (const s of stops) {
    if (s - 1 > previous && below(s - 1)) {
      let a = previous;
      let b = s - 1;
      while (b - a > 1) {
        const mid = Math.floor((a + b) / 2);
        if (below(mid)) b = mid;
        else a = mid;
      }
      return b;
    }
    if (below(s)) return s;
    previous = s;
  }
  return null;
}

describe('forecast', () => {
  it('finds the exact second of the first crossing, through top-ups, charges and entries sharing a second', () => {
    const random = mulberry32(17);
    for (let trial = 0; trial < 40; trial++) {
      const { accountId } = domain.createAccount(`f${trial}`);
      domain.addEntry(accountId, {
        at: NOW - 86_400,
        amount: String(2000 + Math.floor(random() * 3000)),
        kind: 'topup',
      });
      domain.addRecurring(accountId, {
        amount: String(100 + Math.floor(random() * 400)),
        every: trial % 2 === 0 ? 'day' : 'week',
        from: NOW - 3 * 86_400,
      });
      const future: NewEntry[] = [];
      for (let i = 0; i < 30; i++) {
        const at = NOW + Math.floor(random() * 60 * 86_400);
        const pence = 1 + Math.floor(random() * 800);
        const topup = random() < 0.5;
        future.push({
          at,
          kind: topup ? 'topup' : 'charge',
          amount: String(pence),
          units: topup ? units(pence) : -units(pence),
          note: '',
        });
        if (i % 7 === 0) future.push({ at, kind: 'charge', amount: '1', units: -units(1), note: '' });
      }
      temp.store.ledger.addMany(accountId, future);
      for (const level of [0n, 500n, 1500n, 3000n]) {
        const got = firstBelow(domain, accountId, level, NOW, NOW + 90 * 86_400);
        expect(got, `trial ${trial} level ${level}`).toBe(reference(accountId, level, NOW, NOW + 90 * 86_400));
        if (got !== null && got > NOW) {
          expect(domain.balanceUnitsAt(accountId, got)).toBeLessThan(level * 10n ** 10n);
          expect(domain.balanceUnitsAt(accountId, got - 1)).toBeGreaterThanOrEqual(level * 10n ** 10n);
        }
      }
    }
  });

  it('says now when already below, and nothing when the balance stays above', () => {
    const { accountId } = domain.createAccount('flat');
    domain.addEntry(accountId, { at: NOW - 10, amount: '100', kind: 'topup' });
    expect(firstBelow(domain, accountId, 200n, NOW, NOW + 86_400)).toBe(NOW);
    expect(firstBelow(domain, accountId, 50n, NOW, NOW + 86_400)).toBeNull();
    domain.updateSettings(accountId, { warningEnabled: true, warningLevel: 50 });
    expect(forecast(domain, accountId, 30)).toMatchObject({ horizonDays: 30, belowWarning: null, zero: null });
  });
});

describe('series', () => {
  it('samples the balance the domain gives, with steps at each entry of a small range', () => {
    const { accountId } = domain.createAccount('series');
    domain.addRecurring(accountId, { amount: '30', every: 'day', from: NOW - 100 * 86_400 });
    for (let i = 0; i < 20; i++)
      domain.addEntry(accountId, { at: NOW - i * 5 * 86_400, amount: '77', kind: i % 3 === 0 ? 'charge' : 'topup' });
    const s = balanceSeries(domain, accountId, NOW - 90 * 86_400, NOW + 90 * 86_400, 200);
    // Entries 0 to 90 days back: the one exactly at the range's start counts too.
    expect(s.events).toHaveLength(19);
    expect(s.points.length).toBeGreaterThan(200);
    for (const p of s.points) expect(p.balance).toBe(Number(domain.balanceText(accountId, p.t)));
  });

  it('leaves the events out of a range with more entries than a chart can show, reading only one past the limit', () => {
    const { accountId } = domain.createAccount('busy');
    const many: NewEntry[] = [];
    for (let i = 0; i <= TIMELINE_MAX_ROWS; i++)
      many.push({ at: NOW - 80 * 86_400 + i * 60, kind: 'topup', amount: '1', units: units(1), note: '' });
    temp.store.ledger.addMany(accountId, many);
    const s = balanceSeries(domain, accountId, NOW - 90 * 86_400, NOW + 90 * 86_400, 200);
    expect(s.events).toEqual([]);
    expect(s.points).toHaveLength(200);
    for (const p of s.points) expect(p.balance).toBe(Number(domain.balanceText(accountId, p.t)));
    expect(s.points.at(-1)?.balance).toBe(TIMELINE_MAX_ROWS + 1);
  });
});
