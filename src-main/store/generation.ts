// The store's generation: a number that changes whenever anything in the database may have
// changed. Caches of derived values (answers, balances, keys) key on it.
import type Database from 'better-sqlite3';
import { watch, type FSWatcher } from 'node:fs';

/** How often, at most, other connections' commits are looked for (milliseconds)... */
export const OTHER_WRITES_CHECK_MS = 5;
/** ...or, while the data folder is watched (any write to the database files is then heard of), this often. */
export const WATCHED_CHECK_MS = 250;

export class StoreGeneration {
  readonly #ownChanges: Database.Statement<[], number>;
  readonly #otherCommits: Database.Statement<[], number>;
  #own = 0;
  #other = 0;
  #checkedAt = -Infinity;
  #interval = OTHER_WRITES_CHECK_MS;
  #watcher: FSWatcher | undefined;
  #value = 0;

  constructor(db: Database.Database) {
    this.#ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.#otherCommits = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /**
   * Writes through the repositories move it at once (they call `changed()`). Anything else is
   * looked for at most every few milliseconds: another connection's commits (data_version) and
   * a write on this connection that bypassed the repositories (total_changes). The two
   * statements cost 4 µs in a loop but about 40 µs between requests, when the caches are cold,
   * so a cached answer must not pay for them each time. Another process's commit (the CLI's)
   * shows within 5 ms, or, while the data folder is watched, as soon as the event loop hears of
   * the write to the WAL: no script can tell either from its request simply having come first.
   */
  current(): number {
    const now = performance.now();
    if (now - this.#checkedAt >= this.#interval) {
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

  /**
   * Hears of writes to the database's files in `dataDir` (another process commits by writing
   * to the WAL): the next current() then checks at once. Where the folder cannot be watched,
   * the 5 ms check stays.
   */
  watch(dataDir: string, databaseFile: string): void {
    try {
      this.#watcher = watch(dataDir, { persistent: false }, (_event, name) => {
        if (name === null || name.startsWith(databaseFile)) this.#checkedAt = -Infinity;
      });
      this.#watcher.on('error', () => {
        this.#stopWatching();
      });
      this.#interval = WATCHED_CHECK_MS;
    } catch {
      this.#stopWatching();
    }
  }

  #stopWatching(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#interval = OTHER_WRITES_CHECK_MS;
  }

  close(): void {
    this.#stopWatching();
  }
}
