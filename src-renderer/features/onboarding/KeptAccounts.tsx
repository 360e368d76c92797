// After a restart without a keychain the window holds no key, but the app still keeps its
// accounts: each is listed (name, kind, last reading) with its key asked for in place, so the
// way back is one paste, not a fresh "Set up". Keys never come from the service.
import { useId, useState, type SyntheticEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { KeptAccount } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { api } from '../../api/client.ts';
import { FieldError } from '../../components/Notice.tsx';
import { keyProblem, knownKeyMessage } from './checks.ts';
import type { Adding } from './use-adding.ts';

function lastReading(a: KeptAccount): string {
  if (a.reading !== null) return `last read ${formatPounds(a.reading.balance)} at ${a.reading.at.datetime}`;
  return a.kind === 'local' ? 'its ledger is kept here' : 'not read yet';
}

function KeptRow({ account, adding }: { account: KeptAccount; adding: Adding }) {
  const { busy, errors, refuse, run } = adding;
  const [key, setKey] = useState('');
  const [asked, setAsked] = useState(false);
  const id = useId();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setAsked(true);
    const problem = keyProblem(key);
    if (problem !== undefined) {
      refuse({ kept: problem });
      return;
    }
    run('key', { kind: 'key', key: key.trim() }, 'kept', knownKeyMessage);
  };
  const error = asked ? errors.kept : undefined;
  return (
    <li>
      <form onSubmit={submit} noValidate className="kept-account">
        <p>
          <strong>{account.name}</strong> ({account.kind === 'remote' ? 'connected to a provider' : 'local'}):{' '}
          {lastReading(account)}
        </p>
        <label htmlFor={id}>Key of {account.name}</label>
        <input
          id={id}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => {
            setKey(e.target.value);
          }}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
        />
        <FieldError id={`${id}-error`} message={error} />
        <button type="submit" disabled={busy !== undefined}>
          Open {account.name}
        </button>
      </form>
    </li>
  );
}

export function KeptAccounts({ adding }: { adding: Adding }) {
  const kept = useQuery({ queryKey: ['kept'], queryFn: api.kept });
  const accounts = kept.data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <section className="card" aria-labelledby="kept-title">
      <h2 id="kept-title">Accounts this app keeps</h2>
      <p>
        Their keys are not held now (no keychain kept them, or the window forgot them). Paste an account&apos;s key to
        open it again; nothing else is needed.
      </p>
      <ul className="kept-list">
        {accounts.map((a) => (
          <KeptRow key={a.id} account={a} adding={adding} />
        ))}
      </ul>
    </section>
  );
}
