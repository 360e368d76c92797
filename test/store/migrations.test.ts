// A database written by schema 1 (before the balance index) opens, migrates and answers the same.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { rmSync, writeFileSync } from 'node:fs';
import { databasePath, openStore, StoreError } from '../../src-main/store/index.ts';
import { LATEST_VERSION, migrations } from '../../src-main/store/migrations.ts';
import { tempDir } from '../helpers/service.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('migrations', () => {
  it('upgrades a schema-1 database and backfills the balance index', () => {
    const dir = tempDir();
    dirs.push(dir);
    const old = new Database(databasePath(dir));
    migrations[0]?.up(old);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO accounts (id, name, created_at) VALUES (1, 'old', 0)").run();
    const insert = old.prepare(
      "INSERT INTO ledger_entries (account_id, at, kind, amount, units, note) VALUES (1, ?, 'topup', ?, ?, '')",
    );
    for (let i = 0; i < 50; i++) insert.run(1000 + i * 3000, String(i), String(BigInt(i) * 10n ** 10n));
    old.close();

    const store = openStore(dir);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    for (const t of [0, 1000, 7000, 100_000, 10 ** 9]) {
      const expected = Array.from({ length: 50 }, (_, i) => i)
        .filter((i) => 1000 + i * 3000 <= t)
        .reduce((a, i) => a + BigInt(i) * 10n ** 10n, 0n);
      expect(store.ledger.sumUpTo(1, t)).toBe(expected);
    }
    store.close();
  });

  it('upgrades a schema-2 database: accounts are local, each with its own keychain reference', () => {
    const dir = tempDir();
    dirs.push(dir);
    const old = new Database(databasePath(dir));
    for (const m of migrations.filter((x) => x.version <= 2)) m.up(old);
    old.pragma('user_version = 2');
    for (let i = 1; i <= 3; i++) old.prepare("INSERT INTO accounts (id, name, created_at) VALUES (?, 'old', 0)").run(i);
    old.close();
    const store = openStore(dir);
    const rows = store.accounts.live();
    expect(rows.map((r) => [r.kind, r.base_url, r.key_kept, r.disconnected_at])).toEqual([
      ['local', null, 0, null],
      ['local', null, 0, null],
      ['local', null, 0, null],
    ]);
    expect(new Set(rows.map((r) => r.vault_ref)).size).toBe(3);
    expect(rows.every((r) => /^[0-9a-f]{32}$/.test(r.vault_ref))).toBe(true);
    expect(store.observations.count(1)).toBe(0);
    store.close();
  });

  it('refuses a database from a newer version without touching it', () => {
    const dir = tempDir();
    dirs.push(dir);
    const db = new Database(databasePath(dir));
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    expect(() => openStore(dir)).toThrow(/newer Account Monitor/);
  });

  it('refuses a file that is not a database and leaves it as it was', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(databasePath(dir), "this is not sqlite, but it is somebody's file".repeat(200));
    expect(() => openStore(dir)).toThrow(StoreError);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(databasePath(dir), 'utf8')).toContain('this is not sqlite');
  });
});
