// Recurring charges: a few rows per account, read whole for every balance; added, ended, deleted.
import type Database from 'better-sqlite3';
import { GenerationCache } from './generation-cache.ts';
import type { StoreGeneration } from './generation.ts';

import type { ChargePeriod } from '../../src-shared/vocabulary.ts';

export interface NewRecurring {
  amount: string;
  /** Amount per period, 1e-10 pence, positive. */
  units: bigint;
  every: ChargePeriod;
  startsAt: number;
  endsAt: number | null;
  note: string;
}

export interface StoredRecurring extends NewRecurring {
  id: number;
}

interface Row {
  id: number;
  amount: string;
  units: string;
  every: ChargePeriod;
  starts_at: number;
  ends_at: number | null;
  note: string;
}

export class RecurringStore {
  readonly #insert: Database.Statement<[number, string, string, ChargePeriod, number, number | null, string]>;
  readonly #list: Database.Statement<[number], Row>;
  readonly #delete: Database.Statement<[number, number]>;
  readonly #setEnd: Database.Statement<[number | null, number, number]>;
  /** Charges per account, cached: every balance reads them and they rarely change. */
  readonly #cache: GenerationCache<StoredRecurring[], number>;
  readonly #generation: StoreGeneration;
  readonly #db: Database.Database;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#cache = new GenerationCache(() => generation.current());
    this.#insert =
      db.prepare(`INSERT INTO recurring_charges (account_id, amount, units, every, starts_at, ends_at, note)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.#list = db.prepare(
      'SELECT id, amount, units, every, starts_at, ends_at, note FROM recurring_charges WHERE account_id = CAST(? AS INTEGER) ORDER BY id',
    );
    this.#delete = db.prepare('DELETE FROM recurring_charges WHERE account_id = ? AND id = ?');
    this.#setEnd = db.prepare('UPDATE recurring_charges SET ends_at = ? WHERE account_id = ? AND id = ?');
  }

  // Writes need not touch the cache: they move the store's generation, which empties it. Each
  // takes the write lock before it reads anything (BEGIN IMMEDIATE): see LedgerStore.
  add(accountId: number, r: NewRecurring): StoredRecurring {
    try {
      const id = Number(
        this.#db
          .transaction(() =>
            this.#insert.run(accountId, r.amount, r.units.toString(), r.every, r.startsAt, r.endsAt, r.note),
          )
          .immediate().lastInsertRowid,
      );
      return { id, ...r };
    } finally {
      this.#generation.changed();
    }
  }

  remove(accountId: number, id: number): boolean {
    try {
      return this.#db.transaction(() => this.#delete.run(accountId, id).changes > 0).immediate();
    } finally {
      this.#generation.changed();
    }
  }

  /** Sets when the charge stops (null: never); false when the account has no such charge. */
  setEnd(accountId: number, id: number, endsAt: number | null): boolean {
    try {
      return this.#db.transaction(() => this.#setEnd.run(endsAt, accountId, id).changes > 0).immediate();
    } finally {
      this.#generation.changed();
    }
  }

  list(accountId: number): StoredRecurring[] {
    return this.#cache.get(accountId, () =>
      this.#list.all(accountId).map((r) => ({
        id: r.id,
        amount: r.amount,
        units: BigInt(r.units),
        every: r.every,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        note: r.note,
      })),
    );
  }
}
