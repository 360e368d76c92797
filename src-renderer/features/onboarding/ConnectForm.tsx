// The first choice: watch the real account at the provider, with its address and the key it gave.
// The key is checked with the provider before anything is kept.
import { useId, useState, type SyntheticEvent } from 'react';
import { FieldError } from '../../components/Notice.tsx';
import { ApiError } from '../../api/client.ts';
import { addressProblem, connectMessage, keyProblem, knownKeyMessage } from './checks.ts';
import type { Adding } from './use-adding.ts';

export function ConnectForm({ adding }: { adding: Adding }) {
  const { busy, errors, refuse, run } = adding;
  const [url, setUrl] = useState('');
  const [providerKey, setProviderKey] = useState('');
  const [accountLabel, setAccountLabel] = useState('');
  /** The key typed is one this app already keeps: offer to open its account (no dead end). */
  const [known, setKnown] = useState(false);
  const ids = { url: useId(), providerKey: useId(), connect: useId(), label: useId() };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const problems = { url: addressProblem(url), providerKey: keyProblem(providerKey) };
    if (problems.url !== undefined || problems.providerKey !== undefined) {
      refuse(problems);
      return;
    }
    // addressProblem refused an address without its scheme: it is sent as typed.
    const address = url.trim();
    const label = accountLabel.trim();
    const body = { baseUrl: address, key: providerKey.trim(), ...(label === '' ? {} : { name: label }) };
    setKnown(false);
    run('connect', { kind: 'connect', body }, 'connect', (error) => {
      // The service's one conflict about the key itself (a name in use is the other conflict).
      const aboutKey = error instanceof ApiError && error.code === 'conflict' && /\bkey\b/.test(error.message);
      setKnown(aboutKey);
      return connectMessage(error);
    });
  };
  const open = () => {
    run('key', { kind: 'key', key: providerKey.trim() }, 'connect', knownKeyMessage);
  };
  return (
    <form className="card connect-card" onSubmit={submit} noValidate aria-labelledby="connect-title">
      <h2 id="connect-title">Connect to your provider</h2>
      <p>
        Watch your real account: the address of your provider&apos;s account API and the key it gave you. The key is
        checked with your provider before it is kept.
      </p>
      <div className="connect-fields">
        <div>
          <label htmlFor={ids.url}>Provider address</label>
          <input
            id={ids.url}
            name="provider-address"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={url}
            placeholder="https://api.example.net/v1"
            onChange={(e) => {
              setUrl(e.target.value);
            }}
            aria-invalid={errors.url !== undefined}
            aria-describedby={errors.url ? `${ids.url}-error` : undefined}
          />
          <FieldError id={`${ids.url}-error`} message={errors.url} />
        </div>
        <div>
          <label htmlFor={ids.providerKey}>Your API key</label>
          <input
            id={ids.providerKey}
            name="provider-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={providerKey}
            onChange={(e) => {
              setProviderKey(e.target.value);
            }}
            aria-invalid={errors.providerKey !== undefined}
            aria-describedby={errors.providerKey ? `${ids.providerKey}-error` : undefined}
          />
          <FieldError id={`${ids.providerKey}-error`} message={errors.providerKey} />
        </div>
        <div>
          <label htmlFor={ids.label}>Name for this account (optional)</label>
          <input
            id={ids.label}
            name="provider-name"
            type="text"
            autoComplete="off"
            value={accountLabel}
            placeholder="the provider's host"
            onChange={(e) => {
              setAccountLabel(e.target.value);
            }}
          />
        </div>
      </div>
      <FieldError id={ids.connect} message={errors.connect} />
      {known && errors.connect !== undefined && (
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
