// The provider's projected balances of a connected account, one row per instant asked (epoch
// seconds, as `datetime=@<seconds>`), kept until an observation disagrees with them. Each account
// has an epoch: a disagreement moves it on, and only rows of the current epoch count, so an
// answer asked before the disagreement and written after it can never be read as current.
// A cache, not data: writes do not move the store's generation (nothing the window shows changes
// until the forecast built from them is asked for again).
import type Database from 'better-sqlite3';

export interface Projection {
  /** The instant asked, epoch seconds. */
  at: number;
  /** The provider's balance for it, as it wrote it. */
  balance: string;
  /** The provider's wall time for it (`YYYY-MM-DD HH:MM:SS`): tells its zone's offset then. */
  datetime: string;
}

interface Row {
  at: number;
  balance: string;
  datetime: string;
}

export class ProjectionsStore {
  readonly #db: Database.Database;
  readonly #epoch: Database.Statement<[number], { epoch: number }>;
  readonly #between: Database.Statement<[number, number, number, number], Row>;
  readonly #put: Database.Statement<[number, number, number, string, string]>;
  readonly #bump: Database.Statement<[number]>;
  readonly #dropOld: Database.Statement<[number, number]>;
  readonly #prune: Database.Statement<[number, number]>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#epoch = db.prepare('SELECT epoch FROM projection_epochs WHERE account_id = CAST(? AS INTEGER)');
    this.#between = db.prepare(
      `SELECT at, balance, datetime FROM projections WHERE account_id = CAST(? AS INTEGER) AND epoch = CAST(? AS INTEGER)
       AND at >= CAST(? AS INTEGER) AND at <= CAST(? AS INTEGER) ORDER BY at`,
    );
    // A row of an older epoch never replaces one of a newer epoch.
    this.#put = db.prepare(
      `INSERT INTO projections (account_id, at, epoch, balance, datetime) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (account_id, at) DO UPDATE SET epoch = excluded.epoch, balance = excluded.balance, datetime = excluded.datetime
       WHERE excluded.epoch >= projections.epoch`,
    );
    this.#bump = db.prepare(
      `INSERT INTO projection_epochs (account_id, epoch) VALUES (?, 1)
       ON CONFLICT (account_id) DO UPDATE SET epoch = epoch + 1`,
    );
    this.#dropOld = db.prepare(
      'DELETE FROM projections WHERE account_id = CAST(? AS INTEGER) AND epoch < CAST(? AS INTEGER)',
    );
    this.#prune = db.prepare(
      'DELETE FROM projections WHERE account_id = CAST(? AS INTEGER) AND at < CAST(? AS INTEGER)',
    );
  }

  /** The account's current epoch (0 before any disagreement). */
  epoch(accountId: number): number {
    return this.#epoch.get(accountId)?.epoch ?? 0;
  }

  /** The current epoch's projections with from <= at <= to, in time order. */
  between(accountId: number, from: number, to: number): Projection[] {
    return this.#between.all(accountId, this.epoch(accountId), from, to);
  }

  /** Keeps answers asked during `epoch` (one transaction); rows of an epoch already over are never read. */
  put(accountId: number, epoch: number, rows: readonly Projection[]): void {
    if (rows.length === 0) return;
    this.#db.transaction(() => {
      for (const r of rows) this.#put.run(accountId, r.at, epoch, r.balance, r.datetime);
    })();
  }

  /** An observation disagreed: every projection kept so far stops counting. Returns the new epoch. */
  renew(accountId: number): number {
    return this.#db.transaction(() => {
      this.#bump.run(accountId);
      const epoch = this.epoch(accountId);
      this.#dropOld.run(accountId, epoch);
      return epoch;
    })();
  }

  /** Forgets instants before `before` (the past needs no projection). */
  prune(accountId: number, before: number): void {
    this.#prune.run(accountId, before);
  }
}
