// Which account the panels show, with the service's status and that account's API calls: given
// once by the app (the switcher's choice), read by every hook and panel below it.
import { createContext, useContext } from 'react';
import type { AccountApi } from '../api/client.ts';
import type { AccountSummary, Status } from '../../src-shared/app-api.ts';

export interface AccountContextValue {
  status: Status;
  /** The account this window shows (chosen in the switcher; kept in the address across a reload). */
  account: AccountSummary;
  /** The app API for that account. */
  api: AccountApi;
}

export const AccountContext = createContext<AccountContextValue | null>(null);

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (value === null) throw new Error('useAccount outside an account');
  return value;
}
