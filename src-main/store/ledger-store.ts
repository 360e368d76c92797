// Ledger rows: insert (one, or many in one transaction from an array, a callback or an async
// stream), replace, delete, list (all, or those of a kind or with a note that contains some
// words), look for rows like a new one, and the exact sum at an instant: from memory for the
// ledgers held there (ledger-memory.ts), through the index of ledger-index.ts for the others.
// Deletes and edits also log what they did to the sums, and new rows take ids never given
// before (ledger-changes.ts): how a held ledger follows every process's writes.
// Every write transaction takes the write lock before it reads (BEGIN IMMEDIATE): a deferred one
// that read first and then found another process's commit could only fail ("database is
// locked"), whereas waiting for the lock up front is what the busy timeout is for.
import type Database from 'better-sqlite3';
import { StoreError } from './database.ts';
import { GenerationCache } from './generation-cache.ts';
import type { StoreGeneration } from './generation.ts';
import { INSERT_BATCH_SQL, LedgerBulkInsert, type BulkStatements } from './ledger-bulk.ts';
import { indexInsertedEntry, MIN_INSTANT, sumBeforeLeaf, sumUpTo, unindexEntry } from './ledger-index.ts';
import { LedgerChanges, NEW_ENTRY_ID } from './ledger-changes.ts';
import { LedgerMemory } from './ledger-memory.ts';

import type { EntryFilter, EntryKind, LedgerCursor, LedgerMark, NewEntry, StoredEntry } from './ledger-types.ts';

/** Page cache of a bulk write, as PRAGMA cache_size (negative: KiB). */
const BULK_CACHE_KIB = -16_384;

interface EntryRow {
  id: number;
  at: number;
  kind: EntryKind;
  amount: string;
  units: string;
  note: string;
}

function filterArgs(f: EntryFilter): [string | null, string | null, string | null, string | null] {
  const kind = f.kind ?? null;
  const text = f.text ?? null;
  return [kind, kind, text, text];
}

function toEntry(row: EntryRow): StoredEntry {
  return { id: row.id, at: row.at, kind: row.kind, amount: row.amount, units: BigInt(row.units), note: row.note };
}

export class LedgerStore {
  readonly #db: Database.Database;
  readonly #generation: StoreGeneration;
  readonly #bulk: BulkStatements;
  readonly #byId: Database.Statement<[number, number], EntryRow>;
  readonly #delete: Database.Statement<[number]>;
  readonly #page: Database.Statement<[number, number, number], EntryRow>;
  readonly #count: Database.Statement<[number], { n: number }>;
  readonly #range: Database.Statement<[number, number, number, number], EntryRow>;
  readonly #rangeSums: Database.Statement<[number, number, number], [number, string]>;
  readonly #atMost: Database.Statement<[number, number], { n: number }>;
  readonly #allSums: Database.Statement<[number], [number, string]>;
  readonly #log: LedgerChanges;
  readonly #insertWithId: Database.Statement<[number, number, number, string, string, string, string]>;
  readonly #filteredPage: Database.Statement<
    [number, string | null, string | null, string | null, string | null, number, number],
    EntryRow
  >;
  readonly #filteredCount: Database.Statement<
    [number, string | null, string | null, string | null, string | null],
    { n: number }
  >;
  readonly #after: Database.Statement<
    [number, string | null, string | null, string | null, string | null, number, number, number],
    EntryRow
  >;
  readonly #lastAt: Database.Statement<[number], { at: number | null }>;
  readonly #firstAt: Database.Statement<[number], { at: number | null }>;
  readonly #charges: Database.Statement<[number, number, number], [number, string]>;
  readonly #lastId: Database.Statement<[], { id: number | null }>;
  readonly #sameCount: Database.Statement<[number, number, number, string, string, string], { n: number }>;

  /** Ledgers held in memory, kept up to date through the change log. */
  readonly #memory: LedgerMemory;
  /** Fenwick prefixes by account and leaf, for the current generation of the database. */
  readonly #prefixes: GenerationCache<bigint>;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    const current = (): number => generation.current();
    this.#prefixes = new GenerationCache(current);
    this.#bulk = {
      insert: db.prepare(`INSERT INTO ledger_entries (id, account_id, at, kind, amount, units, note, leaf_prefix)
        VALUES (${NEW_ENTRY_ID}, ?, ?, ?, ?, ?, ?, ?)`),
      insertBatch: db.prepare(INSERT_BATCH_SQL),
      leafHasRows: db.prepare(`SELECT 1 AS one FROM ledger_entries
        WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at < CAST(? AS INTEGER) LIMIT 1`),
      accountHasRows: db.prepare('SELECT 1 AS one FROM ledger_entries WHERE account_id = CAST(? AS INTEGER) LIMIT 1'),
    };
    // Integer arguments are CAST: see ledger-index.ts (otherwise SQLite plans them again per call).
    this.#byId = db.prepare(
      'SELECT id, at, kind, amount, units, note FROM ledger_entries WHERE account_id = CAST(? AS INTEGER) AND id = CAST(? AS INTEGER)',
    );
    this.#delete = db.prepare('DELETE FROM ledger_entries WHERE id = ?');
    this.#page = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`);
    this.#count = db.prepare('SELECT count(*) AS n FROM ledger_entries WHERE account_id = CAST(? AS INTEGER)');
    this.#range = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER) ORDER BY at, id LIMIT ?`);
    this.#rangeSums = db
      .prepare<[number, number, number], [number, string]>(
        `SELECT at, units FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER) ORDER BY at, id`,
      )
      .raw();
    this.#atMost = db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) LIMIT CAST(? AS INTEGER))`);
    this.#allSums = db
      .prepare<[number], [number, string]>(
        `SELECT at, units FROM ledger_entries
      WHERE account_id = CAST(? AS INTEGER) ORDER BY at`,
      )
      .raw();
    this.#insertWithId =
      db.prepare(`INSERT INTO ledger_entries (id, account_id, at, kind, amount, units, note, leaf_prefix)
      VALUES (?, ?, ?, ?, ?, ?, ?, '0')`);
    // A kind, and words of the note in any case (instr: no LIKE wildcards to escape).
    const filter = `account_id = CAST(? AS INTEGER) AND (? IS NULL OR kind = ?)
      AND (? IS NULL OR instr(lower(note), lower(?)) > 0)`;
    this.#filteredPage = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE ${filter} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`);
    this.#filteredCount = db.prepare(`SELECT count(*) AS n FROM ledger_entries WHERE ${filter}`);
    this.#after = db.prepare(`SELECT id, at, kind, amount, units, note FROM ledger_entries
      WHERE ${filter} AND (at, id) > (CAST(? AS INTEGER), CAST(? AS INTEGER)) ORDER BY at, id LIMIT ?`);
    this.#lastAt = db.prepare('SELECT max(at) AS at FROM ledger_entries WHERE account_id = CAST(? AS INTEGER)');
    this.#firstAt = db.prepare('SELECT min(at) AS at FROM ledger_entries WHERE account_id = CAST(? AS INTEGER)');
    this.#charges = db
      .prepare<[number, number, number], [number, string]>(
        `SELECT at, units FROM ledger_entries WHERE account_id = CAST(? AS INTEGER)
      AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER) AND kind = 'charge' ORDER BY at, id`,
      )
      .raw();
    // Over the whole table: a new row's id is above every id there (NEW_ENTRY_ID).
    this.#lastId = db.prepare('SELECT max(id) AS id FROM ledger_entries');
    this.#log = new LedgerChanges(db);
    this.#memory = new LedgerMemory(
      {
        db,
        log: this.#log,
        countAtMost: (accountId, limit) => this.#atMost.get(accountId, limit)?.n ?? 0,
        rows: (accountId) => this.#allSums.iterate(accountId),
      },
      current,
    );
    this.#sameCount = db.prepare(`SELECT count(*) AS n FROM ledger_entries WHERE account_id = CAST(? AS INTEGER)
      AND at = CAST(? AS INTEGER) AND id <= CAST(? AS INTEGER) AND kind = ? AND amount = ? AND note = ?`);
  }

  /** Runs a write and tells the generation, also when the write failed (it may have rolled back). */
  #write<T>(body: () => T, after?: () => void): T {
    try {
      return body();
    } finally {
      after?.();
      this.#generation.changed();
    }
  }

  add(accountId: number, entry: NewEntry): StoredEntry {
    return this.#write(() =>
      this.#db
        .transaction(() => {
          const id = Number(
            this.#bulk.insert.run(
              accountId,
              entry.at,
              entry.kind,
              entry.amount,
              entry.units.toString(),
              entry.note,
              '0',
            ).lastInsertRowid,
          );
          indexInsertedEntry(this.#db, accountId, id, entry.at, entry.units);
          return { id, ...entry };
        })
        .immediate(),
    );
  }

  /**
   * Inserts many entries in one transaction: all or nothing. Sorted by time first, so that in a
   * leaf that held no rows before each row's running sum is known as it is written.
   */
  addMany(accountId: number, entries: readonly NewEntry[], onProgress?: (done: number) => void): number {
    const sorted = [...entries].sort((a, b) => a.at - b.at);
    return this.addEach(
      accountId,
      (add) => {
        for (const e of sorted) add(e);
      },
      onProgress,
    );
  }

  /**
   * Inserts every entry `fill` hands to `add`, in one transaction: all or nothing (a throw from
   * `fill` leaves no row). Rows are written as they come, so memory does not grow with their number.
   */
  addEach(
    accountId: number,
    fill: (add: (entry: NewEntry) => void) => void,
    onProgress?: (done: number) => void,
  ): number {
    const restoreCache = this.#smallCache();
    return this.#write(() => {
      const count = this.#db
        .transaction(() => {
          const bulk = new LedgerBulkInsert(this.#db, accountId, this.#bulk);
          fill((e) => {
            bulk.add(e);
            if (onProgress && bulk.count % 10_000 === 0) onProgress(bulk.count);
          });
          return bulk.finish();
        })
        .immediate();
      onProgress?.(count);
      return count;
    }, restoreCache);
  }

  /**
   * A small page cache for a bulk write, until the returned function restores the usual one:
   * rows are appended in time order, so a few pages are all it touches, and the connection's
   * 64 MiB would only add to the peak memory of a big import (about 80 MB at a million rows).
   */
  #smallCache(): () => void {
    const before = this.#db.pragma('cache_size', { simple: true }) as number;
    this.#db.pragma(`cache_size = ${BULK_CACHE_KIB}`);
    return () => {
      this.#db.pragma(`cache_size = ${before}`);
    };
  }

  /**
   * Inserts every entry of an async stream of batches in one transaction: all or nothing,
   * memory flat.
   * The transaction stays open across the stream's awaits, so the connection must have no other
   * user meanwhile (the CLI's, or a worker thread's own): other connections see the whole import
   * at its commit or nothing; statements on this one would run inside it.
   */
  async addStream(
    accountId: number,
    batches: AsyncIterable<readonly NewEntry[]>,
    onProgress?: (done: number) => void,
  ): Promise<number> {
    if (this.#inTransaction()) throw new StoreError('another write is in progress on this connection');
    const restoreCache = this.#smallCache();
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      const bulk = new LedgerBulkInsert(this.#db, accountId, this.#bulk);
      let reported = 0;
      for await (const batch of batches) {
        for (const e of batch) bulk.add(e);
        if (onProgress && bulk.count - reported >= 10_000) {
          reported = bulk.count;
          onProgress(bulk.count);
        }
      }
      const count = bulk.finish();
      this.#db.exec('COMMIT');
      onProgress?.(count);
      return count;
    } catch (err) {
      // A failed COMMIT or a statement error may already have ended the transaction.
      if (this.#inTransaction()) this.#db.exec('ROLLBACK');
      throw err;
    } finally {
      restoreCache();
      this.#generation.changed();
    }
  }

  #inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  remove(accountId: number, id: number): boolean {
    return this.#write(() =>
      this.#db
        .transaction(() => {
          const row = this.#byId.get(accountId, id);
          if (!row) return false;
          this.#log.record(accountId, id, row.at, -BigInt(row.units));
          unindexEntry(this.#db, accountId, id, row.at, BigInt(row.units));
          this.#delete.run(id);
          return true;
        })
        .immediate(),
    );
  }

  /**
   * Puts `entry` in the place of entry `id`, keeping its id (the window's row stays where it
   * is): undefined when the account has no such entry.
   */
  replace(accountId: number, id: number, entry: NewEntry): StoredEntry | undefined {
    return this.#write(() =>
      this.#db
        .transaction(() => {
          const row = this.#byId.get(accountId, id);
          if (!row) return undefined;
          this.#log.record(accountId, id, row.at, -BigInt(row.units));
          this.#log.record(accountId, id, entry.at, entry.units);
          unindexEntry(this.#db, accountId, id, row.at, BigInt(row.units));
          this.#delete.run(id);
          this.#insertWithId.run(id, accountId, entry.at, entry.kind, entry.amount, entry.units.toString(), entry.note);
          indexInsertedEntry(this.#db, accountId, id, entry.at, entry.units);
          return { id, ...entry };
        })
        .immediate(),
    );
  }

  /** Newest first; with a filter, only the entries it lets through. */
  page(accountId: number, limit: number, offset = 0, filter: EntryFilter = {}): StoredEntry[] {
    if (filter.kind === undefined && filter.text === undefined)
      return this.#page.all(accountId, limit, offset).map(toEntry);
    return this.#filteredPage.all(accountId, ...filterArgs(filter), limit, offset).map(toEntry);
  }

  /**
   * Oldest first, the entries after `after` (in time, then id) that the filter lets through: a
   * walk through the whole ledger one page at a time, each page one index range (an OFFSET
   * would read every skipped row again).
   */
  pageAfter(
    accountId: number,
    after: LedgerCursor | undefined,
    limit: number,
    filter: EntryFilter = {},
  ): StoredEntry[] {
    return this.#after
      .all(accountId, ...filterArgs(filter), after?.at ?? MIN_INSTANT - 1, after?.id ?? 0, limit)
      .map(toEntry);
  }

  count(accountId: number, filter: EntryFilter = {}): number {
    if (filter.kind === undefined && filter.text === undefined) return this.#count.get(accountId)?.n ?? 0;
    return this.#filteredCount.get(accountId, ...filterArgs(filter))?.n ?? 0;
  }

  /**
   * Where the account's ledger ends now: its latest instant, and an id no later row will have
   * (undefined for an empty ledger). Rows written after it are the caller's own.
   */
  mark(accountId: number): LedgerMark | undefined {
    const lastAt = this.#lastAt.get(accountId)?.at ?? null;
    const lastId = this.#lastId.get()?.id ?? null;
    return lastAt === null || lastId === null ? undefined : { lastId, lastAt };
  }

  /** How many rows up to `mark` have the same instant, kind, amount and note as `entry`. */
  sameCount(accountId: number, entry: NewEntry, mark: LedgerMark): number {
    return this.#sameCount.get(accountId, entry.at, mark.lastId, entry.kind, entry.amount, entry.note)?.n ?? 0;
  }

  /** Entries with from <= at <= to, oldest first, at most `limit` of them. */
  between(accountId: number, from: number, to: number, limit = -1): StoredEntry[] {
    return this.#range.all(accountId, from, to, limit).map(toEntry);
  }

  /**
   * [at, units] of the entries with from <= at <= to, oldest first, read one row at a time (the
   * forecast walks a window of any size in flat memory). No write may run on this connection
   * until the iteration ends.
   */
  *effectsBetween(accountId: number, from: number, to: number): Generator<readonly [number, bigint]> {
    for (const [at, units] of this.#rangeSums.iterate(accountId, from, to)) yield [at, BigInt(units)];
  }

  /** The instant of the account's first entry (null: none). */
  firstAt(accountId: number): number | null {
    return this.#firstAt.get(accountId)?.at ?? null;
  }

  /** [at, units] of the entries of kind `charge` with from <= at <= to, oldest first (units negative). */
  chargesBetween(accountId: number, from: number, to: number): [number, string][] {
    return this.#charges.all(accountId, from, to);
  }

  /** Whether the account's ledger is held in memory now (tests, the bench). */
  held(accountId: number): boolean {
    return this.#memory.holds(accountId);
  }

  /** Distinct instants held in memory in all (about 16 bytes each). */
  get heldInstants(): number {
    return this.#memory.instants;
  }

  /** Lets go the ledgers held in memory but not asked about for a while (a timer does it too). */
  dropIdle(now?: number): void {
    this.#memory.dropIdle(now);
  }

  /** Exact sum (1e-10 pence) of the account's entries with `at <= t`. */
  sumUpTo(accountId: number, t: number): bigint {
    const held = this.#memory.sumUpTo(accountId, t);
    if (held !== undefined) return held;
    // Queries close in time share a leaf (about 68 minutes), so the leaf's Fenwick prefix is
    // kept until the database changes: a poll every second costs one index seek, not two queries.
    return sumUpTo(this.#db, accountId, t, (leaf) =>
      this.#prefixes.get(`${accountId}:${leaf}`, () => sumBeforeLeaf(this.#db, accountId, leaf)),
    );
  }
}
