// The store's generation: a number that changes whenever anything in the database may have
// changed. Caches of derived values (answers, balances, keys) key on it.
import type Database from 'better-sqlite3';

export class StoreGeneration {
  readonly #ownChanges: Database.Statement<[], number>;
  readonly #otherCommits: Database.Statement<[], number>;
  #own = 0;
  #other = 0;
  #checkedAt = -Infinity;
  #value = 0;

  constructor(db: Database.Database) {
    this.#ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.#otherCommits = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /**
   * Writes through the repositories move it at once (they call `changed()`). Anything else is
   * checked at most once a millisecond: another connection's commits (data_version, about 4 µs:
   * a read of the WAL index and two system calls here) and a write on this connection that
   * bypassed the repositories (total_changes). A request served within that millisecond cannot
   * be told from one that was simply served first, and a cached answer then costs no statement.
   */
  current(): number {
    const now = performance.now();
    if (now - this.#checkedAt >= 1) {
      this.#checkedAt = now;
      const own = this.#ownChanges.get() ?? 0;
      const other = this.#otherCommits.get() ?? 0;
      if (own !== this.#own || other !== this.#other) {
        this.#own = own;
        this.#other = other;
        this.#value += 1;
      }
    }
    return this.#value;
  }

  /** Called after every write through the store (also one that failed and rolled back). */
  changed(): void {
    this.#value += 1;
  }
}
