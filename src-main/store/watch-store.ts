// What the monitor last read of each account and which alert episodes are open, one row per
// account (JSON the monitor writes and reads back; the store does not look inside). `status` and
// `check` read it without asking a provider.
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

export interface WatchRow {
  accountId: number;
  /** Epoch seconds of the evaluation. */
  evaluatedAt: number;
  reading: string;
  episodes: string;
}

interface Row {
  account_id: number;
  evaluated_at: number;
  reading: string;
  episodes: string;
}

const toRow = (r: Row): WatchRow => ({
  accountId: r.account_id,
  evaluatedAt: r.evaluated_at,
  reading: r.reading,
  episodes: r.episodes,
});

export class WatchStore {
  readonly #get: Database.Statement<[number], Row>;
  readonly #all: Database.Statement<[], Row>;
  readonly #put: Database.Statement<[number, number, string, string]>;
  readonly #generation: StoreGeneration;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#generation = generation;
    this.#get = db.prepare(
      'SELECT account_id, evaluated_at, reading, episodes FROM account_watch WHERE account_id = CAST(? AS INTEGER)',
    );
    this.#all = db.prepare('SELECT account_id, evaluated_at, reading, episodes FROM account_watch ORDER BY account_id');
    this.#put = db.prepare(`INSERT INTO account_watch (account_id, evaluated_at, reading, episodes) VALUES (?, ?, ?, ?)
      ON CONFLICT (account_id) DO UPDATE SET evaluated_at = excluded.evaluated_at, reading = excluded.reading,
        episodes = excluded.episodes`);
  }

  get(accountId: number): WatchRow | undefined {
    const row = this.#get.get(accountId);
    return row && toRow(row);
  }

  all(): WatchRow[] {
    return this.#all.all().map(toRow);
  }

  put(row: WatchRow): void {
    try {
      this.#put.run(row.accountId, row.evaluatedAt, row.reading, row.episodes);
    } finally {
      this.#generation.changed('monitor');
    }
  }
}
