// The window: asks the service for its status, then shows onboarding (no account yet, or adding
// one), the chosen account's panels, sign-in (a browser page without the access token), or a
// designed error state (service unreachable, key refused). Data comes through the query cache
// (src-renderer/data); a failure any read reports lands in `report` here, once.
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { accessToken, forgetToken } from './api/access-token.ts';
import { ApiError } from './api/client.ts';
import type { AccountSummary, Status } from '../src-shared/app-api.ts';
import { keys } from './data/keys.ts';
import { useStatus } from './data/queries.ts';
import { createQueryClient } from './data/query-client.ts';
import { accountInAddress, putAccountInAddress } from './app/address.ts';
import { AccountPanels } from './app/AccountPanels.tsx';
import { Header } from './app/Header.tsx';
import { KeyRefused, Problem } from './app/Problem.tsx';
import { PanelBoundary } from './components/PanelBoundary.tsx';
import { AlertsPanel } from './features/alerts/AlertsPanel.tsx';
import { WindowTitle } from './features/alerts/WindowTitle.tsx';
import { Onboarding } from './features/onboarding/Onboarding.tsx';
import { SignIn } from './features/sign-in/SignIn.tsx';

/** What keeps the window from showing its data: the access token, or a service that does not answer. */
type Trouble = { kind: 'sign-in'; refused: boolean } | { kind: 'problem'; error: Error };

/** A refused token is dropped (it will not start working again); the page asks for the new one. */
function signIn(): Trouble {
  const refused = accessToken() !== undefined;
  forgetToken();
  return { kind: 'sign-in', refused };
}

export function App() {
  const report = useRef<(error: unknown) => void>(() => undefined);
  const [client] = useState(() =>
    createQueryClient((error) => {
      report.current(error);
    }),
  );
  return (
    <QueryClientProvider client={client}>
      <Window reportTo={report} />
    </QueryClientProvider>
  );
}

function Window({ reportTo }: { reportTo: { current: (error: unknown) => void } }) {
  const client = useQueryClient();
  const status = useStatus();
  const [trouble, setTrouble] = useState<Trouble>();
  const [chosen, setChosen] = useState<number | undefined>(accountInAddress);
  const [adding, setAdding] = useState(false);
  // An account just added in onboarding: its panels take the focus when they appear.
  const [arrived, setArrived] = useState(false);

  const reloadStatus = useCallback(() => client.invalidateQueries({ queryKey: keys.status }), [client]);
  const startAgain = useCallback(() => {
    setTrouble(undefined);
    void client.resetQueries({ queryKey: keys.status });
  }, [client]);
  useEffect(() => {
    reportTo.current = (error) => {
      if (!(error instanceof ApiError)) return;
      // An account no longer in the window, or a key refused now: the status says which.
      if (error.kind === 'no_key' || error.kind === 'revoked') void reloadStatus();
      else if (error.kind === 'token') setTrouble(signIn());
      else if (error.kind === 'unreachable') setTrouble({ kind: 'problem', error });
    };
  }, [reportTo, reloadStatus]);

  const choose = useCallback((id: number) => {
    setChosen(id);
    putAccountInAddress(id);
  }, []);
  const added = useCallback(
    async (account: AccountSummary) => {
      // The new account is in the list at once; the status is then read again for the rest.
      client.setQueryData<Status>(keys.status, (s) =>
        s === undefined || s.accounts.some((a) => a.id === account.id)
          ? s
          : { ...s, accounts: [...s.accounts, account] },
      );
      setAdding(false);
      setArrived(true);
      choose(account.id);
      await reloadStatus();
    },
    [client, choose, reloadStatus],
  );

  const ready = trouble === undefined ? status.data : undefined;
  const current = ready?.accounts.find((a) => a.id === chosen) ?? ready?.accounts[0];
  let body;
  if (trouble?.kind === 'sign-in') body = <SignIn refused={trouble.refused} done={startAgain} />;
  else if (trouble?.kind === 'problem') body = <Problem error={trouble.error} retry={startAgain} />;
  else if (status.error !== null && status.data === undefined)
    body = <Problem error={status.error} retry={startAgain} />;
  else if (ready === undefined)
    body = (
      <p className="loading" role="status">
        Connecting to the Account Monitor service…
      </p>
    );
  else if (current === undefined || adding)
    body = (
      <Onboarding
        status={ready}
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
  else if (current.key === 'invalid') body = <KeyRefused account={current} reload={reloadStatus} />;
  else
    body = (
      <>
        <AccountPanels key={current.id} status={ready} account={current} arrived={arrived} />
        <WindowTitle status={ready} />
        {/* Every account's alerts, below the chosen account's panels (the live updates come with those). */}
        <PanelBoundary name="the alerts" id="alerts">
          <AlertsPanel />
        </PanelBoundary>
      </>
    );

  const showing = ready !== undefined && current !== undefined && !adding ? ready : undefined;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header
        accounts={showing?.accounts}
        current={current}
        choose={(id) => {
          setArrived(false);
          choose(id);
        }}
        add={() => {
          setAdding(true);
        }}
      />
      <main id="main" tabIndex={-1}>
        {body}
      </main>
    </>
  );
}
