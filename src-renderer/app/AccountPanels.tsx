// The panels of one account, each in its own error boundary, with the live updates that keep them
// current. A connected account is checked again when the window comes back into view (at most
// once a minute, and never against the provider's backoff or Retry-After: the service decides).
import { useEffect, useMemo, useRef } from 'react';
import { accountApi } from '../api/client.ts';
import type { AccountSummary, Status } from '../../src-shared/app-api.ts';
import { PanelBoundary } from '../components/PanelBoundary.tsx';
import { AccountContext } from '../data/account-context.ts';
import { useLiveUpdates } from '../data/live.ts';
import { useRefresh } from '../data/writes.ts';
import { Dashboard } from '../features/dashboard/Dashboard.tsx';
import { CsvImport } from '../features/import/CsvImport.tsx';
import { LedgerPanel } from '../features/ledger/LedgerPanel.tsx';
import { ApiPanel } from '../features/local-api/ApiPanel.tsx';
import { SettingsPanel } from '../features/settings/SettingsPanel.tsx';
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
  // After onboarding, keyboard users land on the dashboard rather than back at the top; on a
  // plain load the first Tab reaches the skip link, so nothing is focused here then.
  const focusOnMount = useRef(arrived);
  useEffect(() => {
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
          <LedgerPanel importer={<CsvImport />} />
        </PanelBoundary>
      )}
      <PanelBoundary name="the notification settings" id="settings">
        <SettingsPanel />
      </PanelBoundary>
      <PanelBoundary name="the local API panel" id="local-api">
        <ApiPanel />
      </PanelBoundary>
    </AccountContext.Provider>
  );
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
