// What a ledger held in memory (ledger-memory.ts) reads to catch up with every process's writes
// since it was loaded, instead of loading the whole ledger again:
// - new entries are the rows with an id above the highest it has seen: an entry's id is given
//   above every id the ledger ever had (NEW_ENTRY_ID), so no new row hides under an old id;
// - deletes and edits, which change rows it has seen, are logged (table ledger_changes) as what
//   they did to the sums, [entry id, at, +/-units], in the write's own transaction.
// An insert, the common write, so writes nothing more than before: one more page in the WAL per
// insert would bring its checkpoint (a pause of several milliseconds) about a tenth sooner. The
// log keeps at least the last LOG_KEEP rows; a reader that fell further behind, or that finds
// more than NEW_ROWS_READ new rows (a big import), loads the ledger again.
import type Database from 'better-sqlite3';

/** Rows the log keeps at least (a few hundred KB). */
export const LOG_KEEP = 8192;
/** The log is pruned when a row's point is a multiple of this. */
const PRUNE_EVERY = 256;
/** New rows read to catch up; more than this and the ledger is loaded again. */
export const NEW_ROWS_READ = 4096;

/**
 * The id of a new entry (SQL): above every row's and above every id the log has seen, so an id
 * is never given twice even when the highest row was deleted (SQLite's own rule reuses it).
 */
export const NEW_ENTRY_ID = `max(coalesce((SELECT max(id) FROM ledger_entries), 0),
  coalesce((SELECT high_id FROM ledger_changes ORDER BY seq DESC LIMIT 1), 0)) + 1`;

/** Where a reader stands: the log's point and the highest entry id it has seen. */
export interface LogPoint {
  seq: number;
  id: number;
}

/** What happened to an account's ledger since a point. */
export interface ChangesSince {
  /** [at, units] to add to the sums, in no particular order; empty when nothing changed. */
  changes: [number, bigint][];
  /** Too much happened, or the log no longer reaches back to the point: load again. */
  whole: boolean;
  /** The point this answer reaches (the next call's `since`). */
  upTo: LogPoint;
}

type LoggedRow = [entryId: number, at: number, units: string];
type NewRow = [id: number, accountId: number, at: number, units: string];

export class LedgerChanges {
  readonly #db: Database.Database;
  readonly #add: Database.Statement<[number, number, number, string, number]>;
  readonly #prune: Database.Statement<[number | bigint]>;
  readonly #ends: Database.Statement<[], [oldest: number | null, newest: number | null]>;
  readonly #logged: Database.Statement<[number, number], LoggedRow>;
  readonly #newRows: Database.Statement<[number, number], NewRow>;
  readonly #lastId: Database.Statement<[], number | null>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#add = db.prepare(`INSERT INTO ledger_changes (account_id, entry_id, at, units, high_id) VALUES (?, ?, ?, ?,
      max(?, coalesce((SELECT high_id FROM ledger_changes ORDER BY seq DESC LIMIT 1), 0)))`);
    this.#prune = db.prepare('DELETE FROM ledger_changes WHERE seq <= CAST(? AS INTEGER)');
    // Each end its own subquery, one seek on the rowid (min and max together would scan).
    this.#ends = db
      .prepare<[], [number | null, number | null]>(
        'SELECT (SELECT min(seq) FROM ledger_changes), (SELECT max(seq) FROM ledger_changes)',
      )
      .raw();
    this.#logged = db
      .prepare<[number, number], LoggedRow>(
        `SELECT entry_id, at, units FROM ledger_changes WHERE seq > CAST(? AS INTEGER) AND account_id = CAST(? AS INTEGER)`,
      )
      .raw();
    this.#newRows = db
      .prepare<[number, number], NewRow>(
        `SELECT id, account_id, at, units FROM ledger_entries WHERE id > CAST(? AS INTEGER) ORDER BY id LIMIT CAST(? AS INTEGER)`,
      )
      .raw();
    this.#lastId = db.prepare<[], number | null>('SELECT max(id) FROM ledger_entries').pluck();
  }

  /**
   * Logs that entry `entryId` (deleted, or edited: once for what it was, once for what it is)
   * changed the account's sums by `units` from `at` on. Inside the write's transaction, before
   * the row is deleted.
   */
  record(accountId: number, entryId: number, at: number, units: bigint): void {
    const seq = BigInt(
      this.#add.run(accountId, entryId, at, units.toString(), this.#lastId.get() ?? 0).lastInsertRowid,
    );
    if (seq % BigInt(PRUNE_EVERY) === 0n) this.#prune.run(seq - BigInt(LOG_KEEP));
  }

  /** Where the database stands now (read in the same snapshot as a ledger it loads). */
  now(): LogPoint {
    return { seq: this.#ends.get()?.[1] ?? 0, id: this.#lastId.get() ?? 0 };
  }

  /** The account's changes since `since`, read in one snapshot. */
  since(accountId: number, since: LogPoint): ChangesSince {
    return this.#db.transaction((): ChangesSince => {
      const [oldest, newest] = this.#ends.get() ?? [null, null];
      const upTo = { seq: newest ?? 0, id: since.id };
      // Rows up to oldest - 1 may have been pruned; a log behind the point is another database.
      if ((oldest !== null && since.seq < oldest - 1) || upTo.seq < since.seq)
        return { changes: [], whole: true, upTo };
      const changes: [number, bigint][] = [];
      const fresh = this.#newRows.all(since.id, NEW_ROWS_READ + 1);
      if (fresh.length > NEW_ROWS_READ) return { changes: [], whole: true, upTo };
      for (const [id, accountId_, at, units] of fresh) {
        upTo.id = id;
        if (accountId_ === accountId) changes.push([at, BigInt(units)]);
      }
      // Logged changes to rows above `since.id` are already in their rows as they are now.
      if (newest !== null && newest > since.seq)
        for (const [entryId, at, units] of this.#logged.all(since.seq, accountId))
          if (entryId <= since.id) changes.push([at, BigInt(units)]);
      return { changes, whole: false, upTo };
    })();
  }
}
