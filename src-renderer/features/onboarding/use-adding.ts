// One way of adding an account at a time: which one is under way (every button waits meanwhile),
// and what went wrong, next to the field or form it concerns.
import { useState } from 'react';
import type { AccountSummary } from '../../../src-shared/app-api.ts';
import { useAddAccount } from '../../data/writes.ts';
import { messageOf } from '../../lib/hooks.ts';

export type Busy = 'connect' | 'key' | 'account' | 'demo' | undefined;
export type Field = 'url' | 'providerKey' | 'connect' | 'key' | 'name' | 'opening' | 'demo' | 'kept';
export type How = Parameters<ReturnType<typeof useAddAccount>['mutate']>[0];

export interface Adding {
  busy: Busy;
  errors: Partial<Record<Field, string>>;
  refuse: (errors: Partial<Record<Field, string>>) => void;
  run: (which: Exclude<Busy, undefined>, how: How, field: Field, words?: (error: unknown) => string) => void;
}

/** `added` gets the account, and a new account's key (shown once before moving on). */
export function useAdding(added: (account: AccountSummary, newKey: string | undefined) => void): Adding {
  const add = useAddAccount();
  const [busy, setBusy] = useState<Busy>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  return {
    busy,
    errors,
    refuse: setErrors,
    run: (which, how, field, words = messageOf) => {
      setBusy(which);
      setErrors({});
      add.mutate(how, {
        onSuccess: (answer) => {
          added(answer.account, 'newKey' in answer && typeof answer.newKey === 'string' ? answer.newKey : undefined);
        },
        onError: (error) => {
          setErrors({ [field]: words(error) });
          setBusy(undefined);
        },
      });
    },
  };
}
