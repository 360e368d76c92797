// The observations of connected accounts stay bounded (issue 26): a run of identical failures is
// one row with a count, messages are cut and inert, every row of the last 90 days is kept and
// older days keep one row each, and a database written before these rules is brought under them.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { databasePath, openStore, type NewObservation, type Store } from '../../src-main/store/index.ts';
import { LATEST_VERSION, migrations } from '../../src-main/store/migrations.ts';
import { IMPLAUSIBLE_BALANCE_MESSAGE } from '../../src-main/store/observations-bounds.ts';
import { MAX_PROVIDER_TEXT } from '../../src-shared/quote.ts';
import { tempDir } from '../helpers/service.ts';

const DAY = 86_400;
/** A fixed "now": 2026-11-22 10:35:00 UTC. */
const NOW = Date.UTC(2026, 10, 22, 10, 35) / 1000;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Rows stored for an account (a run of identical failures is one). */
function rows(store: Store, accountId: number): number {
  return (
    store.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM observations WHERE account_id = ?')
      .get(accountId)?.n ?? 0
  );
}

function fresh(): { store: Store; accountId: number } {
  const dir = tempDir();
  dirs.push(dir);
  const store = openStore(dir, { watch: false });
  stores.push(store);
  const accountId = store.accounts.createRemote('p', 'https://p.example/', Buffer.alloc(32, 1), 'hint', 0);
  return { store, accountId };
}

const ok = (accountId: number, at: number, balance = '100'): NewObservation => ({
  accountId,
  at,
  source: 'check',
  outcome: 'ok',
  balance,
  providerDatetime: '2026-11-22 10:35:00',
  settings: '{}',
  message: null,
});
const failed = (accountId: number, at: number, message = 'no answer', source: NewObservation['source'] = 'check') =>
  ({
    accountId,
    at,
    source,
    outcome: 'provider_unreachable',
    balance: null,
    providerDatetime: null,
    settings: null,
    message,
  }) satisfies NewObservation;

describe('runs of identical failures', () => {
  it('are one row with a count, dated by their first and latest failure', () => {
    const { store, accountId } = fresh();
    store.observations.add(ok(accountId, NOW - 3600));
    for (let i = 0; i < 50; i++) store.observations.add(failed(accountId, NOW - 3000 + i * 60));
    expect(rows(store, accountId)).toBe(2);
    expect(store.observations.count(accountId)).toBe(51);
    const run = store.observations.latest(accountId);
    expect(run).toMatchObject({
      outcome: 'provider_unreachable',
      count: 50,
      firstAt: NOW - 3000,
      at: NOW - 3000 + 49 * 60,
    });
    expect(store.observations.latestOk(accountId)?.at).toBe(NOW - 3600);
  });

  it('end at a different message, outcome or source, and at any good answer', () => {
    const { store, accountId } = fresh();
    const add = (o: NewObservation) => store.observations.add(o);
    add(failed(accountId, NOW));
    add(failed(accountId, NOW + 1, 'another reason'));
    add(failed(accountId, NOW + 2, 'another reason', 'request'));
    add({ ...failed(accountId, NOW + 3, 'another reason', 'request'), outcome: 'provider_timeout' });
    add(ok(accountId, NOW + 4));
    add(ok(accountId, NOW + 5));
    add(failed(accountId, NOW + 6));
    expect(rows(store, accountId)).toBe(7);
    expect(store.observations.latest(accountId)?.count).toBe(1);
  });
});

describe('messages', () => {
  it('are cut to a few hundred characters and stripped of control characters when stored', () => {
    const { store, accountId } = fresh();
    const stored = store.observations.add(failed(accountId, NOW, `<${'x'.repeat(900_000)}>\u001b[2J\u001b]0;t\u0007`));
    const row = store.observations.latest(accountId);
    expect(row?.message).toBe(stored.message);
    expect(row?.message?.length).toBeLessThanOrEqual(MAX_PROVIDER_TEXT);
    expect(store.observations.add(failed(accountId, NOW + 1, 'a\u001b[31mb')).message).toBe('a [31mb');
    expect(store.observations.latest(accountId)?.message).not.toMatch(CONTROL);
  });

  it('20 alternations of a good answer and a failure quoting 900 KB grow the database by a few pages, not megabytes', () => {
    const { store, accountId } = fresh();
    const size = () =>
      (store.db.pragma('page_count', { simple: true }) as number) *
      (store.db.pragma('page_size', { simple: true }) as number);
    const before = size();
    const name = Buffer.alloc(900_000, 'n').toString('latin1');
    for (let i = 0; i < 20; i++) {
      store.observations.add(ok(accountId, NOW + i * 2));
      store.observations.add(failed(accountId, NOW + i * 2 + 1, `unexpected element <${i}${name}>`));
    }
    expect(size() - before).toBeLessThan(64 * 1024);
  });
});

describe('pruning', () => {
  it('keeps every row of the last 90 days and one a day before, preferring the day’s last reading', () => {
    const { store, accountId } = fresh();
    const start = NOW - 200 * DAY;
    for (let day = 0; day < 200; day++) {
      const midnight = Math.floor((start + day * DAY) / DAY) * DAY;
      store.observations.add(ok(accountId, midnight + 3600, String(day)));
      store.observations.add(ok(accountId, midnight + 7200, `${day}.5`));
      // A failure after the day's readings: the reading is what stays.
      store.observations.add(failed(accountId, midnight + 10_800, `day ${day}`));
    }
    // Pruning runs at most once a day: a day later it surely has.
    store.observations.add(ok(accountId, NOW + DAY));
    const cutoff = Math.floor((NOW + DAY - 90 * DAY) / DAY) * DAY;
    const rows = store.db
      .prepare<[number], { at: number; balance: string | null }>(
        'SELECT at, balance FROM observations WHERE account_id = ? ORDER BY at',
      )
      .all(accountId);
    const old = rows.filter((r) => r.at < cutoff);
    const recent = rows.filter((r) => r.at >= cutoff && r.at < NOW + DAY);
    const oldDays = new Set(old.map((r) => Math.floor(r.at / DAY)));
    expect(old.length).toBe(oldDays.size);
    expect(old.every((r) => r.balance?.endsWith('.5') === true)).toBe(true);
    // Every row of the last 90 days is still there: three a day.
    const recentDays = new Set(recent.map((r) => Math.floor(r.at / DAY)));
    expect(recent.length).toBe(recentDays.size * 3);
    expect(store.observations.readings(accountId, 0, NOW).length).toBe(oldDays.size + recentDays.size * 2);
    expect(oldDays.size).toBeGreaterThan(100);
  });

  it('a day with failures only keeps its last failure', () => {
    const { store, accountId } = fresh();
    const day = Math.floor((NOW - 120 * DAY) / DAY) * DAY;
    store.observations.add(failed(accountId, day + 10, 'first'));
    store.observations.add(failed(accountId, day + 20, 'second'));
    store.observations.add(ok(accountId, NOW));
    const left = store.db
      .prepare<[number, number], { message: string | null }>(
        'SELECT message FROM observations WHERE account_id = ? AND at < ?',
      )
      .all(accountId, day + DAY);
    expect(left).toEqual([{ message: 'second' }]);
  });
});

describe('migration 5', () => {
  it('brings observations stored before these rules under them, losing nothing else', () => {
    const dir = tempDir();
    dirs.push(dir);
    const old = new Database(databasePath(dir));
    for (const m of migrations.filter((x) => x.version <= 3)) m.up(old);
    old.pragma('user_version = 3');
    old.prepare("INSERT INTO accounts (id, name, created_at, kind) VALUES (1, 'p', 0, 'remote')").run();
    const insert = old.prepare(
      'INSERT INTO observations (account_id, at, source, outcome, balance, provider_datetime, settings, message) VALUES (1, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run(NOW - 30, 'check', 'ok', '4983.87', '2026-11-22 10:34:30', '{"a":1}', null);
    insert.run(NOW - 20, 'check', 'ok', `1${'0'.repeat(400)}`, '2026-11-22 10:34:40', '{"a":2}', null);
    insert.run(NOW - 10, 'check', 'provider_bad_answer', null, null, null, `unexpected <${'x'.repeat(900_000)}>`);
    insert.run(NOW, 'request', 'ok', `1.${'3'.repeat(100_000)}`, '2026-11-22 10:35:00', null, null);
    insert.run(NOW + 10, 'check', 'provider_bad_answer', null, null, null, 'escape \u001b]0;pwned\u0007 here');
    old.close();

    const store = openStore(dir, { watch: false });
    stores.push(store);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    const rows = store.db
      .prepare<[], { outcome: string; balance: string | null; settings: string | null; message: string | null }>(
        'SELECT outcome, balance, settings, message FROM observations ORDER BY at',
      )
      .all();
    expect(rows.map((r) => r.outcome)).toEqual([
      'ok',
      'provider_bad_answer',
      'provider_bad_answer',
      'provider_bad_answer',
      'provider_bad_answer',
    ]);
    expect(rows[0]).toMatchObject({ balance: '4983.87', settings: '{"a":1}', message: null });
    expect(rows[1]).toMatchObject({ balance: null, settings: '{"a":2}', message: IMPLAUSIBLE_BALANCE_MESSAGE });
    expect(rows[2]?.message?.length).toBeLessThanOrEqual(MAX_PROVIDER_TEXT);
    expect(rows[3]?.balance).toBeNull();
    expect(rows[4]?.message).toBe('escape  ]0;pwned  here');
    expect(store.observations.latestReading(1)?.balance).toBe('4983.87');
    expect(store.observations.latest(1)).toMatchObject({ count: 1, firstAt: NOW + 10 });
  });
});
