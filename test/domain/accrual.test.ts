// Exact balance arithmetic: month lengths, leap years, DST days, future instants.
import { describe, expect, it } from 'vitest';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { parseLocalWallTime } from '../../src-main/dates/index.ts';
import { useTempStore } from '../helpers/temp-store.ts';

const temp = useTempStore();

function domainIn(
  timeZone: string,
  now = '2026-11-22T10:35:00',
): { domain: AccountDomain; account: number; at: (local: string) => number } {
  const fixed = parseLocalWallTime(now, timeZone) ?? 0;
  const domain = new AccountDomain({ store: temp.store, timeZone, clock: () => fixed });
  const account = domain.createAccount('t').accountId;
  const at = (local: string): number => (parseLocalWallTime(local, timeZone) ?? Number.NaN) / 1000;
  return { domain, account, at };
}

describe('recurring accrual', () => {
  it('a London March has 743 hours: by 16 March 00:00 a monthly charge has accrued 360/743', () => {
    const { domain, account, at } = domainIn('Europe/London');
    domain.addEntry(account, { at: '2026-01-01', amount: '5000', kind: 'topup' });
    domain.addRecurring(account, { amount: '1000', every: 'month', from: '2026-03-01' });
    // 5000 - 1000 * 360 / 743 = 4515.47779273216...
    expect(domain.balanceText(account, at('2026-03-16T00:00:00'))).toBe('4515.4777927322');
  });

  it.each([
    ['2026-02-01', '2026-03-01', 'February of a common year'],
    ['2024-02-01', '2024-03-01', 'February of a leap year'],
    ['2026-03-01', '2026-04-01', 'March with the spring DST change'],
    ['2026-10-01', '2026-11-01', 'October with the autumn DST change'],
    ['2026-07-01', '2026-08-01', 'a 31-day summer month'],
  ])('a monthly charge costs exactly its amount from %s to %s (%s)', (from, to) => {
    for (const zone of ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC']) {
      const { domain, account, at } = domainIn(zone);
      domain.addRecurring(account, { amount: '1000', every: 'month', from: `${from} 00:00:00` });
      expect(domain.balanceText(account, at(`${to}T00:00:00`)), zone).toBe('-1000');
    }
  });

  it('a daily charge costs its amount over a 23-hour and a 25-hour day, and half of it at local noon', () => {
    const { domain, account, at } = domainIn('Europe/London');
    domain.addRecurring(account, { amount: '100', every: 'day', from: '2026-03-29 00:00:00' });
    expect(domain.balanceText(account, at('2026-03-30T00:00:00'))).toBe('-100');
    // 29 March 2026 is 23 hours long: at 12:00 local, 11 real hours have passed.
    expect(domain.balanceText(account, at('2026-03-29T12:00:00'))).toBe(
      `-${((100 * 11) / 23).toFixed(10).replace(/0+$/, '')}`,
    );
    const autumn = domainIn('Europe/London');
    autumn.domain.addRecurring(autumn.account, { amount: '100', every: 'day', from: '2026-10-25 00:00:00' });
    expect(autumn.domain.balanceText(autumn.account, at('2026-10-26T00:00:00'))).toBe('-100');
    expect(autumn.domain.balanceText(autumn.account, at('2026-10-25T12:00:00'))).toBe('-52');
  });

  it('a yearly charge over a leap year divides by 366 days', () => {
    const { domain, account, at } = domainIn('UTC');
    domain.addRecurring(account, { amount: '36600', every: 'year', from: '2024-01-01 00:00:00' });
    expect(domain.balanceText(account, at('2024-01-02T00:00:00'))).toBe('-100');
    expect(domain.balanceText(account, at('2025-01-01T00:00:00'))).toBe('-36600');
    // 36600 + 36600/365 = 36700.27397260273972...
    expect(domain.balanceText(account, at('2025-01-02T00:00:00'))).toBe('-36700.2739726027');
  });

  it('weeks start on Monday and a weekly charge spans whole weeks exactly', () => {
    const { domain, account, at } = domainIn('Europe/London');
    // Wednesday 4 March 2026 to Wednesday 1 April 2026: four weeks, one DST change inside.
    domain.addRecurring(account, { amount: '70', every: 'week', from: '2026-03-04 00:00:00' });
    expect(domain.balanceText(account, at('2026-04-01T00:00:00'))).toBe('-280');
    expect(domain.balanceText(account, at('2026-03-09T00:00:00'))).toBe('-50');
  });

  it('stops at the end date and charges nothing before the start', () => {
    const { domain, account, at } = domainIn('UTC');
    domain.addRecurring(account, { amount: '1000', every: 'month', from: '2026-01-01', until: '2026-03-01' });
    expect(domain.balanceText(account, at('2025-12-31T23:59:59'))).toBe('0');
    expect(domain.balanceText(account, at('2026-02-01T00:00:00'))).toBe('-1000');
    expect(domain.balanceText(account, at('2030-01-01T00:00:00'))).toBe('-2000');
  });

  it('answers past and future instants: entries count only once their instant has come', () => {
    const { domain, account, at } = domainIn('Europe/London');
    domain.addEntry(account, { at: '2026-01-01 09:00', amount: '1000', kind: 'topup' });
    domain.addEntry(account, { at: '2027-06-01 09:00', amount: '2500', kind: 'topup' });
    domain.addEntry(account, { at: '2026-02-01', amount: '12.5', kind: 'charge' });
    domain.addEntry(account, { at: '2026-02-02', amount: '3.25', kind: 'refund' });
    domain.addEntry(account, { at: '2026-02-03', amount: '-0.75', kind: 'adjustment' });
    expect(domain.balanceText(account, at('2026-01-01T08:59:59'))).toBe('0');
    expect(domain.balanceText(account, at('2026-01-01T09:00:00'))).toBe('1000');
    expect(domain.balanceText(account, at('2026-03-01T00:00:00'))).toBe('990');
    expect(domain.balanceText(account, at('2027-06-01T09:00:00'))).toBe('3490');
  });

  it('many fractional digits come out rounded to ten places, trailing zeros trimmed', () => {
    const { domain, account, at } = domainIn('UTC');
    domain.addEntry(account, { at: '2026-01-01', amount: '5000', kind: 'topup' });
    domain.addRecurring(account, { amount: '500', every: 'month', from: '2026-01-01' });
    // 5000 - 500 * 16/31 = 4741.935483870967...
    expect(domain.balanceText(account, at('2026-01-17T00:00:00'))).toBe('4741.935483871');
  });
});
