// The store's generation: a number that changes whenever anything in the database may have
// changed. Caches of derived values (answers, balances, keys) key on it. It is also the app's one
// source of "the data changed" (see DataChange): this process's writes through the repositories,
// and other connections' commits (the CLI, another app on the same folder, an import worker),
// heard through one watch on the data folder.
import type Database from 'better-sqlite3';
import { watch, type FSWatcher } from 'node:fs';

/** How often, at most, other connections' commits are looked for (milliseconds)... */
export const OTHER_WRITES_CHECK_MS = 5;
/** ...or, while the data folder is watched (any write to the database files is then heard of), this often. */
export const WATCHED_CHECK_MS = 250;
/** A write to the database files is looked at this long after the last one of a burst. */
const SETTLE_MS = 20;
/** Where the folder cannot be watched and someone listens for changes, they are looked for this often. */
export const UNWATCHED_LOOK_MS = 1000;

/**
 * Who wrote, for those who react to writes: `edit` a person's change (the ledger, settings,
 * accounts, app-wide settings: the window, the CLI's commands, a restore), `check` what a check of
 * a connected account stored (observations; the check is told on its own, as "account checked"),
 * `monitor` the monitor's own records (its evaluations, alerts, alerts marked read).
 */
export type WriteKind = 'edit' | 'check' | 'monitor';

/** One notice that the data changed (several writes close together are one notice). */
export interface DataChange {
  /** The store's generation after the change. */
  generation: number;
  /** What this process wrote through the store (empty: nothing). */
  here: ReadonlySet<WriteKind>;
  /** Another connection committed (another process: what it wrote is not known). */
  elsewhere: boolean;
}

export class StoreGeneration {
  readonly #ownChanges: Database.Statement<[], number>;
  readonly #otherCommits: Database.Statement<[], number>;
  readonly #dataDir: string | undefined;
  readonly #databaseFile: string;
  readonly #listeners = new Set<(change: DataChange) => void>();
  #own = 0;
  #other = 0;
  #checkedAt = -Infinity;
  #interval = OTHER_WRITES_CHECK_MS;
  #watcher: FSWatcher | undefined;
  #settling: ReturnType<typeof setTimeout> | undefined;
  #fallback: ReturnType<typeof setInterval> | undefined;
  #value = 0;
  #closed = false;
  /** Changes not yet told (told together on the next turn of the event loop). */
  #pendingHere = new Set<WriteKind>();
  #pendingElsewhere = false;
  #telling: ReturnType<typeof setImmediate> | undefined;

  /**
   * With `dataDir`, the folder is watched for writes to `databaseFile` by other processes (one
   * watch for the whole app); without it, other connections' commits are only seen by current().
   */
  constructor(db: Database.Database, watchFolder?: { dataDir: string; databaseFile: string }) {
    this.#ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.#otherCommits = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.#own = this.#ownChanges.get() ?? 0;
    this.#other = this.#otherCommits.get() ?? 0;
    this.#dataDir = watchFolder?.dataDir;
    this.#databaseFile = watchFolder?.databaseFile ?? '';
    if (watchFolder !== undefined) this.#watch();
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
      this.#look();
    }
    return this.#value;
  }

  /**
   * Called after every write through the store (also one that failed and rolled back), with who
   * wrote; `null` moves the generation without telling anyone (a transaction's end: the writes
   * inside it have told already).
   */
  changed(kind: WriteKind | null = 'edit'): void {
    this.#value += 1;
    if (this.#closed) return;
    // This connection's own count moved with the write: a later look must not take it for a
    // write that bypassed the repositories.
    this.#own = this.#ownChanges.get() ?? this.#own;
    if (kind === null) return;
    this.#pendingHere.add(kind);
    this.#tellSoon();
  }

  /** Another connection of this process committed (an import worker): look now, not in 250 ms. */
  lookNow(): void {
    if (this.#closed) return;
    this.#checkedAt = performance.now();
    this.#look();
  }

  /**
   * Calls `listener` after each change (several writes in one turn of the event loop are one
   * call). Returns the function that stops it. Where the folder could not be watched, other
   * processes' commits are looked for every second while someone listens.
   */
  onChange(listener: (change: DataChange) => void): () => void {
    this.#listeners.add(listener);
    if (this.#dataDir !== undefined && this.#watcher === undefined && this.#fallback === undefined && !this.#closed) {
      this.#fallback = setInterval(() => {
        this.lookNow();
      }, UNWATCHED_LOOK_MS);
      this.#fallback.unref();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stopFallback();
    };
  }

  /** Whether a change is waiting to be told (the next turn of the event loop tells it). */
  get telling(): boolean {
    return this.#telling !== undefined;
  }

  close(): void {
    this.#closed = true;
    this.#stopWatching();
    this.#stopFallback();
    if (this.#telling !== undefined) clearImmediate(this.#telling);
    this.#telling = undefined;
    this.#listeners.clear();
  }

  #look(): void {
    const own = this.#ownChanges.get() ?? 0;
    const other = this.#otherCommits.get() ?? 0;
    if (own === this.#own && other === this.#other) return;
    this.#value += 1;
    // A write on this connection that bypassed the repositories: taken for a person's change.
    if (own !== this.#own) this.#pendingHere.add('edit');
    if (other !== this.#other) this.#pendingElsewhere = true;
    this.#own = own;
    this.#other = other;
    this.#tellSoon();
  }

  #tellSoon(): void {
    if (this.#telling !== undefined || this.#listeners.size === 0) {
      if (this.#listeners.size === 0) {
        this.#pendingHere.clear();
        this.#pendingElsewhere = false;
      }
      return;
    }
    this.#telling = setImmediate(() => {
      this.#telling = undefined;
      const change: DataChange = {
        generation: this.#value,
        here: this.#pendingHere,
        elsewhere: this.#pendingElsewhere,
      };
      this.#pendingHere = new Set();
      this.#pendingElsewhere = false;
      for (const listener of [...this.#listeners]) listener(change);
    });
  }

  /**
   * Hears of writes to the database's files in the data folder (another process commits by
   * writing to the WAL, and this process's own writes are heard too): each is looked at at once,
   * and only a commit by another connection (data_version) counts. Where the folder cannot be
   * watched, the 5 ms check stays.
   */
  #watch(): void {
    const dataDir = this.#dataDir;
    if (dataDir === undefined) return;
    try {
      this.#watcher = watch(dataDir, { persistent: false }, (_event, name) => {
        if (name !== null && !name.startsWith(this.#databaseFile)) return;
        // The next current() looks at once; and a look shortly after the last write of a burst
        // sees the commit it ends with (the WAL is written before the commit is marked).
        this.#checkedAt = -Infinity;
        clearTimeout(this.#settling);
        this.#settling = setTimeout(() => {
          this.#settling = undefined;
          this.lookNow();
        }, SETTLE_MS);
        this.#settling.unref();
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
    clearTimeout(this.#settling);
    this.#settling = undefined;
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#interval = OTHER_WRITES_CHECK_MS;
  }

  #stopFallback(): void {
    clearInterval(this.#fallback);
    this.#fallback = undefined;
  }
}
