// How one account stands, as `status`, `check` and `account list` print it: the type both ways of
// reading it share (account-standings.ts from the monitor's stored evaluation, read-accounts.ts
// the monitor's way), kept apart so that neither imports the other.
import type { AccountStatus } from '../../src-shared/account-status.ts';
import type { AccountKind, AccountState } from '../../src-shared/vocabulary.ts';
import type { AccountReading } from '../monitor/types.ts';

export interface AccountStanding {
  id: number;
  name: string;
  kind: AccountKind;
  baseUrl: string | null;
  /** The latest check's outcome, as `account list` always showed it (a local account: ok). */
  checkState: AccountState;
  lastCheckedAt: number | null;
  reading: AccountReading;
  status: AccountStatus;
}
