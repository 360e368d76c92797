// The window: asks the service for its status, then shows onboarding (no account yet, or adding
// one), the chosen account's panels, sign-in (a browser page without the access token), or a
// designed error state (service unreachable, key refused). Data comes through the query cache
// (src-renderer/data); a failure any read reports is judged once, by app/trouble.ts. The shell
// composes the features; they never import each other (a lint zone, eslint.config.js). What is
// not the dashboard (onboarding, sign-in, the alerts) comes in its own chunk (app/parts.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useStatus } from './data/queries.ts';
import { createQueryClient } from './data/query-client.ts';
import { shownAccount, useAccountChoice } from './app/account-choice.ts';
import { AccountPanels } from './app/AccountPanels.tsx';
import { Header } from './app/Header.tsx';
import { KeyRefused, Problem } from './app/Problem.tsx';
import { useTrouble } from './app/trouble.ts';
import { alertsPart, onboardingPart, signInPart } from './app/parts.ts';
import { Deferred } from './components/Deferred.tsx';
import { PanelBoundary } from './components/PanelBoundary.tsx';
import { WindowTitle } from './features/alerts/WindowTitle.tsx';

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
  const status = useStatus();
  const { trouble, startAgain, reloadStatus } = useTrouble(reportTo);
  const { chosen, choose, adding, setAdding, setUnderWay, arrived, added } = useAccountChoice(reloadStatus);

  const ready = trouble === undefined ? status.data : undefined;
  const current = ready === undefined ? undefined : shownAccount(ready.accounts, chosen);
  let body;
  if (trouble?.kind === 'sign-in')
    body = (
      <PanelBoundary name="the sign-in form" id="sign-in">
        <Deferred part={signInPart} props={{ refused: trouble.refused, done: startAgain }} />
      </PanelBoundary>
    );
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
      <PanelBoundary name="the setup" id="onboarding">
        <Deferred
          part={onboardingPart}
          props={{
            status: ready,
            underWay: setUnderWay,
            done: added,
            cancel:
              current === undefined
                ? undefined
                : () => {
                    setAdding(false);
                    setUnderWay(false);
                  },
          }}
        />
      </PanelBoundary>
    );
  else if (current.key === 'invalid') body = <KeyRefused account={current} reload={reloadStatus} />;
  else
    body = (
      <>
        <AccountPanels key={current.id} status={ready} account={current} arrived={arrived} />
        <WindowTitle status={ready} />
        {/* Every account's alerts, below the chosen account's panels (the live updates come with those). */}
        <PanelBoundary name="the alerts" id="alerts">
          <Deferred part={alertsPart} id="alerts" props={{}} />
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
        choose={choose}
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
