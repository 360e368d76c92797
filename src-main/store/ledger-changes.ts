// The ledger's change log (table ledger_changes): every write to an account's ledger adds what
// it did to the account's sums, [at, +/-units], in the write's own transaction, whichever
// process writes. A ledger held in memory (ledger-memory.ts) reads the log past the point it
// reflects and lays those changes over itself, so a back-dated insert, here or in the CLI,
// costs one read of one row instead of a rebuild of the whole ledger, and writes to other
// tables (the monitor's, every few seconds) cost nothing at all. A big import is one row that
// says "changed whole" (at NULL): a reader loads the ledger again. The log keeps at least the
// last LOG_KEEP rows; a reader that fell further behind loads again too. Each write adds one page
// to the WAL (the log's last), so the log has no index and is pruned only every PRUNE_EVERY rows.
import type Database from 'better-sqlite3';

/** Rows the log keeps (a few hundred KB). */
export const LOG_KEEP = 8192;
/** The log is pruned when a row's point is a multiple of this. */
const PRUNE_EVERY = 256;
/** A bulk write of at most this many rows is logged row by row; a bigger one as "changed whole". */
export const LOG_BULK_ROWS = 1024;

/** What happened to an account's ledger since a point of the log. */
export interface ChangesSince {
  /** [at, units] in the order written; empty when nothing changed. */
  changes: [number, bigint][];
  /** The ledger changed whole, or the log no longer reaches back to the point asked about. */
  whole: boolean;
  /** The log's point this answer reaches (the next call's `since`). */
  upTo: number;
}

type SinceRow = [
  oldest: number | null,
  newest: number | null,
  at: number | null,
  units: string | null,
  seq: number | null,
];

export class LedgerChanges {
  readonly #add: Database.Statement<[number, number | null, string | null]>;
  readonly #prune: Database.Statement<[number | bigint]>;
  readonly #appended: Database.Statement<[number, number, number]>;
  readonly #newest: Database.Statement<[], number | null>;
  readonly #since: Database.Statement<[number, number], SinceRow>;

  constructor(db: Database.Database) {
    this.#add = db.prepare('INSERT INTO ledger_changes (account_id, at, units) VALUES (?, ?, ?)');
    this.#prune = db.prepare('DELETE FROM ledger_changes WHERE seq <= CAST(? AS INTEGER)');
    this.#appended = db.prepare(`INSERT INTO ledger_changes (account_id, at, units)
      SELECT account_id, at, units FROM ledger_entries WHERE id > CAST(? AS INTEGER) AND account_id = CAST(? AS INTEGER)
      ORDER BY id LIMIT CAST(? AS INTEGER)`);
    this.#newest = db.prepare<[], number | null>('SELECT max(seq) FROM ledger_changes').pluck();
    // One statement, so one snapshot: the log's ends and the account's rows agree. The ends are
    // subqueries of their own, each one seek on the rowid (min and max together would scan).
    this.#since = db
      .prepare<[number, number], SinceRow>(
        `SELECT e.oldest, e.newest, c.at, c.units, c.seq
      FROM (SELECT (SELECT min(seq) FROM ledger_changes) AS oldest, (SELECT max(seq) FROM ledger_changes) AS newest) AS e
      LEFT JOIN ledger_changes AS c ON c.account_id = CAST(? AS INTEGER) AND c.seq > CAST(? AS INTEGER)
      ORDER BY c.seq`,
      )
      .raw();
  }

  /** Logs that the sums of the account changed by `units` from `at` on (inside the write's transaction). */
  record(accountId: number, at: number, units: bigint): void {
    this.#added(this.#add.run(accountId, at, units.toString()).lastInsertRowid);
  }

  /**
   * Logs a bulk write of `count` rows, all with ids above `afterId` (SQLite gives a new row an id
   * above every other): row by row when they are few, else as "changed whole".
   */
  recordAppended(accountId: number, afterId: number, count: number): void {
    if (count === 0) return;
    if (count <= LOG_BULK_ROWS) this.#appended.run(afterId, accountId, count);
    else this.#add.run(accountId, null, null);
    this.#added(this.#newest.get() ?? 0, true);
  }

  /** Prunes the log now and then (`now`: after a bulk write, which may have passed a multiple). */
  #added(seq: number | bigint, now = false): void {
    const last = BigInt(seq);
    if (now || last % BigInt(PRUNE_EVERY) === 0n) this.#prune.run(last - BigInt(LOG_KEEP));
  }

  /** The log's last point now (0 when empty): a ledger read in the same snapshot reflects it. */
  newest(): number {
    return this.#newest.get() ?? 0;
  }

  /** The account's changes after point `since` of the log. */
  since(accountId: number, since: number): ChangesSince {
    const rows = this.#since.all(accountId, since);
    const first = rows[0];
    const oldest = first?.[0] ?? null;
    const upTo = first?.[1] ?? since;
    // Rows up to oldest - 1 may have been pruned: a reader from before that missed them.
    const whole = (oldest !== null && since < oldest - 1) || upTo < since;
    const changes: [number, bigint][] = [];
    for (const [, , at, units, seq] of rows) {
      if (seq === null) continue;
      if (at === null || units === null) return { changes: [], whole: true, upTo };
      changes.push([at, BigInt(units)]);
    }
    return { changes, whole, upTo };
  }
}
