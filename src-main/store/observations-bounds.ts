// Observations stored before issue 26 may hold what the provider reader now refuses: a message
// quoting a 900 KB element name or a terminal escape, or a balance no number can hold (a 1 and
// 400 zeros, a million fractional digits). Run once by migration 5, so that every row obeys the
// rules new rows are written by: the window, the tray, the chart and the forecast never meet one.
import type Database from 'better-sqlite3';
import { providerBalanceProblem } from '../../src-shared/limits.ts';
import { providerText } from '../../src-shared/quote.ts';

/** The message an observation keeps when its balance was taken out. */
export const IMPLAUSIBLE_BALANCE_MESSAGE =
  "the provider's balance was not a plausible number (at most 15 digits before the point and 30 after); it was taken out of this check";

export function boundObservations(db: Database.Database): void {
  const rows = db
    .prepare<[], { id: number; balance: string | null; message: string | null }>(
      'SELECT id, balance, message FROM observations WHERE balance IS NOT NULL OR message IS NOT NULL',
    )
    .iterate();
  const setMessage = db.prepare<[string, number]>('UPDATE observations SET message = ? WHERE id = ?');
  const dropBalance = db.prepare<[string, number]>(
    "UPDATE observations SET outcome = 'provider_bad_answer', balance = NULL, provider_datetime = NULL, message = ? WHERE id = ?",
  );
  const changes: (() => void)[] = [];
  for (const row of rows) {
    if (row.balance !== null && providerBalanceProblem(row.balance) !== undefined) {
      changes.push(() => dropBalance.run(IMPLAUSIBLE_BALANCE_MESSAGE, row.id));
    } else if (row.message !== null) {
      const cut = providerText(row.message);
      if (cut !== row.message) changes.push(() => setMessage.run(cut, row.id));
    }
  }
  for (const change of changes) change();
}
