// The first choice: watch the real account at the provider, with its address and the key it gave.
// The key is checked with the provider before anything is kept.
import { useState } from 'react';
import { FormStatus, TextField } from '../../components/Field.tsx';
import { useForm } from '../../lib/use-form.ts';
import { checkConnect, connectMessage, isKeyConflict, knownKeyMessage } from './checks.ts';
import type { Adding } from './use-adding.ts';

export function ConnectForm({ adding: { busy, add } }: { adding: Adding }) {
  /** The key typed is one this app already keeps: offer to open its account (no dead end). */
  const [known, setKnown] = useState(false);
  const form = useForm({
    initial: { url: '', providerKey: '', name: '' },
    check: checkConnect,
    send: async (body) => {
      setKnown(false);
      await add('connect', { kind: 'connect', body });
      return undefined;
    },
    refused: (error) => {
      setKnown(isKeyConflict(error));
      return { text: connectMessage(error) };
    },
  });
  const open = () => {
    form.say(undefined);
    add('key', { kind: 'key', key: form.values.providerKey.trim() }).catch((error: unknown) => {
      form.say({ ok: false, text: knownKeyMessage(error) });
    });
  };
  return (
    <form className="card connect-card" {...form.props} aria-labelledby="connect-title">
      <h2 id="connect-title">Connect to your provider</h2>
      <p>
        Watch your real account: the address of your provider&apos;s account API and the key it gave you. The key is
        checked with your provider before it is kept.
      </p>
      <div className="connect-fields">
        <TextField
          id="provider-address"
          name="provider-address"
          label="Provider address"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://api.example.net/v1"
          {...form.field('url')}
        />
        <TextField
          id="provider-key"
          name="provider-key"
          label="Your API key"
          type="password"
          spellCheck={false}
          {...form.field('providerKey')}
        />
        <TextField
          id="provider-name"
          name="provider-name"
          label="Name for this account (optional)"
          placeholder="the provider's host"
          {...form.field('name')}
        />
      </div>
      <FormStatus outcome={form.outcome} />
      {known && form.outcome?.ok === false && (
        <p>
          <button type="button" className="primary" disabled={busy !== undefined} onClick={open}>
            {busy === 'key' ? 'Opening…' : 'Open the account with this key'}
          </button>
        </p>
      )}
      <button type="submit" className={known ? undefined : 'primary'} disabled={busy !== undefined}>
        {busy === 'connect' ? 'Checking with your provider…' : 'Connect'}
      </button>
    </form>
  );
}
