// What each check of a connected account saw against the provider's projections, stored beside
// its observation (and deleted with it): the provider's clock at the check, the instant whose
// projection was asked again, what had been projected for it and what the provider says now, and
// the surprise that made (an unexpected charge or a top-up); plus each account's threshold for
// calling a fall unexpected. The rule itself is src-main/remote's; this is where it is kept.
import type Database from 'better-sqlite3';
import type { SurpriseKind } from '../../src-shared/vocabulary.ts';
import type { StoreGeneration } from './generation.ts';
import { observationColumns, toObservation, type Observation, type ObservationRow } from './observations-store.ts';

export interface CheckComparison {
  observationId: number;
  accountId: number;
  /** The provider's clock at the check, epoch seconds (null: not worked out). */
  providerAt: number | null;
  /** The instant whose projection was asked again (null: none was kept to compare with). */
  comparedAt: number | null;
  /** What the provider had projected for `comparedAt` (pence, as it wrote it). */
  projected: string | null;
  /** What it says for `comparedAt` now. */
  reported: string | null;
  /** The previous good reading (this machine's clock): the change happened after it. */
  since: number | null;
  surprise: SurpriseKind | null;
}

/** A check's observation with its comparison (null fields when the check made none). */
export interface ComparedObservation {
  observation: Observation;
  comparison: CheckComparison | undefined;
}

/** The default threshold, in pence: a fall of more than £1 beyond the projection is an unexpected charge. */
export const DEFAULT_UNEXPECTED_CHARGE_THRESHOLD = 100;

interface Row {
  observation_id: number;
  account_id: number;
  provider_at: number | null;
  compared_at: number | null;
  projected: string | null;
  reported: string | null;
  since: number | null;
  surprise: SurpriseKind | null;
}

/** An observation with its comparison's columns (all null when it has none: a LEFT JOIN); one account_id, the observation's. */
type JoinedRow = ObservationRow & Omit<Row, 'account_id'>;

const COLUMNS =
  'c.observation_id, c.account_id, c.provider_at, c.compared_at, c.projected, c.reported, c.since, c.surprise';
const JOINED = `${observationColumns('o')}, c.observation_id, c.provider_at, c.compared_at, c.projected, c.reported, c.since, c.surprise`;

function toComparison(r: Row): CheckComparison {
  return {
    observationId: r.observation_id,
    accountId: r.account_id,
    providerAt: r.provider_at,
    comparedAt: r.compared_at,
    projected: r.projected,
    reported: r.reported,
    since: r.since,
    surprise: r.surprise,
  };
}

function toJoined(r: JoinedRow): ComparedObservation {
  return {
    observation: toObservation(r),
    comparison: (r.observation_id as number | null) === null ? undefined : toComparison(r),
  };
}

export class ComparisonsStore {
  readonly #generation: StoreGeneration;
  readonly #put: Database.Statement<
    [number, number, number | null, number | null, string | null, string | null, number | null, string | null]
  >;
  readonly #latestClock: Database.Statement<[number], Row & { at: number }>;
  readonly #forObservation: Database.Statement<[number], Row>;
  readonly #setProviderAt: Database.Statement<[number, number, number]>;
  readonly #surprises: Database.Statement<[number, number, number], JoinedRow>;
  readonly #page: Database.Statement<[number, number, number, number, number], JoinedRow>;
  readonly #threshold: Database.Statement<[number], { pence: number }>;
  readonly #setThreshold: Database.Statement<[number, number]>;

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#generation = generation;
    this.#put = db.prepare(
      `INSERT OR REPLACE INTO check_comparisons (observation_id, account_id, provider_at, compared_at, projected, reported, since, surprise)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#latestClock = db.prepare(
      `SELECT ${COLUMNS}, o.at FROM check_comparisons c JOIN observations o ON o.id = c.observation_id
       WHERE c.account_id = CAST(? AS INTEGER) AND c.provider_at IS NOT NULL ORDER BY c.observation_id DESC LIMIT 1`,
    );
    this.#forObservation = db.prepare(
      `SELECT ${COLUMNS} FROM check_comparisons c WHERE c.observation_id = CAST(? AS INTEGER)`,
    );
    this.#setProviderAt = db.prepare(
      `INSERT INTO check_comparisons (observation_id, account_id, provider_at) VALUES (?, ?, ?)
       ON CONFLICT (observation_id) DO UPDATE SET provider_at = excluded.provider_at`,
    );
    this.#surprises = db.prepare(
      `SELECT ${JOINED} FROM check_comparisons c JOIN observations o ON o.id = c.observation_id
       WHERE c.account_id = CAST(? AS INTEGER) AND c.surprise IS NOT NULL AND o.at >= CAST(? AS INTEGER) AND o.at <= CAST(? AS INTEGER)
       ORDER BY o.at, o.id`,
    );
    // Oldest first, a page at a time after the cursor (at, id), for exports of any length.
    this.#page = db.prepare(
      `SELECT ${JOINED} FROM observations o LEFT JOIN check_comparisons c ON c.observation_id = o.id
       WHERE o.account_id = CAST(? AS INTEGER) AND o.at <= CAST(? AS INTEGER)
         AND (o.at > CAST(? AS INTEGER) OR (o.at = CAST(? AS INTEGER) AND o.id > CAST(? AS INTEGER)))
       ORDER BY o.at, o.id LIMIT 2000`,
    );
    this.#threshold = db.prepare(
      'SELECT pence FROM unexpected_charge_thresholds WHERE account_id = CAST(? AS INTEGER)',
    );
    this.#setThreshold = db.prepare(
      `INSERT INTO unexpected_charge_thresholds (account_id, pence) VALUES (?, ?)
       ON CONFLICT (account_id) DO UPDATE SET pence = excluded.pence`,
    );
  }

  add(c: CheckComparison): void {
    try {
      this.#put.run(
        c.observationId,
        c.accountId,
        c.providerAt,
        c.comparedAt,
        c.projected,
        c.reported,
        c.since,
        c.surprise,
      );
    } finally {
      this.#generation.changed('check');
    }
  }

  /**
   * The latest comparison that knows the provider's clock, with its check's time (this machine's
   * clock). Latest by observation id (rows are only ever added), so the index finds it at once.
   */
  latestClock(accountId: number): (CheckComparison & { at: number }) | undefined {
    const row = this.#latestClock.get(accountId);
    return row && { ...toComparison(row), at: row.at };
  }

  /** The comparison stored with an observation, if any. */
  forObservation(observationId: number): CheckComparison | undefined {
    const row = this.#forObservation.get(observationId);
    return row && toComparison(row);
  }

  /**
   * Records the provider's clock at an observation worked out later (a connection's first
   * reading, read before anything was projected); the rest of its comparison is left as it is.
   */
  setProviderAt(observationId: number, accountId: number, providerAt: number): void {
    try {
      this.#setProviderAt.run(observationId, accountId, providerAt);
    } finally {
      this.#generation.changed('check');
    }
  }

  /** Checks that found a surprise, from <= at <= to (this machine's clock), oldest first. */
  surprises(accountId: number, from: number, to: number): ComparedObservation[] {
    return this.#surprises.all(accountId, from, to).map(toJoined);
  }

  /**
   * Up to 2,000 observations (with their comparisons) after the cursor, up to `to`, oldest first;
   * the first page starts after { at: from - 1, id: MAX }.
   */
  page(accountId: number, after: { at: number; id: number }, to: number): ComparedObservation[] {
    return this.#page.all(accountId, to, after.at, after.at, after.id).map(toJoined);
  }

  /** Pence a fall may exceed its projection by before it is an unexpected charge. */
  threshold(accountId: number): number {
    return this.#threshold.get(accountId)?.pence ?? DEFAULT_UNEXPECTED_CHARGE_THRESHOLD;
  }

  setThreshold(accountId: number, pence: number): void {
    try {
      this.#setThreshold.run(accountId, pence);
    } finally {
      this.#generation.changed();
    }
  }
}
