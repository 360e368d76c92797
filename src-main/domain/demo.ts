// A realistic demo account: a year of history with top-ups, two recurring hosting charges, a
// one-off charge, a refund, a future-dated top-up, a warning level, a monthly summary and alerts.
import type { AccountDomain } from './account-domain.ts';
import { makeEntry } from './ledger.ts';

const DAY = 86_400;

/** Made in one transaction: all of it or nothing (a write refused as busy can simply be tried again). */
export function createDemoAccount(
  domain: AccountDomain,
  name = 'Demo hosting account',
): { accountId: number; key: string } {
  return domain.store.transaction(() => fillDemoAccount(domain, name));
}

function fillDemoAccount(domain: AccountDomain, name: string): { accountId: number; key: string } {
  const created = domain.createAccount(name);
  const { accountId } = created;
  const now = domain.nowSeconds();
  // Whole days back from today's 09:00 UTC-ish, so entries sit at plausible times of day.
  const day = (offset: number, hour = 9): number => Math.floor(now / DAY) * DAY + offset * DAY + hour * 3600;
  const topups = [-365, -305, -245, -185, -125, -65, -5].map((d, i) =>
    makeEntry(day(d), i === 0 ? '7500' : '4000', 'topup', 'Card top-up'),
  );
  domain.store.ledger.addMany(accountId, [
    ...topups,
    makeEntry(day(-200, 14), '1299', 'charge', 'Domain renewal'),
    makeEntry(day(-190, 11), '250', 'refund', 'Refund: unused add-on'),
    makeEntry(day(-90, 16), '-150', 'adjustment', 'Rounding correction'),
    makeEntry(day(60), '5000', 'topup', 'Scheduled top-up'),
  ]);
  domain.addRecurring(accountId, { amount: '1000', every: 'month', from: day(-365, 0), note: 'Web hosting' });
  domain.addRecurring(accountId, { amount: '35', every: 'day', from: day(-365, 0), note: 'Backups and mail' });
  domain.updateSettings(accountId, {
    warningEnabled: true,
    warningLevel: 2000,
    summary: ['monthly'],
    disk: [80, 90],
    bandwidth: [90],
  });
  return created;
}
