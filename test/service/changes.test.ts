// Live updates: GET /app/changes answers as soon as the data changes, whoever changed it, and
// otherwise after its wait; waiters are capped and the timer runs only while someone waits.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src-main/store/index.ts';
import { AccountDomain } from '../../src-main/domain/account-domain.ts';
import { ChangeFeed, MAX_WAITERS } from '../../src-main/service/change-feed.ts';
import { startService, type TestService } from '../helpers/service.ts';

let svc: TestService;
const auth = { Authorization: 'Bearer test-token-0123456789' };

beforeEach(async () => {
  svc = await startService();
});
afterEach(async () => {
  await svc.close();
});

async function changes(since?: number): Promise<{ status: number; generation: number }> {
  const res = await fetch(`${svc.base}/app/changes${since === undefined ? '' : `?since=${since}`}`, { headers: auth });
  const body = (await res.json()) as { generation: number };
  return { status: res.status, generation: body.generation };
}

describe('GET /app/changes', () => {
  it('answers at once for an old generation, and when another process writes while it waits', async () => {
    const { accountId } = svc.app.domain.createAccount('live');
    const now = svc.app.domain.nowSeconds();
    const first = await changes();
    expect(first.status).toBe(200);
    expect((await changes(first.generation - 1)).generation).toBe(first.generation);
    const waiting = changes(first.generation);
    // Another connection to the same data folder, as the CLI has.
    const other = openStore(svc.dataDir, { watch: false });
    try {
      new AccountDomain({ store: other, timeZone: 'Europe/London', clock: () => now * 1000 }).addEntry(accountId, {
        at: now,
        amount: '1000',
      });
    } finally {
      other.close();
    }
    const answered = await waiting;
    expect(answered.generation).not.toBe(first.generation);
    expect(svc.app.domain.balanceText(accountId, now + 60)).toBe('1000');
  });

  it('refuses a since that is not a whole number', async () => {
    const res = await fetch(`${svc.base}/app/changes?since=abc`, { headers: auth });
    expect(res.status).toBe(400);
  });

  it('needs the access token like every app route', async () => {
    expect((await fetch(`${svc.base}/app/changes`)).status).toBe(401);
  });
});

describe('ChangeFeed', () => {
  it('answers with the same generation after its wait, caps its waiters, and listens only while someone waits', async () => {
    let generation = 7;
    const listeners = new Set<() => void>();
    const tell = (): void => {
      for (const l of listeners) l();
    };
    const feed = new ChangeFeed(
      () => generation,
      (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    );
    expect(await feed.wait(7, 20)).toBe(7);
    expect(feed.waiting).toBe(0);
    const many = Array.from({ length: MAX_WAITERS }, () => feed.wait(7, 60_000));
    expect(feed.waiting).toBe(MAX_WAITERS);
    await expect(feed.wait(7, 60_000)).rejects.toMatchObject({ status: 429, code: 'too_many_waiting' });
    expect(listeners.size).toBe(1);
    generation = 8;
    tell();
    expect(await Promise.all(many)).toEqual(many.map(() => 8));
    expect(feed.waiting).toBe(0);
    expect(listeners.size).toBe(0);
    const last = feed.wait(8, 60_000);
    feed.close();
    expect(await last).toBe(8);
    // Closed (the store with it): answered at once, nothing read.
    generation = 9;
    expect(await feed.wait(8, 60_000)).toBe(8);
  });
});
