// The top-up planner against brute force: on small ledgers (a day of entries, charges and
// recurring charges accruing by the second), the top-up it plans equals the smallest whole number
// of pence that keeps every second's balance at or above the amount, and its date is the first
// second below it, found by looking at every second. Then its words.
import { beforeEach, describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { LocalAccount } from '../../src-main/domain/account-source.ts';
import { planTopUp, topUpFor } from '../../src-main/domain/planner.ts';
import { learnedSpending } from '../../src-main/domain/forecast.ts';
import { SpendingPaths } from '../../src-main/domain/spending.ts';
import { balanceUnits } from '../../src-main/domain/accrual.ts';
import { formatUnits } from '../../src-shared/money/decimal.ts';
import { planWords } from '../../src-shared/plan-words.ts';
import { mulberry32 } from '../helpers/prng.ts';
import { useTempStore } from '../helpers/temp-store.ts';
import { DomainError } from '../../src-main/domain/errors.ts';

const NOW = Date.UTC(2026, 10, 22, 10, 35, 7) / 1000;
const DAY = 86_400;
const SCALE = 10n ** 10n;
const temp = useTempStore();
let domain: AccountDomain;

beforeEach(() => {
  domain = new AccountDomain({ store: temp.store, timeZone: 'Europe/London', clock: () => NOW * 1000 });
});

/** Every second's balance from the entries in memory and the charges' accrual: the minimum, its first second, and the first second below `level`. */
function bruteForce(
  accountId: number,
  from: number,
  to: number,
  level: bigint,
  spent: (t: number) => bigint = () => 0n,
): { lowest: bigint; lowestAt: number; firstBelow: number | null } {
  const entries = temp.store.ledger.between(accountId, 0, 2 ** 40).map((e) => [e.at, e.units] as const);
  const charges = temp.store.recurring.list(accountId);
  let sum = entries.filter(([at]) => at <= from).reduce((a, [, u]) => a + u, 0n);
  const later = entries.filter(([at]) => at > from).sort((a, b) => a[0] - b[0]);
  let next = 0;
  let lowest: bigint | undefined;
  let lowestAt = from;
  let firstBelow: number | null = null;
  for (let t = from; t <= to; t++) {
    while (next < later.length && (later[next]?.[0] ?? Infinity) <= t) sum += later[next++]?.[1] ?? 0n;
    const b = balanceUnits(sum, charges, t, 'Europe/London') - spent(t);
    if (lowest === undefined || b < lowest) {
      lowest = b;
      lowestAt = t;
    }
    if (firstBelow === null && b < level * SCALE) firstBelow = t;
  }
  return { lowest: lowest ?? 0n, lowestAt, firstBelow };
}

describe('the top-up planner', () => {
  it('plans the smallest whole-penny top-up and the first second it prevents, as every second shows', async () => {
    const random = mulberry32(22);
    for (let trial = 0; trial < 16; trial++) {
      const { accountId } = domain.createAccount(`p${trial}`);
      domain.addEntry(accountId, { at: NOW - DAY, amount: String(2000 + Math.floor(random() * 4000)), kind: 'topup' });
      domain.addRecurring(accountId, {
        amount: String(500 + Math.floor(random() * 3000)),
        every: random() < 0.5 ? 'day' : 'week',
        from: NOW - 2 * DAY,
      });
      if (random() < 0.5) domain.addRecurring(accountId, { amount: '9.99', every: 'month', from: NOW - 40 * DAY });
      for (let i = 0; i < 6; i++) {
        const at = NOW + Math.floor(random() * DAY);
        const kind = (['topup', 'charge', 'charge', 'refund', 'adjustment'] as const)[Math.floor(random() * 5)];
        const amount = (Math.floor(random() * 300000) / 100).toString();
        domain.addEntry(accountId, { at, amount: kind === 'adjustment' ? `-${amount}` : amount, kind });
        // Two entries in one second, now and then.
        if (random() < 0.2) domain.addEntry(accountId, { at, amount: '1.5', kind: 'topup' });
      }
      const until = NOW + DAY - Math.floor(random() * 3600);
      const keepAbove = Math.floor(random() * 3000);
      const plan = await planTopUp(new LocalAccount(domain, accountId), until, keepAbove, NOW);
      const truth = bruteForce(accountId, NOW, until, BigInt(keepAbove));
      const short = BigInt(keepAbove) * SCALE - truth.lowest;
      const needed = short <= 0n ? 0n : (short + SCALE - 1n) / SCALE;
      expect({ trial, topUp: plan.topUp, by: plan.by, lowest: plan.lowest }).toEqual({
        trial,
        topUp: needed.toString(),
        by: needed === 0n ? null : truth.firstBelow,
        lowest: { at: truth.lowestAt, balance: formatUnits(truth.lowest) },
      });
      // Enough, and not a penny more than enough.
      expect(truth.lowest + needed * SCALE >= BigInt(keepAbove) * SCALE).toBe(true);
      if (needed > 0n) expect(truth.lowest + (needed - 1n) * SCALE < BigInt(keepAbove) * SCALE).toBe(true);
    }
  });

  it('plans on the pessimistic path once the forecast has learned the spending, as every second of it shows', async () => {
    const random = mulberry32(32);
    for (let trial = 0; trial < 8; trial++) {
      const { accountId } = domain.createAccount(`l${trial}`);
      domain.addEntry(accountId, {
        at: NOW - 40 * DAY,
        amount: String(20000 + Math.floor(random() * 9000)),
        kind: 'topup',
      });
      // Forty days of usage: the forecast learns a rate and a spread from them.
      for (let d = 40; d >= 1; d--)
        domain.addEntry(accountId, {
          at: NOW - d * DAY + Math.floor(random() * 3600),
          amount: String(200 + Math.floor(random() * 500)),
          kind: 'charge',
        });
      domain.addRecurring(accountId, {
        amount: String(100 + Math.floor(random() * 900)),
        every: 'day',
        from: NOW - 2 * DAY,
      });
      for (let i = 0; i < 5; i++) {
        const at = NOW + Math.floor(random() * DAY);
        const kind = (['topup', 'charge', 'refund'] as const)[Math.floor(random() * 3)];
        domain.addEntry(accountId, { at, amount: String(Math.floor(random() * 300000) / 100), kind });
      }
      const until = NOW + DAY - Math.floor(random() * 3600);
      const keepAbove = Math.floor(random() * 25000);
      const plan = await planTopUp(new LocalAccount(domain, accountId), until, keepAbove, NOW);
      expect(plan.pessimistic).toBe(true);
      const paths = new SpendingPaths(learnedSpending(domain, accountId, NOW), (until - NOW) / DAY);
      const truth = bruteForce(accountId, NOW, until, BigInt(keepAbove), (t) => paths.units('p10', t - NOW));
      const short = BigInt(keepAbove) * SCALE - truth.lowest;
      const needed = short <= 0n ? 0n : (short + SCALE - 1n) / SCALE;
      expect({ trial, topUp: plan.topUp, by: plan.by, lowest: plan.lowest }).toEqual({
        trial,
        topUp: needed.toString(),
        by: needed === 0n ? null : truth.firstBelow,
        lowest: { at: truth.lowestAt, balance: formatUnits(truth.lowest) },
      });
    }
  });

  it('rounds a fraction of a penny up, and needs nothing when the lowest is at the amount', () => {
    expect(topUpFor('1999.0000000001', 2000)).toBe(1n);
    expect(topUpFor('2000', 2000)).toBe(0n);
    expect(topUpFor('-45.12', 0)).toBe(46n);
    expect(topUpFor('-45', 0)).toBe(45n);
    expect(topUpFor('1954.8799999999999999', 2000)).toBe(46n);
  });

  it('refuses an end that is not after now, too far ahead, and an amount that is not whole pence', async () => {
    const { accountId } = domain.createAccount('refused');
    const source = new LocalAccount(domain, accountId);
    await expect(planTopUp(source, NOW, 0, NOW)).rejects.toThrow(DomainError);
    await expect(planTopUp(source, NOW + 3651 * DAY, 0, NOW)).rejects.toThrow(/at most 3650 days/);
    await expect(planTopUp(source, NOW + DAY, 12.5, NOW)).rejects.toThrow(/whole pence/);
    await expect(planTopUp(source, NOW + DAY, -1, NOW)).rejects.toThrow(/whole pence/);
  });

  it('says the odds when planned on the pessimistic path', () => {
    const base = { keepAbove: 2000, from: '2026-11-27 12:00:00', until: '2027-03-31 00:00:00', pessimistic: true };
    expect(
      planWords({
        ...base,
        topUp: '3240',
        by: '2026-12-18 00:00:00',
        lowest: { balance: '-1240', datetime: '2027-03-30 23:59:59' },
      }),
    ).toBe('Top up £32.40 by Fri 18 Dec 2026 to stay above £20.00 until 31 Mar 2027 with 9 chances in 10.');
    expect(
      planWords({ ...base, topUp: '0', by: null, lowest: { balance: '2544', datetime: '2027-03-30 23:59:59' } }),
    ).toBe(
      'Your balance stays above £20.00 until 31 Mar 2027 without a top-up, with 9 chances in 10 (its lowest on the pessimistic path: £25.44 on Tue 30 Mar 2027 23:59).',
    );
  });

  it('says what to do in words', () => {
    const base = { keepAbove: 2000, from: '2026-11-22 10:35:00', until: '2027-03-31 00:00:00' };
    expect(
      planWords({
        ...base,
        topUp: '4512',
        by: '2027-01-17 00:00:00',
        lowest: { balance: '-2512', datetime: '2027-03-30 23:59:59' },
      }),
    ).toBe('To stay above £20.00 until 31 Mar 2027, top up £45.12 by Sun 17 Jan 2027.');
    expect(
      planWords({
        ...base,
        topUp: '1',
        by: '2027-01-17 09:30:00',
        lowest: { balance: '1999.5', datetime: '2027-01-17 09:30:00' },
      }),
    ).toBe('To stay above £20.00 until 31 Mar 2027, top up £0.01 by Sun 17 Jan 2027 09:30.');
    expect(planWords({ ...base, topUp: '700', by: base.from, lowest: { balance: '1300', datetime: base.from } })).toBe(
      'To stay above £20.00 until 31 Mar 2027, top up £7.00 now: the balance is already below it.',
    );
    expect(
      planWords({ ...base, topUp: '0', by: null, lowest: { balance: '2310', datetime: '2027-01-17 00:00:00' } }),
    ).toBe(
      'Your balance stays above £20.00 until 31 Mar 2027 without a top-up (its lowest: £23.10 on Sun 17 Jan 2027).',
    );
  });
});
