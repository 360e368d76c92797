// The forecast's tables (migration 4): projections count only in their account's current epoch,
// an answer asked before a disagreement never replaces or outlives it, and a check's comparison
// goes when its observation goes. A schema-3 database upgrades with its observations kept.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { databasePath, openStore } from '../../src-main/store/index.ts';
import { migrations } from '../../src-main/store/migrations.ts';
import { tempDir } from '../helpers/service.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const fresh = (): string => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};
const p = (at: number, balance: string) => ({ at, balance, datetime: '2031-05-01 00:00:00' });

describe('projections', () => {
  it('count in the current epoch only; a late answer from an older epoch is never read', () => {
    const store = openStore(fresh());
    const id = store.accounts.createRemote('At the provider', 'https://p.example/', Buffer.alloc(32, 1), 'k…', 0);
    expect(store.projections.epoch(id)).toBe(0);
    store.projections.put(id, 0, [p(100, '10'), p(200, '9')]);
    expect(store.projections.between(id, 0, 1000).map((r) => r.balance)).toEqual(['10', '9']);
    const next = store.projections.renew(id);
    expect(next).toBe(1);
    expect(store.projections.between(id, 0, 1000)).toEqual([]);
    store.projections.put(id, 1, [p(100, '8')]);
    // Asked before the disagreement, written after it: ignored, and it does not replace the new answer.
    store.projections.put(id, 0, [p(100, '10'), p(300, '7')]);
    expect(store.projections.between(id, 0, 1000).map((r) => [r.at, r.balance])).toEqual([[100, '8']]);
    store.projections.prune(id, 150);
    expect(store.projections.between(id, 0, 1000)).toEqual([]);
    store.close();
  });
});

describe('check comparisons', () => {
  it('go with their observation, and a schema-3 database upgrades keeping its observations', () => {
    const dir = fresh();
    const old = new Database(databasePath(dir));
    for (const m of migrations.filter((x) => x.version <= 3)) m.up(old);
    old.pragma('user_version = 3');
    old
      .prepare("INSERT INTO accounts (id, name, created_at, kind, vault_ref) VALUES (1, 'p', 0, 'remote', 'ref')")
      .run();
    old
      .prepare(
        "INSERT INTO observations (account_id, at, source, outcome, balance, provider_datetime) VALUES (1, 10, 'check', 'ok', '5', '2031-05-01 00:00:00')",
      )
      .run();
    old.close();
    const store = openStore(dir);
    const o = store.observations.latest(1);
    expect(o).toMatchObject({ balance: '5' });
    store.comparisons.add({
      observationId: o?.id ?? 0,
      accountId: 1,
      providerAt: 20,
      comparedAt: 86_400,
      projected: '4',
      reported: '3',
      since: 0,
      surprise: 'unexpected_charge',
    });
    expect(store.comparisons.surprises(1, 0, 100)).toHaveLength(1);
    expect(store.comparisons.threshold(1)).toBe(100);
    store.db.prepare('DELETE FROM observations WHERE id = ?').run(o?.id);
    expect(store.comparisons.surprises(1, 0, 100)).toEqual([]);
    expect(store.comparisons.forObservation(o?.id ?? 0)).toBeUndefined();
    store.close();
  });
});
