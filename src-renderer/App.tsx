// The window: asks the service for its status, then shows onboarding (no account yet, or adding
// one), the chosen account's panels, sign-in (a browser page without the access token), or a
// designed error state (service unreachable, key refused). The chosen account is kept in the
// address (?account=ID), so a reload keeps it and two tabs can show two accounts.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { accessToken, forgetToken } from './api/access-token.ts';
import { accountApi, api, ApiError } from './api/client.ts';
import type { AccountSummary, Status } from './api/types.ts';
import { AppContext, messageOf, useLiveUpdates, type AppContextValue } from './hooks.ts';
import { Notice } from './components/Notice.tsx';
import { Onboarding } from './panels/Onboarding.tsx';
import { Dashboard } from './panels/Dashboard.tsx';
import { LedgerPanel } from './panels/LedgerPanel.tsx';
import { SettingsPanel } from './panels/SettingsPanel.tsx';
import { ApiPanel } from './panels/ApiPanel.tsx';
import { VaultNote } from './panels/VaultNote.tsx';
import { SignIn } from './panels/SignIn.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; status: Status }
  | { kind: 'sign-in'; refused: boolean }
  | { kind: 'problem'; error: ApiError | Error };

/** A refused token is dropped (it will not start working again); the page asks for the new one. */
function signIn(): Phase {
  const refused = accessToken() !== undefined;
  forgetToken();
  return { kind: 'sign-in', refused };
}

const ACCOUNT_PARAM = 'account';

/** The account named in the address, if any. */
export function accountInAddress(): number | undefined {
  const text = new URLSearchParams(location.search).get(ACCOUNT_PARAM);
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** Keeps the chosen account in the address without reloading (the #section stays). */
function putAccountInAddress(id: number): void {
  const url = new URL(location.href);
  url.searchParams.set(ACCOUNT_PARAM, String(id));
  history.replaceState(history.state, '', url);
}

export function App() {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [revision, setRevision] = useState(0);
  const [chosen, setChosen] = useState<number | undefined>(accountInAddress);
  const [adding, setAdding] = useState(false);

  const load = useCallback(async () => {
    try {
      setPhase({ kind: 'ready', status: await api.status() });
    } catch (error) {
      setPhase(
        error instanceof ApiError && error.kind === 'token'
          ? signIn()
          : { kind: 'problem', error: error instanceof Error ? error : new Error(String(error)) },
      );
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const choose = useCallback((id: number) => {
    setChosen(id);
    putAccountInAddress(id);
  }, []);

  const report = useCallback(
    (error: unknown) => {
      if (
        error instanceof ApiError &&
        (error.kind === 'unreachable' || error.kind === 'token' || error.kind === 'revoked' || error.kind === 'no_key')
      ) {
        // An account no longer in the window, or a key refused now: the status says which.
        if (error.kind === 'no_key' || error.kind === 'revoked') {
          void load();
          return;
        }
        setPhase(error.kind === 'token' ? signIn() : { kind: 'problem', error });
      }
    },
    [load],
  );

  const changed = useCallback(() => {
    setRevision((r) => r + 1);
  }, []);

  const added = useCallback(
    async (account?: AccountSummary) => {
      setAdding(false);
      if (account !== undefined) choose(account.id);
      await load();
    },
    [choose, load],
  );

  const status = phase.kind === 'ready' ? phase.status : undefined;
  const current = status?.accounts.find((a) => a.id === chosen) ?? status?.accounts[0];

  let body;
  if (phase.kind === 'loading') {
    body = (
      <p className="loading" role="status">
        Connecting to the Account Monitor service…
      </p>
    );
  } else if (phase.kind === 'sign-in') {
    body = (
      <SignIn
        refused={phase.refused}
        done={() => {
          setPhase({ kind: 'loading' });
          void load();
        }}
      />
    );
  } else if (phase.kind === 'problem') {
    body = (
      <Problem
        error={phase.error}
        retry={() => {
          setPhase({ kind: 'loading' });
          void load();
        }}
      />
    );
  } else if (current === undefined || adding) {
    body = (
      <Onboarding
        status={phase.status}
        done={added}
        cancel={
          current === undefined
            ? undefined
            : () => {
                setAdding(false);
              }
        }
      />
    );
  } else if (current.key === 'invalid') {
    body = <KeyRefused account={current} reload={load} />;
  } else {
    body = (
      <Panels
        key={current.id}
        status={phase.status}
        account={current}
        revision={revision}
        changed={changed}
        report={report}
        reloadStatus={load}
      />
    );
  }
  const showing = status !== undefined && current !== undefined && !adding ? status : undefined;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            £
          </span>
          <span className="brand-name">Account Monitor</span>
        </div>
        {showing !== undefined && current !== undefined && (
          <>
            <AccountSwitcher
              accounts={showing.accounts}
              current={current}
              choose={choose}
              add={() => {
                setAdding(true);
              }}
            />
            {current.key !== 'invalid' && <Nav account={current} />}
          </>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {body}
      </main>
    </>
  );
}

/** Which account the window shows: a choice when there are several, and a way to add another. */
function AccountSwitcher({
  accounts,
  current,
  choose,
  add,
}: {
  accounts: AccountSummary[];
  current: AccountSummary;
  choose: (id: number) => void;
  add: () => void;
}) {
  return (
    <div className="account-switcher">
      {accounts.length > 1 && (
        <>
          <label htmlFor="account-choice">Account</label>
          <select
            id="account-choice"
            value={current.id}
            onChange={(e) => {
              choose(Number(e.target.value));
            }}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.kind === 'remote' ? ' (provider)' : ''}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="button" className="link-button" onClick={add}>
        Add account
      </button>
    </div>
  );
}

function Nav({ account }: { account: AccountSummary }) {
  return (
    <nav aria-label="Panels" className="app-nav">
      <a href="#dashboard">Dashboard</a>
      {account.kind === 'local' && <a href="#ledger">Ledger</a>}
      <a href="#settings">Settings</a>
      <a href="#local-api">Local API</a>
      <span className="account-name">Account: {account.name}</span>
    </nav>
  );
}

type PanelsProps = Omit<AppContextValue, 'api'>;

function Panels({ status, account, revision, changed, report, reloadStatus }: PanelsProps) {
  const accountCalls = useMemo(() => accountApi(account.id), [account.id]);
  const value = useMemo(
    () => ({ status, account, api: accountCalls, revision, changed, report, reloadStatus }),
    [status, account, accountCalls, revision, changed, report, reloadStatus],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // Any write, from here or elsewhere (the CLI, another window, a background check): read again.
  useLiveUpdates(
    useCallback(() => {
      changed();
      void reloadStatus();
    }, [changed, reloadStatus]),
  );
  // After onboarding, keyboard users land on the dashboard rather than back at the top.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // A connected account is checked again when the window comes back into view (at most once a
  // minute, and never against the provider's backoff or Retry-After: the service decides).
  useEffect(() => {
    if (account.kind !== 'remote') return;
    const onFocus = () => {
      accountCalls.refresh(false).then(() => reloadStatus(), report);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, [account.kind, accountCalls, reloadStatus, report]);
  return (
    <AppContext.Provider value={value}>
      <h1 className="visually-hidden" tabIndex={-1} ref={heading}>
        Account Monitor
      </h1>
      <VaultNote status={status} />
      <Dashboard />
      {account.kind === 'local' && <LedgerPanel />}
      <SettingsPanel />
      <ApiPanel />
    </AppContext.Provider>
  );
}

function KeyRefused({ account, reload }: { account: AccountSummary; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const forget = async () => {
    setBusy(true);
    try {
      await accountApi(account.id).forgetKey();
    } catch {
      /* the status reload below shows any remaining problem */
    }
    await reload();
  };
  return (
    <Notice tone="error" title="Your API key was refused">
      <p>
        The service no longer accepts the key of &ldquo;{account.name}&rdquo;. It may have been revoked, or the account
        removed or disconnected.
      </p>
      <p>Forget it and set up the window again with a new key.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          void forget();
        }}
      >
        Use a different key
      </button>
    </Notice>
  );
}

function Problem({ error, retry }: { error: ApiError | Error; retry: () => void }) {
  const kind = error instanceof ApiError ? error.kind : 'other';
  if (kind === 'unreachable') {
    return (
      <Notice tone="error" title="The service is not answering">
        <p>The window could not reach the Account Monitor service. It may have stopped or be starting up.</p>
        <p>
          Start it again (for example <code>npm start</code>, or <code>npm run cli -- serve</code>) and then try again.
        </p>
        <button type="button" onClick={retry}>
          Try again
        </button>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Something went wrong">
      <p>{messageOf(error)}</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </Notice>
  );
}
