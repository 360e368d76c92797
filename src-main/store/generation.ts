// The store's generation: a number that changes whenever anything in the database may have
// changed. Caches of derived values (answers, balances, keys) key on it.
import type Database from 'better-sqlite3';

/** How often, at most, other connections' commits are looked for (milliseconds). */
export const OTHER_WRITES_CHECK_MS = 5;

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
   * looked for at most every OTHER_WRITES_CHECK_MS: another connection's commits (data_version:
   * a read of the WAL index under its lock, two system calls, 4 µs in a loop and about 25 µs
   * between requests, when the caches are cold) and a write on this connection that bypassed
   * the repositories (total_changes). A cached answer then costs no statement at all; the price
   * is that another process's commit (the CLI's) shows within 5 ms, not at once, which no
   * script can tell from its request simply having been served first.
   */
  current(): number {
    const now = performance.now();
    if (now - this.#checkedAt >= OTHER_WRITES_CHECK_MS) {
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
