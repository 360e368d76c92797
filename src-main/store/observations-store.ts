// What the app saw of a connected account: one row per check of the provider (and per change
// of outcome seen by a forwarded request). The provider is the truth; these rows are history.
import type Database from 'better-sqlite3';
import type { StoreGeneration } from './generation.ts';

export type ObservationSource = 'connect' | 'check' | 'request';
export type ObservationOutcome =
  'ok' | 'provider_unreachable' | 'provider_timeout' | 'provider_bad_answer' | 'invalid_key';

export interface NewObservation {
  accountId: number;
  /** Epoch seconds (the app's clock). */
  at: number;
  source: ObservationSource;
  outcome: ObservationOutcome;
  /** The provider's balance text, exactly as it wrote it. */
  balance: string | null;
  /** The provider's datetime text for that balance. */
  providerDatetime: string | null;
  /** The settings as JSON (the contract's Settings). */
  settings: string | null;
  /** What went wrong, in words (never the key). */
  message: string | null;
}

export interface Observation extends NewObservation {
  id: number;
}

interface Row {
  id: number;
  account_id: number;
  at: number;
  source: ObservationSource;
  outcome: ObservationOutcome;
  balance: string | null;
  provider_datetime: string | null;
  settings: string | null;
  message: string | null;
}

const COLUMNS = 'id, account_id, at, source, outcome, balance, provider_datetime, settings, message';

function toObservation(r: Row): Observation {
  return {
    id: r.id,
    accountId: r.account_id,
    at: r.at,
    source: r.source,
    outcome: r.outcome,
    balance: r.balance,
    providerDatetime: r.provider_datetime,
    settings: r.settings,
    message: r.message,
  };
}

export class ObservationsStore {
  readonly #insert: Database.Statement<
    [number, number, ObservationSource, ObservationOutcome, string | null, string | null, string | null, string | null]
  >;
  readonly #latest: Database.Statement<[number], Row>;
  readonly #latestOk: Database.Statement<[number], Row>;
  readonly #latestReading: Database.Statement<[number], Row>;
  readonly #readings: Database.Statement<[number, number, number], Row>;
  readonly #count: Database.Statement<[number], { n: number }>;
  readonly #generation: StoreGeneration;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#generation = generation;
    this.#insert =
      db.prepare(`INSERT INTO observations (account_id, at, source, outcome, balance, provider_datetime, settings, message)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#latest = db.prepare(
      `SELECT ${COLUMNS} FROM observations WHERE account_id = ? ORDER BY at DESC, id DESC LIMIT 1`,
    );
    this.#latestOk = db.prepare(
      `SELECT ${COLUMNS} FROM observations WHERE account_id = ? AND outcome = 'ok' ORDER BY at DESC, id DESC LIMIT 1`,
    );
    this.#latestReading = db.prepare(
      `SELECT ${COLUMNS} FROM observations WHERE account_id = ? AND balance IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1`,
    );
    this.#readings = db.prepare(
      `SELECT ${COLUMNS} FROM observations WHERE account_id = ? AND balance IS NOT NULL AND at >= ? AND at <= ? ORDER BY at, id`,
    );
    this.#count = db.prepare('SELECT count(*) AS n FROM observations WHERE account_id = ?');
  }

  add(o: NewObservation): Observation {
    try {
      const id = Number(
        this.#insert.run(o.accountId, o.at, o.source, o.outcome, o.balance, o.providerDatetime, o.settings, o.message)
          .lastInsertRowid,
      );
      return { id, ...o };
    } finally {
      // Every write through the store moves its generation at once (see generation.ts).
      this.#generation.changed();
    }
  }

  /** The latest observation of any outcome. */
  latest(accountId: number): Observation | undefined {
    const row = this.#latest.get(accountId);
    return row && toObservation(row);
  }

  /** The latest observation in which the provider answered. */
  latestOk(accountId: number): Observation | undefined {
    const row = this.#latestOk.get(accountId);
    return row && toObservation(row);
  }

  /** The latest observation that carries a balance (and settings). */
  latestReading(accountId: number): Observation | undefined {
    const row = this.#latestReading.get(accountId);
    return row && toObservation(row);
  }

  /** Observations with a balance, from <= at <= to, oldest first. */
  readings(accountId: number, from: number, to: number): Observation[] {
    return this.#readings.all(accountId, from, to).map(toObservation);
  }

  count(accountId: number): number {
    return this.#count.get(accountId)?.n ?? 0;
  }
}
