// Which account the window shows (kept in the address, app/address.ts), whether one is being
// added, and an account just added: in the list at once, chosen, its panels given the focus.
// While an account is being added the setup stays on screen whatever the status lists: a status
// read again meanwhile (the change feed reports the new account) may list it before the answer
// that carries its one-time key, or while that key is shown; the setup says when it is done.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AccountSummary, Status } from '../../src-shared/app-api.ts';
import { keys } from '../data/keys.ts';
import { accountInAddress, putAccountInAddress } from './address.ts';

/** The account the window shows: the chosen one while the status lists it, else the first. */
export function shownAccount(
  accounts: readonly AccountSummary[],
  chosen: number | undefined,
): AccountSummary | undefined {
  return accounts.find((a) => a.id === chosen) ?? accounts[0];
}

export function useAccountChoice(reloadStatus: () => Promise<void>) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<number | undefined>(accountInAddress);
  const [adding, setAdding] = useState(false);
  // An account being added from the setup, then its new key on screen: until `added` (or a refusal).
  const [underWay, setUnderWay] = useState(false);
  // An account just added in onboarding: its panels take the focus when they appear.
  const [arrived, setArrived] = useState(false);
  const choose = useCallback((id: number, cameFromOnboarding = false) => {
    setArrived(cameFromOnboarding);
    setChosen(id);
    putAccountInAddress(id);
  }, []);
  const added = useCallback(
    async (account: AccountSummary) => {
      // The new account is in the list at once; the status is then read again for the rest.
      client.setQueryData<Status>(keys.status, (s) =>
        s === undefined || s.accounts.some((a) => a.id === account.id)
          ? s
          : { ...s, accounts: [...s.accounts, account] },
      );
      setAdding(false);
      setUnderWay(false);
      choose(account.id, true);
      await reloadStatus();
    },
    [client, choose, reloadStatus],
  );
  return { chosen, choose, adding: adding || underWay, setAdding, setUnderWay, arrived, added };
}
