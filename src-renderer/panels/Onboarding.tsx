// First run: no key stored. Three ways in: an existing key (checked by the service against
// get_balance), a new local account, or demo data. The key itself never comes back to the page.
import { useId, useState, type SyntheticEvent } from 'react';
import { api, ApiError } from '../api/client.ts';
import type { Status } from '../api/types.ts';
import { messageOf } from '../hooks.ts';
import { FieldError, Notice } from '../components/Notice.tsx';
import { vaultReason } from './VaultNote.tsx';
import { API_KEY_LENGTH, apiKeyProblem } from '../../src-shared/limits.ts';

type Busy = 'key' | 'account' | 'demo' | undefined;

export const DEFAULT_ACCOUNT_NAME = 'My hosting account';

export function keyProblem(key: string): string | undefined {
  const k = key.trim();
  if (k === '') return 'Paste your API key first.';
  const problem = apiKeyProblem(k);
  if (problem === 'length') return `An API key is ${API_KEY_LENGTH.min} to ${API_KEY_LENGTH.max} characters long.`;
  if (problem === 'characters') return 'An API key has no spaces or special characters.';
  return undefined;
}

export function Onboarding({ status, done }: { status: Status; done: () => Promise<void> }) {
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<Busy>();
  const [errors, setErrors] = useState<{ key?: string; name?: string; demo?: string }>({});
  const keyErrorId = useId();
  const nameErrorId = useId();
  const nameHintId = useId();

  const run = async (which: Exclude<Busy, undefined>, action: () => Promise<unknown>, field: 'key' | 'name' | 'demo') => {
    setBusy(which);
    setErrors({});
    try {
      await action();
      await done();
    } catch (error) {
      const message = error instanceof ApiError && error.code === 'invalid_key'
        ? 'The service does not know this key (or it was revoked). Check it and try again.'
        : messageOf(error);
      setErrors({ [field]: message });
      setBusy(undefined);
    }
  };

  const submitKey = (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = keyProblem(key);
    if (problem !== undefined) { setErrors({ key: problem }); return; }
    void run('key', () => api.useKey(key.trim()), 'key');
  };
  const submitAccount = (e: SyntheticEvent) => {
    e.preventDefault();
    // A name is optional: a new user who just presses the button still gets an account.
    void run('account', () => api.createAccount(name.trim() === '' ? DEFAULT_ACCOUNT_NAME : name.trim()), 'name');
  };

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Set up Account Monitor</h1>
      <p className="lead">Choose how to start. You can change this later.</p>
      <StoreNote status={status} />
      <div className="onboarding-grid">
        <form className="card" onSubmit={submitKey} noValidate>
          <h2 id="paste-title">I have an API key</h2>
          <p>Paste the key your hosting provider gave you. It is checked with the service before it is kept.</p>
          <label htmlFor="api-key">API key</label>
          <input id="api-key" name="api-key" type="password" autoComplete="off" spellCheck={false} value={key}
            onChange={(e) => { setKey(e.target.value); }} aria-invalid={errors.key !== undefined} aria-describedby={errors.key ? keyErrorId : undefined} />
          <FieldError id={keyErrorId} message={errors.key} />
          <button type="submit" disabled={busy !== undefined}>{busy === 'key' ? 'Checking…' : 'Use this key'}</button>
        </form>
        <form className="card" onSubmit={submitAccount} noValidate>
          <h2 id="create-title">New local account</h2>
          <p>Start an empty account on this computer and record top-ups and charges yourself.</p>
          <label htmlFor="account-name">Account name</label>
          <input id="account-name" name="account-name" type="text" autoComplete="off" value={name}
            placeholder={DEFAULT_ACCOUNT_NAME} onChange={(e) => { setName(e.target.value); }} aria-invalid={errors.name !== undefined}
            aria-describedby={`${nameHintId}${errors.name ? ` ${nameErrorId}` : ''}`} />
          <p id={nameHintId} className="muted small">Optional: &ldquo;{DEFAULT_ACCOUNT_NAME}&rdquo; if left empty.</p>
          <FieldError id={nameErrorId} message={errors.name} />
          <button type="submit" disabled={busy !== undefined}>{busy === 'account' ? 'Creating…' : 'Create a local account'}</button>
        </form>
        <div className="card">
          <h2>Just looking</h2>
          <p>Try the app with a year of made-up history, two hosting charges and a future top-up.</p>
          <button type="button" className="primary" disabled={busy !== undefined} onClick={() => { void run('demo', api.demo, 'demo'); }}>
            {busy === 'demo' ? 'Creating demo data…' : 'Start with demo data'}
          </button>
          {errors.demo !== undefined && <Notice tone="error" title="Could not create the demo" headingLevel={3}><p>{errors.demo}</p></Notice>}
        </div>
      </div>
    </section>
  );
}

function StoreNote({ status }: { status: Status }) {
  const reason = vaultReason(status);
  if (status.vault.mode === 'keychain') {
    return <p className="vault-note"><span aria-hidden="true" className="vault-mark">■ </span>The key will be kept in {status.vault.store}, not in this page.</p>;
  }
  return (
    <Notice tone="warning" title="No keychain available">
      <p>The key will be kept for this session only. It is never written to disk in plain text, so you will be asked for it again next time.</p>
      {reason !== undefined && <p className="small" data-testid="vault-reason">Why: {reason}</p>}
    </Notice>
  );
}
