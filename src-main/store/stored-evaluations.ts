// What `status`, `check` and `account list` read while a running app's monitor stores its
// evaluations (account_watch): every account with its stored evaluation and its latest check,
// in one query on a read-only connection (read-only-rows.ts: node:sqlite where there is one).
// It loads only that and the stored-JSON codecs, not the store's repositories or migrations: a
// status bar runs it every few seconds.
import type { AccountKind } from '../../src-shared/vocabulary.ts';
import { readOnlyRows } from './read-only-rows.ts';
import type { ObservationOutcome } from './observations-store.ts';
import { readStored, STORED_READING, type StoredReading } from './stored-json.ts';

export interface StoredEvaluation {
  id: number;
  name: string;
  kind: AccountKind;
  baseUrl: string | null;
  /** Epoch seconds of the monitor's latest evaluation; null when it has none. */
  evaluatedAt: number | null;
  /** That evaluation's reading; undefined when there is none or it did not read (reported). */
  reading: StoredReading | undefined;
  lastCheckedAt: number | null;
  lastOutcome: ObservationOutcome | null;
}

interface Row {
  id: number;
  name: string;
  kind: AccountKind;
  base_url: string | null;
  evaluated_at: number | null;
  reading: string | null;
  last_checked_at: number | null;
  last_outcome: ObservationOutcome | null;
}

const QUERY = `SELECT a.id, a.name, a.kind, a.base_url, w.evaluated_at, w.reading,
  (SELECT at FROM observations o WHERE o.account_id = a.id ORDER BY at DESC, id DESC LIMIT 1) AS last_checked_at,
  (SELECT outcome FROM observations o WHERE o.account_id = a.id ORDER BY at DESC, id DESC LIMIT 1) AS last_outcome
  FROM accounts a LEFT JOIN account_watch w ON w.account_id = a.id
  WHERE a.disconnected_at IS NULL ORDER BY a.id`;

/**
 * Every account that is not disconnected, with the monitor's stored evaluation; undefined when
 * the database is missing or lacks pieces (no file yet, an older schema): read the accounts
 * themselves then.
 */
export async function readStoredEvaluations(dataDir: string): Promise<StoredEvaluation[] | undefined> {
  const rows = await readOnlyRows<Row>(dataDir, QUERY);
  return rows?.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    baseUrl: r.base_url,
    evaluatedAt: r.evaluated_at,
    reading: r.reading === null ? undefined : readStored(STORED_READING, r.reading, `account ${r.id}`),
    lastCheckedAt: r.last_checked_at,
    lastOutcome: r.last_outcome,
  }));
}
