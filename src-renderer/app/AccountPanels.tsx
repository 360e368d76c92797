// The panels of one account, each in its own error boundary, with the live updates that keep them
// current. A connected account is checked again when the window comes back into view (at most
// once a minute, and never against the provider's backoff or Retry-After: the service decides).
// The dashboard is drawn from the first chunk; the other panels' code comes when they are first
// shown, or once the dashboard's first answers are in and the window is idle (app/parts.ts).
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { accountApi } from '../api/client.ts';
import type { AccountSummary, Status } from '../../src-shared/app-api.ts';
import { Deferred } from '../components/Deferred.tsx';
import { PanelBoundary } from '../components/PanelBoundary.tsx';
import { AccountContext } from '../data/account-context.ts';
import { useLiveUpdates } from '../data/live.ts';
import { useRefresh } from '../data/writes.ts';
import { Dashboard } from '../features/dashboard/Dashboard.tsx';
import { prefetchWhenIdle } from '../lib/part.ts';
import { AFTER_DASHBOARD, apiPart, importPart, ledgerPart, settingsPart } from './parts.ts';
import { VaultNote } from './VaultNote.tsx';

export function AccountPanels({
  status,
  account,
  arrived = false,
}: {
  status: Status;
  account: AccountSummary;
  /** Just added in onboarding: the focus moves to the panels. On a plain load it stays at the top (skip link first). */
  arrived?: boolean;
}) {
  const calls = useMemo(() => accountApi(account.id), [account.id]);
  const value = useMemo(() => ({ status, account, api: calls }), [status, account, calls]);
  const heading = useRef<HTMLHeadingElement>(null);
  useLiveUpdates();
  usePrefetchWhenIdle();
  // After onboarding, keyboard users land on the dashboard rather than back at the top; on a
  // plain load the first Tab reaches the skip link, so nothing is focused here then.
  const focusOnMount = useRef(arrived);
  useLayoutEffect(() => {
    if (focusOnMount.current) heading.current?.focus();
  }, []);
  return (
    <AccountContext.Provider value={value}>
      <h1 className="visually-hidden" tabIndex={-1} ref={heading}>
        Account Monitor
      </h1>
      {account.kind === 'remote' && <RefreshOnFocus />}
      <VaultNote status={status} />
      <PanelBoundary name="the dashboard" id="dashboard">
        <Dashboard />
      </PanelBoundary>
      {account.kind === 'local' && (
        <PanelBoundary name="the ledger" id="ledger">
          <Deferred
            part={ledgerPart}
            id="ledger"
            props={{
              importer: (
                <PanelBoundary name="the CSV import" id="csv-import">
                  <Deferred part={importPart} props={{}} />
                </PanelBoundary>
              ),
            }}
          />
        </PanelBoundary>
      )}
      <PanelBoundary name="the notification settings" id="settings">
        <Deferred part={settingsPart} id="settings" props={{}} />
      </PanelBoundary>
      <PanelBoundary name="the local API panel" id="local-api">
        <Deferred part={apiPart} id="local-api" props={{}} />
      </PanelBoundary>
    </AccountContext.Provider>
  );
}

/** Once no answer is awaited (the dashboard's first ones are in), the other parts are fetched when the browser is idle. */
function usePrefetchWhenIdle(): void {
  const client = useQueryClient();
  const fetching = useIsFetching();
  useEffect(() => {
    // The live count: the panels' first reads start in their own effects, after this render.
    if (fetching > 0 || client.isFetching() > 0) return;
    return prefetchWhenIdle(AFTER_DASHBOARD);
  }, [client, fetching]);
}

function RefreshOnFocus() {
  const { mutate } = useRefresh();
  useEffect(() => {
    const onFocus = () => {
      mutate(false);
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
    };
  }, [mutate]);
  return null;
}
