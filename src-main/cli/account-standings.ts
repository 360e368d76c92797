// How every account stands, for `status`, `check` and `account list`: read from what the monitor
// stored (account_watch) while it runs (the desktop app or `serve` writes each account's
// evaluation when it changes and at least every five minutes), without asking any provider. An
// account without a fresh evaluation (nothing running), or whose stored evaluation does not read
// (reported on stderr), is read here the monitor's way: a local account from its ledger, a
// connected one from its latest check. `--refresh` checks connected accounts whose keys are kept,
// and asks their forecast, first. The fast path reads the store read-only
// (store/stored-evaluations.ts) and loads neither the service nor the date resolver: a status bar
// runs it every few seconds.
import { checkState } from '../../src-shared/account-status.ts';
import { readConfig, type ConfigFlags } from '../config.ts';
import { runClockInConfiguredZone } from '../config-clock.ts';
import { statusOf } from '../monitor/episodes.ts';
import type { AccountStanding } from './account-standing.ts';

/** An evaluation older than this is not trusted to be current (the monitor rewrites every five minutes). */
export const FRESH_SECONDS = 7 * 60;

export async function accountStandings(
  flags: ConfigFlags,
  options: { refresh?: boolean; now?: number } = {},
): Promise<{ now: number; accounts: AccountStanding[] }> {
  // A one-shot command reads every date in one zone: the process clock runs in it, so no Intl
  // formatter is set up (about 25 ms, more than the rest of a status-bar tick).
  runClockInConfiguredZone(process.env);
  const config = readConfig(process.env, flags);
  // A follower reads the accounts at its own clock's now (its tests move it).
  const now = options.now ?? Math.floor(config.clock() / 1000);
  // Loaded here, not above: `resolve` shares this module's chunk of the CLI bundle (scripts/build-cli.ts).
  const { readStoredEvaluations } = await import('../store/stored-evaluations.ts');
  const rows = options.refresh === true ? undefined : await readStoredEvaluations(config.dataDir);
  if (rows !== undefined) {
    const accounts: AccountStanding[] = [];
    for (const row of rows) {
      const reading = row.reading;
      if (reading === undefined || row.evaluatedAt === null || now - row.evaluatedAt > FRESH_SECONDS) break;
      accounts.push({
        id: row.id,
        name: row.name,
        kind: row.kind,
        baseUrl: row.baseUrl,
        checkState: checkState(row.lastOutcome),
        lastCheckedAt: row.lastCheckedAt,
        reading,
        status: statusOf(reading, now),
      });
    }
    if (accounts.length === rows.length) return { now, accounts };
  }
  const { readAccountsHere } = await import('./read-accounts.ts');
  return { now, accounts: await readAccountsHere(config, now, options.refresh === true) };
}
