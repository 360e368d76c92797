// A new local account: a name (optional) and an opening balance in pounds (optional).
import { useId, useState, type SyntheticEvent } from 'react';
import { parsePounds } from '../../../src-shared/money/parse-pounds.ts';
import { FieldError } from '../../components/Notice.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { DEFAULT_ACCOUNT_NAME } from './checks.ts';
import type { Adding } from './use-adding.ts';

export function LocalAccountForm({ adding }: { adding: Adding }) {
  const { busy, errors, refuse, run } = adding;
  const [name, setName] = useState('');
  const [opening, setOpening] = useState('');
  const [failedOnOpening, setFailedOnOpening] = useState(0);
  const ids = { name: useId(), nameHint: useId() };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    // A name is optional: a new user who just presses the button still gets an account.
    const balance = opening.trim() === '' ? undefined : parsePounds(opening, { signed: true, zero: true });
    if (balance?.ok === false) {
      refuse({ opening: balance.problem });
      setFailedOnOpening((n) => n + 1);
      return;
    }
    const pence = balance === undefined || balance.value === '0' ? undefined : balance.value;
    const chosen = name.trim() === '' ? DEFAULT_ACCOUNT_NAME : name.trim();
    run('account', { kind: 'create', name: chosen, ...(pence === undefined ? {} : { openingBalance: pence }) }, 'name');
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2 id="create-title">New local account</h2>
      <p>Start an empty account on this computer and record top-ups and charges yourself.</p>
      <label htmlFor="account-name">Account name</label>
      <input
        id="account-name"
        name="account-name"
        type="text"
        autoComplete="off"
        value={name}
        placeholder={DEFAULT_ACCOUNT_NAME}
        onChange={(e) => {
          setName(e.target.value);
        }}
        aria-invalid={errors.name !== undefined}
        aria-describedby={`${ids.nameHint}${errors.name ? ` ${ids.name}` : ''}`}
      />
      <p id={ids.nameHint} className="muted small">
        Optional: &ldquo;{DEFAULT_ACCOUNT_NAME}&rdquo; if left empty.
      </p>
      <FieldError id={ids.name} message={errors.name} />
      <PoundsField
        id="opening-balance"
        label="Opening balance (£, optional)"
        value={opening}
        onChange={setOpening}
        error={errors.opening}
        rules={{ signed: true, zero: true }}
        focusOnError={failedOnOpening}
        hint="What the account holds today, in pounds (45.00). Empty starts at £0.00."
      />
      <button type="submit" disabled={busy !== undefined}>
        {busy === 'account' ? 'Creating…' : 'Create a local account'}
      </button>
    </form>
  );
}
