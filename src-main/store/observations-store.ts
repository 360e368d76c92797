// What the app saw of a connected account: one row per check of the provider (and per change
// of outcome seen by a forwarded request). The provider is the truth; these rows are history,
// kept bounded by one rule (OBSERVATIONS_KEPT, written in docs/provider-accounts.md):
// - a run of identical failures (same outcome, source and message, one after another) is one
//   row with a count, dated by its latest failure (`at`) and its first (`firstAt`);
// - every row of the last 90 days is kept; older days keep one row each, the day's last one
//   with a balance (the chart's past), or its last failure when it had none. Days are UTC days.
// A message is a provider's words cut and made inert (providerText): a huge or escaped answer
// stores a few hundred characters at most.
import type Database from 'better-sqlite3';
import { providerText } from '../../src-shared/quote.ts';
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
  /** How many observations this row stands for: more than 1 for a run of identical failures. */
  count: number;
  /** Epoch seconds of the first observation of the run (`at` is its latest). */
  firstAt: number;
}

/** How long every observation is kept before older days are thinned to one row a day. */
export const OBSERVATIONS_KEPT = { everyRowForDays: 90, thenOnePerDay: true } as const;

const DAY = 86_400;

/** An observation's row as SQLite gives it (a join selects it with observationColumns). */
export interface ObservationRow {
  id: number;
  account_id: number;
  at: number;
  source: ObservationSource;
  outcome: ObservationOutcome;
  balance: string | null;
  provider_datetime: string | null;
  settings: string | null;
  message: string | null;
  count: number;
  first_at: number | null;
}

const NAMES = [
  'id',
  'account_id',
  'at',
  'source',
  'outcome',
  'balance',
  'provider_datetime',
  'settings',
  'message',
  'count',
  'first_at',
];
const COLUMNS = NAMES.join(', ');

/** The columns of an ObservationRow from the observations table under an alias (a join: `o.id, o.at, ...`). */
export function observationColumns(alias: string): string {
  return NAMES.map((name) => `${alias}.${name}`).join(', ');
}

export function toObservation(r: ObservationRow): Observation {
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
    count: r.count,
    firstAt: r.first_at ?? r.at,
  };
}

/** The same failure again: it extends the run instead of adding a row. */
function repeats(latest: ObservationRow | undefined, o: NewObservation): latest is ObservationRow {
  return (
    latest !== undefined &&
    o.outcome !== 'ok' &&
    latest.outcome === o.outcome &&
    latest.source === o.source &&
    latest.message === o.message &&
    latest.balance === null &&
    o.balance === null &&
    o.settings === null &&
    latest.settings === null
  );
}

export class ObservationsStore {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement<
    [
      number,
      number,
      number,
      ObservationSource,
      ObservationOutcome,
      string | null,
      string | null,
      string | null,
      string | null,
    ]
  >;
  readonly #repeat: Database.Statement<[number, number]>;
  readonly #prune: Database.Statement<[number, number]>;
  readonly #latest: Database.Statement<[number], ObservationRow>;
  readonly #latestOk: Database.Statement<[number], ObservationRow>;
  readonly #latestReading: Database.Statement<[number], ObservationRow>;
  readonly #readings: Database.Statement<[number, number, number], ObservationRow>;
  readonly #count: Database.Statement<[number], { n: number }>;
  readonly #firstReading: Database.Statement<[number], { at: number | null }>;
  readonly #generation: StoreGeneration;
  /** When each account was last pruned (its observation's `at`): at most once a day each. */
  readonly #prunedAt = new Map<number, number>();

  constructor(db: Database.Database, generation: StoreGeneration) {
    this.#db = db;
    this.#generation = generation;
    this.#insert = db.prepare(`INSERT INTO observations
      (account_id, at, first_at, source, outcome, balance, provider_datetime, settings, message, count)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`);
    this.#repeat = db.prepare('UPDATE observations SET at = max(at, ?), count = count + 1 WHERE id = ?');
    // Of each day before the cut-off, the last row with a balance (else the last row) stays.
    this.#prune = db.prepare(`DELETE FROM observations WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (
            PARTITION BY at / ${DAY} ORDER BY balance IS NOT NULL DESC, at DESC, id DESC
          ) AS rank
          FROM observations WHERE account_id = CAST(? AS INTEGER) AND at < CAST(? AS INTEGER)
        ) WHERE rank > 1)`);
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
    this.#count = db.prepare('SELECT coalesce(sum(count), 0) AS n FROM observations WHERE account_id = ?');
    this.#firstReading = db.prepare(
      'SELECT min(at) AS at FROM observations WHERE account_id = CAST(? AS INTEGER) AND balance IS NOT NULL',
    );
  }

  /**
   * Stores what a check (or a forwarded request) saw, and returns its row: a new one, or the row
   * of the run of identical failures it extends. Older days are thinned at most once a day.
   */
  add(observation: NewObservation): Observation {
    const o = { ...observation, message: observation.message === null ? null : providerText(observation.message) };
    try {
      return this.#db
        .transaction(() => {
          const latest = this.#latest.get(o.accountId);
          let stored: Observation;
          if (repeats(latest, o)) {
            this.#repeat.run(o.at, latest.id);
            stored = toObservation({ ...latest, at: Math.max(latest.at, o.at), count: latest.count + 1 });
          } else {
            const id = Number(
              this.#insert.run(
                o.accountId,
                o.at,
                o.at,
                o.source,
                o.outcome,
                o.balance,
                o.providerDatetime,
                o.settings,
                o.message,
              ).lastInsertRowid,
            );
            stored = { id, ...o, count: 1, firstAt: o.at };
          }
          this.#pruneIfDue(o.accountId, o.at);
          return stored;
        })
        .immediate();
    } finally {
      // Every write through the store moves its generation at once (see generation.ts).
      this.#generation.changed('check');
    }
  }

  #pruneIfDue(accountId: number, now: number): void {
    const last = this.#prunedAt.get(accountId);
    if (last !== undefined && now - last < DAY && now >= last) return;
    const cutoff = Math.floor((now - OBSERVATIONS_KEPT.everyRowForDays * DAY) / DAY) * DAY;
    this.#prune.run(accountId, cutoff);
    this.#prunedAt.set(accountId, now);
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

  /** When the first stored check with a balance was made (null: none). */
  firstReadingAt(accountId: number): number | null {
    return this.#firstReading.get(accountId)?.at ?? null;
  }

  /** How many observations the account has (each failure of a run counts, though the run is one row). */
  count(accountId: number): number {
    return this.#count.get(accountId)?.n ?? 0;
  }
}
