// A write from the window that meets another writer's lock (an import, the CLI) waits without
// blocking the service: other requests are answered meanwhile, and the write goes through once
// the lock is free. A write that can never get the lock says so (503 store_busy), and so do a
// full disk and a read-only folder, each by its own code.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenNotBusy } from '../../src-main/service/app/busy-retry.ts';
import { mapError } from '../../src-main/service/errors.ts';
import { databasePath } from '../../src-main/store/index.ts';
import { accountInWindow, startService, type TestService } from '../helpers/service.ts';

const TOKEN = 'busy-token-0123456789';
let svc: TestService;
let key: string;
let accountId: number;
/** The account in the app API (`/app/accounts/ID`). */
let A: string;

beforeAll(async () => {
  svc = await startService({ token: TOKEN });
  ({ key, accountId, path: A } = await accountInWindow(svc.app, 'busy'));
});
afterAll(async () => {
  await svc.close();
});

/** Another connection (as another process would have) holding the write lock until released. */
function holdWriteLock(): { release: () => void } {
  const other = new Database(databasePath(svc.dataDir));
  other.exec('BEGIN IMMEDIATE');
  return {
    release: () => {
      other.exec('COMMIT');
      other.close();
    },
  };
}

const addEntry = (): Promise<Response> =>
  fetch(`${svc.base}${A}/ledger`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ at: '2026-01-01', amount: '125' }),
  });

describe('writes that meet another writer', () => {
  it('wait without blocking: reads are answered meanwhile, and the write lands once the lock is free', async () => {
    const before = svc.app.domain.listEntries(accountId, 1, 0).total;
    const lock = holdWriteLock();
    const write = addEntry();
    // While the write waits, the service keeps answering (over the same event loop as this test).
    let answered = 0;
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${svc.base}/account/get_balance/?key=${key}`);
      if (r.status === 200) answered += 1;
    }
    expect(answered).toBe(5);
    expect(svc.app.domain.listEntries(accountId, 1, 0).total).toBe(before);
    lock.release();
    const res = await write;
    expect(res.status, await res.clone().text()).toBe(201);
    expect(svc.app.domain.listEntries(accountId, 1, 0).total).toBe(before + 1);
  });

  it('give up after their patience with 503 store_busy, a Retry-After and nothing changed', async () => {
    const lock = holdWriteLock();
    try {
      const before = svc.app.domain.listEntries(accountId, 1, 0).total;
      const err = await whenNotBusy(
        () => svc.app.domain.addEntry(accountId, { at: '2026-01-02', amount: '1' }),
        200,
      ).catch((e: unknown) => e);
      const mapped = mapError(err, () => undefined);
      expect(mapped).toMatchObject({ status: 503, code: 'store_busy', headers: { 'Retry-After': '2' } });
      expect(mapped.message).toContain('another program is writing');
      expect(svc.app.domain.listEntries(accountId, 1, 0).total).toBe(before);
    } finally {
      lock.release();
    }
  });
});

describe('a store that cannot write says why', () => {
  const failure = (code: string): Error =>
    Object.assign(new Error(`sqlite says ${code}`), { name: 'SqliteError', code });

  it.each([
    ['SQLITE_FULL', 507, 'disk_full', 'disk that holds the data folder is full'],
    ['SQLITE_READONLY', 503, 'read_only', 'read-only'],
    ['SQLITE_READONLY_DIRECTORY', 503, 'read_only', 'read-only'],
    ['SQLITE_BUSY', 503, 'store_busy', 'busy'],
    ['SQLITE_LOCKED', 503, 'store_busy', 'busy'],
    ['SQLITE_IOERR_WRITE', 503, 'store_unavailable', 'could not be read or written'],
  ])('%s is %i %s, never internal_error', (code, status, name, words) => {
    const mapped = mapError(failure(code), () => undefined);
    expect(mapped).toMatchObject({ status, code: name });
    expect(mapped.message).toContain(words);
  });
});
