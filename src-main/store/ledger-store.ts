// Ledger rows: insert (one or many, each call one transaction), delete, list, and the exact
// sum at an instant through the index in ledger-index.ts.
import type Database from 'better-sqlite3';
import { GenerationCache } from './generation-cache.ts';
import { addToLeaves, indexInsertedEntry, LEAF_SECONDS, leafOf, leafStart, recomputeLeaves, sumBeforeLeaf, sumUpTo, unindexEntry } from './ledger-index.ts';

export type EntryKind = 'topup' | 'refund' | 'charge' | 'adjustment';

export interface NewEntry {
  at: number;
  kind: EntryKind;
  /** The amount as written (canonical decimal, pence). */
  amount: string;
  /** Signed effect on the balance, 1e-10 pence. */
  units: bigint;
  note: string;
}

export interface StoredEntry {
  id: number;
  at: number;
  kind: EntryKind;
  amount: string;
  units: bigint;
  note: string;
}

interface EntryRow { id: number; at: number; kind: EntryKind; amount: string; units: string; note: string }

function toEntry(row: EntryRow): StoredEntry {
  return { id: row.id, at: row.at, kind: row.kind, amount: row.amount, units: BigInt(row.units), note: row.note };
}

export class LedgerStore {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement<[number, number, string, string, string, string, string]>;
  readonly #byId: Database.Statement<[number, number], EntryRow>;
  readonly #delete: Database.Statement<[number]>;
  readonly #page: Database.Statement<[number, number, number], EntryRow>;
  readonly #count: Database.Statement<[number], { n: number }>;
  readonly #range: Database.Statement<[number, number, number], EntryRow>;
  readonly #leafHasRows: Database.Statement<[number, number, number], { one: number }>;

  /** Fenwick prefixes by account and leaf, for the current generation of the database. */
  readonly #prefixes: GenerationCache<bigint>;

  /** `generation` changes whenever the database may have changed (see Store.generation). */
  constructor(db: Database.Database, generation: () => string) {
    this.#db = db;
    this.#prefixes = new GenerationCache(generation);
    this.#insert = db.prepare(`INSERT INTO ledger_entries (account_id, at, kind, amount, units, note, leaf_prefix)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.#byId = db.prepare('SELECT id, at, kind, amount, units, note FROM ledger_entries WHERE account_id = ? AND id = ?');
    this.#delete = db.prepare('DELETE FROM ledger_entries WHERE id = ?');
    this.#page = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE account_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`);
    this.#count = db.prepare('SELECT count(*) AS n FROM ledger_entries WHERE account_id = ?');
    this.#range = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE account_id = ? AND at >= ? AND at <= ? ORDER BY at, id`);
    this.#leafHasRows = db.prepare(`SELECT 1 AS one FROM ledger_entries
      WHERE account_id = ? AND at >= ? AND at < ? LIMIT 1`);
  }

  add(accountId: number, entry: NewEntry): StoredEntry {
    return this.#db.transaction(() => {
      const id = Number(this.#insert.run(accountId, entry.at, entry.kind, entry.amount, entry.units.toString(), entry.note, '0').lastInsertRowid);
      indexInsertedEntry(this.#db, accountId, id, entry.at, entry.units);
      return { id, ...entry };
    })();
  }

  /**
   * Inserts many entries in one transaction: all or nothing. In time order, so that in a leaf
   * that held no rows before, each row's running sum is known as it is written; leaves that
   * already held rows are recomputed whole afterwards.
   */
  addMany(accountId: number, entries: readonly NewEntry[], onProgress?: (done: number) => void): number {
    const sorted = [...entries].sort((a, b) => a.at - b.at);
    this.#db.transaction(() => {
      const leafDeltas = new Map<number, bigint>();
      const occupied = new Set<number>();
      for (const e of sorted) {
        const leaf = leafOf(e.at);
        if (leafDeltas.has(leaf)) continue;
        leafDeltas.set(leaf, 0n);
        if (this.#leafHasRows.get(accountId, leafStart(leaf), leafStart(leaf) + LEAF_SECONDS)) occupied.add(leaf);
      }
      let done = 0;
      for (const e of sorted) {
        const leaf = leafOf(e.at);
        const running = (leafDeltas.get(leaf) ?? 0n) + e.units;
        leafDeltas.set(leaf, running);
        const prefix = occupied.has(leaf) ? '0' : running.toString();
        this.#insert.run(accountId, e.at, e.kind, e.amount, e.units.toString(), e.note, prefix);
        done += 1;
        if (onProgress && done % 10_000 === 0) onProgress(done);
      }
      recomputeLeaves(this.#db, accountId, occupied);
      addToLeaves(this.#db, accountId, leafDeltas);
    })();
    onProgress?.(sorted.length);
    return sorted.length;
  }

  remove(accountId: number, id: number): boolean {
    return this.#db.transaction(() => {
      const row = this.#byId.get(accountId, id);
      if (!row) return false;
      unindexEntry(this.#db, accountId, id, row.at, BigInt(row.units));
      this.#delete.run(id);
      return true;
    })();
  }

  /** Newest first. */
  page(accountId: number, limit: number, offset = 0): StoredEntry[] {
    return this.#page.all(accountId, limit, offset).map(toEntry);
  }

  count(accountId: number): number {
    return this.#count.get(accountId)?.n ?? 0;
  }

  /** Entries with from <= at <= to, oldest first. */
  between(accountId: number, from: number, to: number): StoredEntry[] {
    return this.#range.all(accountId, from, to).map(toEntry);
  }

  /**
   * Queries close in time share a leaf (about 68 minutes), so the leaf's Fenwick prefix is kept
   * until the database changes: a poll every second costs one index seek, not two queries.
   */
  sumUpTo(accountId: number, t: number): bigint {
    return sumUpTo(this.#db, accountId, t, (leaf) => this.#prefixes.get(`${accountId}:${leaf}`, () => sumBeforeLeaf(this.#db, accountId, leaf)));
  }

}
