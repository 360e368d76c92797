// Recurring charges: a few rows per account, read whole for every balance.
import type Database from 'better-sqlite3';

export type Period = 'day' | 'week' | 'month' | 'year';

export interface NewRecurring {
  amount: string;
  /** Amount per period, 1e-10 pence, positive. */
  units: bigint;
  every: Period;
  startsAt: number;
  endsAt: number | null;
  note: string;
}

export interface StoredRecurring extends NewRecurring { id: number }

interface Row { id: number; amount: string; units: string; every: Period; starts_at: number; ends_at: number | null; note: string }

export class RecurringStore {
  readonly #insert: Database.Statement<[number, string, string, Period, number, number | null, string]>;
  readonly #list: Database.Statement<[number], Row>;
  readonly #delete: Database.Statement<[number, number]>;
  readonly #generation: () => string;
  /**
   * Charges per account, cached: every balance reads them and they rarely change. The store's
   * generation moves on any write, here or from another process, which empties the cache.
   */
  readonly #cache = new Map<number, StoredRecurring[]>();
  #seenVersion = '';

  constructor(db: Database.Database, generation: () => string) {
    this.#generation = generation;
    this.#insert = db.prepare(`INSERT INTO recurring_charges (account_id, amount, units, every, starts_at, ends_at, note)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    this.#list = db.prepare('SELECT id, amount, units, every, starts_at, ends_at, note FROM recurring_charges WHERE account_id = ? ORDER BY id');
    this.#delete = db.prepare('DELETE FROM recurring_charges WHERE account_id = ? AND id = ?');
  }

  add(accountId: number, r: NewRecurring): StoredRecurring {
    const id = Number(this.#insert.run(accountId, r.amount, r.units.toString(), r.every, r.startsAt, r.endsAt, r.note).lastInsertRowid);
    this.#cache.delete(accountId);
    return { id, ...r };
  }

  remove(accountId: number, id: number): boolean {
    this.#cache.delete(accountId);
    return this.#delete.run(accountId, id).changes > 0;
  }

  list(accountId: number): StoredRecurring[] {
    const version = this.#generation();
    if (version !== this.#seenVersion) {
      this.#cache.clear();
      this.#seenVersion = version;
    }
    let charges = this.#cache.get(accountId);
    if (!charges) {
      charges = this.#list.all(accountId).map((r) => ({
        id: r.id, amount: r.amount, units: BigInt(r.units), every: r.every, startsAt: r.starts_at, endsAt: r.ends_at, note: r.note,
      }));
      this.#cache.set(accountId, charges);
    }
    return charges;
  }
}
