// Adding an account (the first run, or "Add account"). First choice: connect to your provider
// with its address and the key it gave you (checked with the provider before anything is kept).
// The others: a new local account, demo data, or a key this app already knows. Keys never come
// back to the page, except a new account's, shown once.
import { useState } from 'react';
import type { AccountSummary, Status } from '../../../src-shared/app-api.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { KeptAccounts } from './KeptAccounts.tsx';
import { DemoCard, KnownKeyForm } from './KnownKeyForm.tsx';
import { LocalAccountForm } from './LocalAccountForm.tsx';
import { NewKey } from './NewKey.tsx';
import { StoreNote } from './StoreNote.tsx';
import { useAdding } from './use-adding.ts';

export function Onboarding({
  status,
  underWay,
  done,
  cancel,
}: {
  status: Status;
  /** Whether an account is being added (true from the request until `done`): the shell keeps this page meanwhile. */
  underWay: (yes: boolean) => void;
  done: (account: AccountSummary) => Promise<void>;
  cancel: (() => void) | undefined;
}) {
  const [created, setCreated] = useState<{ account: AccountSummary; key: string }>();
  // A new account's key is shown once before moving on; a known or connected one is not.
  const adding = useAdding(underWay, (account, newKey) => {
    if (newKey === undefined) void done(account);
    else setCreated({ account, key: newKey });
  });
  if (created !== undefined)
    return <NewKey account={created.account} newKey={created.key} status={status} done={() => done(created.account)} />;
  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">{cancel === undefined ? 'Set up Account Monitor' : 'Add an account'}</h1>
      <p className="lead">Choose how to start. You can add more accounts later.</p>
      {cancel !== undefined && (
        <p>
          {/* It waits too while an account is being added: leaving then would lose a new account's key. */}
          <button type="button" className="link-button" disabled={adding.busy !== undefined} onClick={cancel}>
            Back to your accounts
          </button>
        </p>
      )}
      <StoreNote status={status} />
      <KeptAccounts adding={adding} />
      <ConnectForm adding={adding} />
      <div className="onboarding-grid">
        <LocalAccountForm adding={adding} />
        <DemoCard adding={adding} />
        <KnownKeyForm adding={adding} />
      </div>
    </section>
  );
}
