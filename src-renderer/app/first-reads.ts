// The window's first reads, asked before React's first render (main.tsx; issue 36's first load):
// the status, then the dashboard's reads of the account the window will show, chosen by the same
// rule as the shell's (account-choice.ts) with the views the panels will ask for (preferences.ts).
import { accountApi } from '../api/client.ts';
import { askFirstReads } from '../data/queries.ts';
import { readChartRange, readForecastDays } from '../preferences.ts';
import { shownAccount } from './account-choice.ts';
import { accountInAddress } from './address.ts';

/** `waitMs`: how long the status waits for the account's reads (askFirstReads; tests say it, to be sure of the order). */
export function startFirstReads(waitMs?: number): void {
  askFirstReads(
    (status) => {
      const account = shownAccount(status.accounts, accountInAddress());
      // No panels for a refused key (the window offers to set up again) or without an account.
      if (account === undefined || account.key === 'invalid') return undefined;
      return { account, calls: accountApi(account.id) };
    },
    { days: readForecastDays(), range: readChartRange() },
    waitMs,
  );
}
