// How every account stands, for `status`, `check` and `account list`: read from what the monitor
// stored (account_watch) while it runs (the desktop app or `serve` writes each account's
// evaluation when it changes and at least every five minutes), without asking any provider. An
// account without a fresh evaluation (nothing running) is read here the monitor's way: a local
// account from its ledger, a connected one from its latest check. `--refresh` checks connected
// accounts whose keys are kept, and asks their forecast, first. The fast path opens SQLite
// read-only and loads neither the service, zod, nor the date resolver: a status bar runs it
// every few seconds.
import { type AccountStatus } from '../../src-shared/account-status.ts';
import type { AccountKind } from '../../src-shared/vocabulary.ts';
import { readConfig, type AppConfig, type ConfigFlags } from '../config.ts';
import { runClockInConfiguredZone } from '../config-clock.ts';
import { statusOf } from '../monitor/episodes.ts';
import type { AccountReading } from '../monitor/types.ts';
import { readOnlyRows } from './read-only-rows.ts';

/** An evaluation older than this is not trusted to be current (the monitor rewrites every five minutes). */
export const FRESH_SECONDS = 7 * 60;

export interface AccountStanding {
  id: number;
  name: string;
  kind: AccountKind;
  baseUrl: string | null;
  /** The latest check's outcome, as `account list` always showed it (a local account: ok). */
  checkState: 'ok' | 'unreachable' | 'key_refused';
  lastCheckedAt: number | null;
  reading: AccountReading;
  status: AccountStatus;
}

interface Row {
  id: number;
  name: string;
  kind: AccountKind;
  base_url: string | null;
  evaluated_at: number | null;
  reading: string | null;
  last_checked_at: number | null;
  last_outcome: string | null;
}

const QUERY = `SELECT a.id, a.name, a.kind, a.base_url, w.evaluated_at, w.reading,
  (SELECT at FROM observations o WHERE o.account_id = a.id ORDER BY at DESC, id DESC LIMIT 1) AS last_checked_at,
  (SELECT outcome FROM observations o WHERE o.account_id = a.id ORDER BY at DESC, id DESC LIMIT 1) AS last_outcome
  FROM accounts a LEFT JOIN account_watch w ON w.account_id = a.id
  WHERE a.disconnected_at IS NULL ORDER BY a.id`;

function checkState(outcome: string | null): AccountStanding['checkState'] {
  if (outcome === null || outcome === 'ok') return 'ok';
  return outcome === 'invalid_key' ? 'key_refused' : 'unreachable';
}

function parsed(text: string | null): AccountReading | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as AccountReading;
  } catch {
    return undefined;
  }
}

/** The stored rows, or undefined when the database is missing pieces (older schema): the slow path then. */
function storedRows(config: AppConfig): Promise<Row[] | undefined> {
  return readOnlyRows<Row>(config.dataDir, QUERY);
}

export async function accountStandings(
  flags: ConfigFlags,
  options: { refresh?: boolean } = {},
): Promise<{ now: number; accounts: AccountStanding[] }> {
  // A one-shot command reads every date in one zone: the process clock runs in it, so no Intl
  // formatter is set up (about 25 ms, more than the rest of a status-bar tick).
  runClockInConfiguredZone(process.env);
  const config = readConfig(process.env, flags);
  const now = Math.floor(config.clock() / 1000);
  const rows = options.refresh === true ? undefined : await storedRows(config);
  if (rows !== undefined) {
    const accounts: AccountStanding[] = [];
    for (const row of rows) {
      const reading = parsed(row.reading);
      if (reading === undefined || row.evaluated_at === null || now - row.evaluated_at > FRESH_SECONDS) break;
      accounts.push({
        id: row.id,
        name: row.name,
        kind: row.kind,
        baseUrl: row.base_url,
        checkState: checkState(row.last_outcome),
        lastCheckedAt: row.last_checked_at,
        reading,
        status: statusOf(reading, now),
      });
    }
    if (accounts.length === rows.length) return { now, accounts };
  }
  const { readAccountsHere } = await import('./read-accounts.ts');
  return { now, accounts: await readAccountsHere(config, now, options.refresh === true) };
}
