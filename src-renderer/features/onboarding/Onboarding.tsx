// Adding an account (the first run, or "Add account"). First choice: connect to your provider
// with its address and the key it gave you (checked with the provider before anything is kept).
// The others: a new local account, demo data, or a key this app already knows. Keys never come
// back to the page.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { api, ApiError } from '../api/client.ts';
import type { AccountSummary, Status } from '../api/types.ts';
import { messageOf } from '../hooks.ts';
import { FieldError, Notice } from '../components/Notice.tsx';
import { PoundsField } from '../components/PoundsField.tsx';
import { parsePounds } from '../../src-shared/money/parse-pounds.ts';
import { vaultReason } from './VaultNote.tsx';
import { API_KEY_LENGTH, apiKeyProblem } from '../../src-shared/limits.ts';

type Busy = 'connect' | 'key' | 'account' | 'demo' | undefined;
type Field = 'url' | 'providerKey' | 'connect' | 'key' | 'name' | 'opening' | 'demo';

export const DEFAULT_ACCOUNT_NAME = 'My hosting account';

export function keyProblem(key: string): string | undefined {
  const k = key.trim();
  if (k === '') return 'Paste your API key first.';
  const problem = apiKeyProblem(k);
  if (problem === 'length') return `An API key is ${API_KEY_LENGTH.min} to ${API_KEY_LENGTH.max} characters long.`;
  if (problem === 'characters') return 'An API key has no spaces or special characters.';
  return undefined;
}

/** The provider's address as typed: a URL with http(s), or a host (https is assumed). */
export function addressProblem(text: string): string | undefined {
  const t = text.trim();
  if (t === '') return "Type the address of your provider's API first, for example https://api.example.net/v1.";
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(t) ? t : `https://${t}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The address starts with https://.';
  } catch {
    return 'That is not a web address: write it as https://host/path.';
  }
  return undefined;
}

/** A connection failure in words, with the next step (the service's message says which way it failed). */
export function connectMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return messageOf(error);
  const next: Record<string, string> = {
    key_refused: 'Wrong key: ',
    provider_unreachable: 'Cannot reach the provider: ',
    provider_timeout: 'The provider did not answer in time: ',
    provider_bad_answer: 'Not the account API: ',
  };
  return `${next[error.code] ?? ''}${error.message}`;
}

export function Onboarding({
  status,
  done,
  cancel,
}: {
  status: Status;
  done: (account?: AccountSummary) => Promise<void>;
  cancel: (() => void) | undefined;
}) {
  const [url, setUrl] = useState('');
  const [providerKey, setProviderKey] = useState('');
  const [accountLabel, setAccountLabel] = useState('');
  const [key, setKey] = useState('');
  const [name, setName] = useState('');
  const [opening, setOpening] = useState('');
  const [failedOnOpening, setFailedOnOpening] = useState(0);
  const [created, setCreated] = useState<{ account: AccountSummary; key: string }>();
  const [busy, setBusy] = useState<Busy>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const ids = {
    url: useId(),
    providerKey: useId(),
    connect: useId(),
    key: useId(),
    name: useId(),
    nameHint: useId(),
    label: useId(),
  };

  const run = async (
    which: Exclude<Busy, undefined>,
    action: () => Promise<{ account: AccountSummary; newKey?: string }>,
    field: Field,
    words: (error: unknown) => string = messageOf,
  ) => {
    setBusy(which);
    setErrors({});
    try {
      const { account, newKey } = await action();
      // A new account's key is shown once before moving on; a known or connected one is not.
      if (newKey !== undefined) {
        setCreated({ account, key: newKey });
        return;
      }
      await done(account);
    } catch (error) {
      setErrors({ [field]: words(error) });
      setBusy(undefined);
    }
  };

  const submitConnect = (e: SyntheticEvent) => {
    e.preventDefault();
    const problems = { url: addressProblem(url), providerKey: keyProblem(providerKey) };
    if (problems.url !== undefined || problems.providerKey !== undefined) {
      setErrors(problems);
      return;
    }
    const address = /^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
    const label = accountLabel.trim();
    void run(
      'connect',
      () => api.connect({ baseUrl: address, key: providerKey.trim(), ...(label === '' ? {} : { name: label }) }),
      'connect',
      connectMessage,
    );
  };
  const submitKey = (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = keyProblem(key);
    if (problem !== undefined) {
      setErrors({ key: problem });
      return;
    }
    void run(
      'key',
      () => api.useKey(key.trim()),
      'key',
      (error) =>
        error instanceof ApiError && error.code === 'invalid_key'
          ? 'The service does not know this key (or it was revoked). Check it and try again; a key from your provider goes in "Connect to your provider".'
          : messageOf(error),
    );
  };
  const submitAccount = (e: SyntheticEvent) => {
    e.preventDefault();
    // A name is optional: a new user who just presses the button still gets an account.
    const balance = opening.trim() === '' ? undefined : parsePounds(opening, { signed: true, zero: true });
    if (balance?.ok === false) {
      setErrors({ opening: balance.message });
      setFailedOnOpening((n) => n + 1);
      return;
    }
    const pence = balance === undefined || balance.pence === '0' ? undefined : balance.pence;
    void run(
      'account',
      () => api.createAccount(name.trim() === '' ? DEFAULT_ACCOUNT_NAME : name.trim(), pence),
      'name',
    );
  };

  if (created !== undefined)
    return <NewKey account={created.account} newKey={created.key} status={status} done={() => done(created.account)} />;

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">{cancel === undefined ? 'Set up Account Monitor' : 'Add an account'}</h1>
      <p className="lead">Choose how to start. You can add more accounts later.</p>
      {cancel !== undefined && (
        <p>
          <button type="button" className="link-button" onClick={cancel}>
            Back to your accounts
          </button>
        </p>
      )}
      <StoreNote status={status} />
      <form className="card connect-card" onSubmit={submitConnect} noValidate aria-labelledby="connect-title">
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
        <button type="submit" className="primary" disabled={busy !== undefined}>
          {busy === 'connect' ? 'Checking with your provider…' : 'Connect'}
        </button>
      </form>
      <div className="onboarding-grid">
        <form className="card" onSubmit={submitAccount} noValidate>
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
        <div className="card">
          <h2>Just looking</h2>
          <p>Try the app with a year of made-up history, two hosting charges and a future top-up.</p>
          <button
            type="button"
            disabled={busy !== undefined}
            onClick={() => {
              void run('demo', api.demo, 'demo');
            }}
          >
            {busy === 'demo' ? 'Creating demo data…' : 'Start with demo data'}
          </button>
          {errors.demo !== undefined && (
            <Notice tone="error" title="Could not create the demo" headingLevel={3}>
              <p>{errors.demo}</p>
            </Notice>
          )}
        </div>
        <form className="card" onSubmit={submitKey} noValidate>
          <h2 id="paste-title">A key this app knows</h2>
          <p>
            The key of an account kept on this computer (made with <code>account-monitor account create</code> or{' '}
            <code>demo</code>), or of one already connected.
          </p>
          <label htmlFor="api-key">Key of an account in this app</label>
          <input
            id="api-key"
            name="api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
            }}
            aria-invalid={errors.key !== undefined}
            aria-describedby={errors.key ? ids.key : undefined}
          />
          <FieldError id={ids.key} message={errors.key} />
          <button type="submit" disabled={busy !== undefined}>
            {busy === 'key' ? 'Checking…' : 'Use this key'}
          </button>
        </form>
      </div>
    </section>
  );
}

function StoreNote({ status }: { status: Status }) {
  const reason = vaultReason(status);
  if (status.vault.mode === 'keychain') {
    return (
      <p className="vault-note">
        <span aria-hidden="true" className="vault-mark">
          ■{' '}
        </span>
        Keys will be kept in {status.vault.store}, not in this page.
      </p>
    );
  }
  return (
    <Notice tone="warning" title="No keychain available">
      <p>
        Keys will be kept for this session only. They are never written to disk in plain text, so you will be asked for
        them again next time.
      </p>
      {reason !== undefined && (
        <p className="small" data-testid="vault-reason">
          Why: {reason}
        </p>
      )}
    </Notice>
  );
}

/**
 * A new account's key, shown this once: scripts, the CLI and this window after a restart without
 * a keychain need it, and nothing shows it again. The user moves on when they have kept it.
 */
function NewKey({
  account,
  newKey,
  status,
  done,
}: {
  account: AccountSummary;
  newKey: string;
  status: Status;
  done: () => Promise<void>;
}) {
  const [copied, setCopied] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the news, not at the top of the page.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(newKey);
      setCopied('Copied. Paste it somewhere safe, such as your password manager.');
    } catch {
      setCopied('Copying is not allowed here: select the key and copy it by hand.');
    }
  };
  const next = () => {
    setLeaving(true);
    void done();
  };
  return (
    <section className="onboarding" aria-labelledby="new-key-title">
      <h1 id="new-key-title" tabIndex={-1} ref={heading}>
        Keep your new key
      </h1>
      <div className="card new-key-card">
        <p>
          This is the API key of &ldquo;{account.name}&rdquo;. Scripts and the command line use it to read the balance,
          and it is the only way back to this account&apos;s data.
        </p>
        <p className="new-key">
          <code data-testid="new-key">{newKey}</code>
        </p>
        <p>
          <button
            type="button"
            onClick={() => {
              void copy();
            }}
          >
            Copy key
          </button>
        </p>
        <p role="status" className="saved">
          {copied}
        </p>
        <Notice tone="warning" title="Keep this key" headingLevel={2}>
          <p>
            It is shown only this once.{' '}
            {status.vault.mode === 'keychain'
              ? `This window keeps it in ${status.vault.store}, but if you forget it there or move to another computer you will need it again.`
              : 'There is no keychain here: this window holds it for this session only, so after a restart you will have to paste it again.'}
          </p>
        </Notice>
        <div className="dialog-buttons">
          <button type="button" disabled={leaving} onClick={next}>
            Continue
          </button>
          <button type="button" className="primary" disabled={leaving} onClick={next}>
            I&apos;ve saved it
          </button>
        </div>
      </div>
    </section>
  );
}
