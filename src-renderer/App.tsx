// The window: asks the service for its status, then shows onboarding, the panels, sign-in (a
// browser page without the access token), or a designed error state (service unreachable, key
// revoked).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { accessToken, forgetToken } from './api/access-token.ts';
import { api, ApiError } from './api/client.ts';
import type { Status } from './api/types.ts';
import { AppContext, messageOf, type AppContextValue } from './hooks.ts';
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

export function App() {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [revision, setRevision] = useState(0);

  const load = useCallback(async () => {
    try {
      setPhase({ kind: 'ready', status: await api.status() });
    } catch (error) {
      setPhase(error instanceof ApiError && error.kind === 'token' ? signIn() : { kind: 'problem', error: error instanceof Error ? error : new Error(String(error)) });
    }
  }, []);

  useEffect(() => { void load(); }, [load]);

  const report = useCallback((error: unknown) => {
    if (error instanceof ApiError && (error.kind === 'unreachable' || error.kind === 'token' || error.kind === 'revoked' || error.kind === 'no_key')) {
      if (error.kind === 'no_key') { void load(); return; }
      setPhase(error.kind === 'token' ? signIn() : { kind: 'problem', error });
    }
  }, [load]);

  const changed = useCallback(() => { setRevision((r) => r + 1); }, []);

  let body;
  if (phase.kind === 'loading') {
    body = <p className="loading" role="status">Connecting to the Account Monitor service…</p>;
  } else if (phase.kind === 'sign-in') {
    body = <SignIn refused={phase.refused} done={() => { setPhase({ kind: 'loading' }); void load(); }} />;
  } else if (phase.kind === 'problem') {
    body = <Problem error={phase.error} retry={() => { setPhase({ kind: 'loading' }); void load(); }} reload={load} />;
  } else if (phase.status.key === 'invalid') {
    body = <Problem error={new ApiError('revoked', 403, 'invalid_key', 'The stored key was refused.')} retry={() => { void load(); }} reload={load} />;
  } else if (phase.status.key === 'none') {
    body = <Onboarding status={phase.status} done={load} />;
  } else {
    body = <Panels status={phase.status} revision={revision} changed={changed} report={report} />;
  }
  return (
    <>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="app-header">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">£</span>
          <span className="brand-name">Account Monitor</span>
        </div>
        {phase.kind === 'ready' && (phase.status.key === 'stored' || phase.status.key === 'session') && <Nav status={phase.status} />}
      </header>
      <main id="main" tabIndex={-1}>{body}</main>
    </>
  );
}

function Nav({ status }: { status: Status }) {
  return (
    <nav aria-label="Panels" className="app-nav">
      <a href="#dashboard">Dashboard</a>
      <a href="#ledger">Ledger</a>
      <a href="#settings">Settings</a>
      <a href="#local-api">Local API</a>
      {status.account && <span className="account-name">Account: {status.account.name}</span>}
    </nav>
  );
}

function Panels({ status, revision, changed, report }: { status: Status } & Omit<AppContextValue, 'status'>) {
  const value = useMemo(() => ({ status, revision, changed, report }), [status, revision, changed, report]);
  const heading = useRef<HTMLHeadingElement>(null);
  // After onboarding, keyboard users land on the dashboard rather than back at the top.
  useEffect(() => { heading.current?.focus(); }, []);
  return (
    <AppContext.Provider value={value}>
      <h1 className="visually-hidden" tabIndex={-1} ref={heading}>Account Monitor</h1>
      <VaultNote status={status} />
      <Dashboard />
      <LedgerPanel />
      <SettingsPanel />
      <ApiPanel />
    </AppContext.Provider>
  );
}

function Problem({ error, retry, reload }: { error: ApiError | Error; retry: () => void; reload: () => Promise<void> }) {
  const kind = error instanceof ApiError ? error.kind : 'other';
  const [busy, setBusy] = useState(false);
  if (kind === 'unreachable') {
    return (
      <Notice tone="error" title="The service is not answering">
        <p>The window could not reach the Account Monitor service. It may have stopped or be starting up.</p>
        <p>Start it again (for example <code>npm start</code>, or <code>npm run cli -- serve</code>) and then try again.</p>
        <button type="button" onClick={retry}>Try again</button>
      </Notice>
    );
  }
  if (kind === 'revoked') {
    const forget = async () => {
      setBusy(true);
      try { await api.forgetKey(); } catch { /* the status reload below shows any remaining problem */ }
      await reload();
    };
    return (
      <Notice tone="error" title="Your API key was refused">
        <p>The service no longer accepts the stored key. It may have been revoked, or the account removed.</p>
        <p>Forget it and set up the window again with a new key.</p>
        <button type="button" disabled={busy} onClick={() => { void forget(); }}>Use a different key</button>
      </Notice>
    );
  }
  return (
    <Notice tone="error" title="Something went wrong">
      <p>{messageOf(error)}</p>
      <button type="button" onClick={retry}>Try again</button>
    </Notice>
  );
}
