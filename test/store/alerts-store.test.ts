// The alerts table's pruning rule: an account keeps its newest 500 alerts; a read alert goes
// after 90 days; an unread one is never pruned by age.
import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_ALERTS_PER_ACCOUNT,
  openStore,
  READ_ALERT_DAYS,
  type NewAlert,
  type Store,
} from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/service.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = tempDir('am-alerts-');
  store = openStore(dir);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400;
function alert(accountId: number, at: number): NewAlert {
  return {
    accountId,
    accountName: `Account ${accountId}`,
    at,
    kind: 'low',
    severity: 'warning',
    urgent: false,
    title: 'Balance is low',
    body: 'Your balance is £10.00.',
    balance: '1000',
    level: 2000,
    delivery: 'pushed',
  };
}

describe('alerts', () => {
  it(`keep an account's newest ${MAX_ALERTS_PER_ACCOUNT}, another account's untouched`, () => {
    const a = store.accounts.create('A', Buffer.alloc(32, 1), 'a', 0);
    const b = store.accounts.create('B', Buffer.alloc(32, 2), 'b', 0);
    store.alerts.add(alert(b, 1));
    for (let i = 0; i < MAX_ALERTS_PER_ACCOUNT + 2; i++) store.alerts.add(alert(a, 10 + i));
    const all = store.alerts.page(10_000);
    expect(all.filter((r) => r.accountId === a)).toHaveLength(MAX_ALERTS_PER_ACCOUNT);
    expect(all.filter((r) => r.accountId === a).at(-1)?.at).toBe(12);
    expect(all.filter((r) => r.accountId === b)).toHaveLength(1);
  });

  it(`drop a read alert ${READ_ALERT_DAYS} days on, never an unread one`, () => {
    const a = store.accounts.create('A', Buffer.alloc(32, 1), 'a', 0);
    const read = store.alerts.add(alert(a, 1000));
    store.alerts.add(alert(a, 1001));
    store.alerts.markRead({ ids: [read.id] }, 2000);
    store.alerts.add(alert(a, 1000 + READ_ALERT_DAYS * DAY + 1));
    expect(store.alerts.page(10).map((r) => r.at)).toEqual([1000 + READ_ALERT_DAYS * DAY + 1, 1001]);
    expect(store.alerts.unreadCount()).toBe(2);
  });
});
