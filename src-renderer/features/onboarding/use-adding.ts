// One way of adding an account at a time: which one is under way (every button waits meanwhile).
// Each form says its own refusal next to the field or under the form it concerns (lib/use-form.ts).
import { useState } from 'react';
import type { AccountSummary } from '../../../src-shared/app-api.ts';
import { useAddAccount } from '../../data/writes.ts';
import { useForm } from '../../lib/use-form.ts';
import { checkKey, knownKeyMessage } from './checks.ts';

export type Busy = 'connect' | 'key' | 'account' | 'demo' | undefined;
export type How = Parameters<ReturnType<typeof useAddAccount>['mutate']>[0];

export interface Adding {
  busy: Busy;
  /** Adds the account `how` says; a refusal is thrown back to the form that asked. */
  add: (which: Exclude<Busy, undefined>, how: How) => Promise<void>;
}

/**
 * `added` gets the account, and a new account's key (shown once before moving on). `underWay` is
 * told when a request starts and when it is refused: the page must stay meanwhile, even if the
 * status lists the new account first.
 */
export function useAdding(
  underWay: (yes: boolean) => void,
  added: (account: AccountSummary, newKey: string | undefined) => void,
): Adding {
  const { mutateAsync } = useAddAccount();
  const [busy, setBusy] = useState<Busy>();
  return {
    busy,
    add: async (which, how) => {
      setBusy(which);
      underWay(true);
      try {
        const answer = await mutateAsync(how);
        // Still busy: the window moves on to the account.
        added(answer.account, 'newKey' in answer && typeof answer.newKey === 'string' ? answer.newKey : undefined);
      } catch (error) {
        setBusy(undefined);
        underWay(false);
        throw error;
      }
    },
  };
}

/** A form that opens an account this app keeps by its key ("A key this app knows", a kept account's row). */
export function useKeyForm({ add }: Adding) {
  return useForm({
    initial: { key: '' },
    check: checkKey,
    send: async (key) => {
      await add('key', { kind: 'key', key });
      return undefined;
    },
    refused: (error) => ({ field: 'key', text: knownKeyMessage(error) }),
  });
}
