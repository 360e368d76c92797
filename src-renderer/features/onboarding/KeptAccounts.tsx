// After a restart without a keychain the window holds no key, but the app still keeps its
// accounts: each is listed (name, kind, last reading) with its key asked for in place, so the
// way back is one paste, not a fresh "Set up". Keys never come from the service.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { KeptAccount } from '../../../src-shared/app-api.ts';
import { formatPounds } from '../../../src-shared/money/pounds.ts';
import { api } from '../../api/client.ts';
import { useLiveUpdates } from '../../data/live.ts';
import { TextField } from '../../components/Field.tsx';
import { useKeyForm, type Adding } from './use-adding.ts';

function lastReading(a: KeptAccount): string {
  if (a.reading !== null) return `last read ${formatPounds(a.reading.balance)} at ${a.reading.at.datetime}`;
  return a.kind === 'local' ? 'its ledger is kept here' : 'not read yet';
}

function KeptRow({ account, adding }: { account: KeptAccount; adding: Adding }) {
  const { busy } = adding;
  const id = useId();
  const form = useKeyForm(adding);
  return (
    <li>
      <form className="kept-account" {...form.props}>
        <p>
          <strong>{account.name}</strong> ({account.kind === 'remote' ? 'connected to a provider' : 'local'}):{' '}
          {lastReading(account)}
        </p>
        <TextField id={id} label={`Key of ${account.name}`} type="password" spellCheck={false} {...form.field('key')} />
        <button type="submit" disabled={busy !== undefined}>
          Open {account.name}
        </button>
      </form>
    </li>
  );
}

export function KeptAccounts({ adding }: { adding: Adding }) {
  const kept = useQuery({ queryKey: ['kept'], queryFn: api.kept });
  // The list follows the change feed as the account panels do (a script adds an account, a check reads a balance).
  useLiveUpdates();
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
