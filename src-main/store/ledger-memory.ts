// Accounts' ledgers held in memory (ledger-timeline.ts), kept up to date through the new rows and
// the change log (ledger-changes.ts) rather than rebuilt whenever the database changes: so a
// million entries are summed as fast as a thousand, and a back-dated insert, here or by another
// process, costs the reading of one row and a small merge, not a rebuild.
//
// Which ledgers are held: one of at most TIMELINE_MAX_ROWS entries as soon as it is asked about
// (up to 10 ms to load); a bigger one only once it has been asked about BIG_AFTER_ASKS times in
// this process (a server, a script polling it): loading a million entries costs about half a
// second, which a one-shot command asking once should not pay. Memory: 16 bytes an instant
// (distinct instants, running sums; 16 MB at a million), at most MAX_HELD_INSTANTS in all, the
// ledgers asked about longest ago let go first; and a ledger not asked about for IDLE_MS is let
// go (a server left running holds nothing for a ledger nobody looks at).
//
// Correctness across processes: a held ledger reflects the database up to a point (the log's
// and the highest entry id), read in the same snapshot as its rows. When the store's generation
// moves (any write, by anyone), the next question about it reads what came after that point
// (one read transaction) and lays it over the ledger; too much of it, or a log that no longer
// reaches back to the point, lets the ledger go. Inside a transaction nothing is held or moved
// on (what it reads may yet roll back): the caller falls back to the index.
import type Database from 'better-sqlite3';
import type { LedgerChanges, LogPoint } from './ledger-changes.ts';
import { LedgerTimeline, TIMELINE_MAX_ROWS } from './ledger-timeline.ts';

/** Asks through the index after which a ledger of more than TIMELINE_MAX_ROWS entries is loaded. */
export const BIG_AFTER_ASKS = 64;
/** Distinct instants held in all (about 32 MB). */
export const MAX_HELD_INSTANTS = 2 ** 21;
/** Changes laid over a ledger before they are merged into it (a merge is one pass over it). */
export const MERGE_AFTER = 1024;
/** A ledger not asked about for this long is let go (milliseconds; it goes within twice this). */
export const IDLE_MS = 10 * 60_000;

interface Held {
  base: LedgerTimeline;
  /** Changes not merged into `base` yet, and the same as a timeline of their own (null: none). */
  changes: [number, bigint][];
  over: LedgerTimeline | null;
  /** The point of the database that base + changes reflect. */
  point: LogPoint;
  /** The store's generation when the log was last read. */
  generation: number;
  /** When it was last asked about (performance.now()). */
  asked: number;
}

export interface LedgerSource {
  db: Database.Database;
  log: LedgerChanges;
  /** How many entries the account has, counting no further than `limit`. */
  countAtMost: (accountId: number, limit: number) => number;
  /** [at, units] of every entry of the account in time order, one row at a time. */
  rows: (accountId: number) => Iterable<[number, string]>;
}

export class LedgerMemory {
  readonly #source: LedgerSource;
  readonly #generation: () => number;
  /** Held ledgers, least recently asked about first. */
  readonly #held = new Map<number, Held>();
  #instants = 0;
  #sweep: ReturnType<typeof setTimeout> | undefined;
  /** Generation at which an account was last found too big to load at once. */
  readonly #bigAt = new Map<number, number>();
  /** Asks answered through the index, per big account not held. */
  readonly #asks = new Map<number, number>();
  /** Accounts with more instants than can be held at all: the point and generation then (tried again after a change). */
  readonly #tooBig = new Map<number, { point: LogPoint; generation: number }>();

  constructor(source: LedgerSource, generation: () => number) {
    this.#source = source;
    this.#generation = generation;
  }

  /** Instants held now (the memory's size: about 16 bytes each). */
  get instants(): number {
    return this.#instants;
  }

  /** Whether the account's ledger is held now. */
  holds(accountId: number): boolean {
    return this.#held.has(accountId);
  }

  /** The exact sum of the account's entries with at <= t from memory, or undefined: ask the index. */
  sumUpTo(accountId: number, t: number): bigint | undefined {
    if (this.#source.db.inTransaction) return undefined;
    const generation = this.#generation();
    const held = this.#current(accountId, generation) ?? this.#load(accountId, generation);
    if (held === undefined) return undefined;
    const sum = held.base.sumUpTo(t);
    return held.over === null ? sum : sum + held.over.sumUpTo(t);
  }

  /** The account's held ledger brought up to date, or undefined (not held, or let go). */
  #current(accountId: number, generation: number): Held | undefined {
    const held = this.#held.get(accountId);
    if (held === undefined) return undefined;
    // Most recently asked about last.
    this.#held.delete(accountId);
    this.#held.set(accountId, held);
    held.asked = performance.now();
    if (held.generation === generation) return held;
    const since = this.#source.log.since(accountId, held.point);
    if (since.whole) {
      this.#drop(accountId, held);
      return undefined;
    }
    held.point = since.upTo;
    held.generation = generation;
    if (since.changes.length === 0) return held;
    held.changes.push(...since.changes);
    const sorted = [...held.changes].sort((a, b) => a[0] - b[0]);
    if (held.changes.length >= MERGE_AFTER) {
      const base = held.base.merged(sorted);
      this.#instants += base.size - held.base.size;
      held.base = base;
      held.changes = [];
      held.over = null;
    } else held.over = LedgerTimeline.of(sorted);
    this.#fit();
    return held;
  }

  /** Loads the account's ledger if the rules above say so. */
  #load(accountId: number, generation: number): Held | undefined {
    const source = this.#source;
    const tooBig = this.#tooBig.get(accountId);
    if (tooBig !== undefined) {
      if (tooBig.generation === generation) return undefined;
      const since = source.log.since(accountId, tooBig.point);
      if (!since.whole && since.changes.length === 0) {
        this.#tooBig.set(accountId, { point: since.upTo, generation });
        return undefined;
      }
      this.#tooBig.delete(accountId);
    }
    if (this.#bigAt.get(accountId) !== generation) {
      if (source.countAtMost(accountId, TIMELINE_MAX_ROWS + 1) <= TIMELINE_MAX_ROWS)
        return this.#read(accountId, generation);
      this.#bigAt.set(accountId, generation);
    }
    const asks = (this.#asks.get(accountId) ?? 0) + 1;
    if (asks < BIG_AFTER_ASKS) {
      this.#asks.set(accountId, asks);
      return undefined;
    }
    this.#asks.delete(accountId);
    this.#bigAt.delete(accountId);
    return this.#read(accountId, generation);
  }

  /** Reads the whole ledger and the log's point in one snapshot. */
  #read(accountId: number, generation: number): Held | undefined {
    const source = this.#source;
    const read = source.db.transaction(() => {
      const point = source.log.now();
      return { point, base: LedgerTimeline.read(source.rows(accountId), MAX_HELD_INSTANTS) };
    });
    const { point, base } = read();
    if (base === null) {
      this.#tooBig.set(accountId, { point, generation });
      return undefined;
    }
    const held: Held = { base, changes: [], over: null, point, generation, asked: performance.now() };
    this.#held.set(accountId, held);
    this.#instants += base.size;
    this.#fit();
    this.#armSweep();
    return held;
  }

  /** Lets go the ledgers not asked about for IDLE_MS before `now` (the sweep's timer calls it). */
  dropIdle(now = performance.now()): void {
    for (const [accountId, held] of this.#held) {
      // Least recently asked about first: the rest were asked about later still.
      if (now - held.asked < IDLE_MS) return;
      this.#drop(accountId, held);
    }
  }

  /** One timer while anything is held; it never keeps the process alive. */
  #armSweep(): void {
    if (this.#sweep !== undefined) return;
    this.#sweep = setTimeout(() => {
      this.#sweep = undefined;
      this.dropIdle();
      if (this.#held.size > 0) this.#armSweep();
    }, IDLE_MS);
    this.#sweep.unref();
  }

  /** Lets the ledgers asked about longest ago go until the rest fit (the newest always stays). */
  #fit(): void {
    for (const [accountId, held] of this.#held) {
      if (this.#instants <= MAX_HELD_INSTANTS || this.#held.size === 1) return;
      this.#drop(accountId, held);
    }
  }

  #drop(accountId: number, held: Held): void {
    this.#held.delete(accountId);
    this.#instants -= held.base.size;
  }
}
