// Keeps the page title and the favicon on the worst state of the window's accounts, so a tab in
// the background still says "(!) £14.86 low". Reads the same cached answers as the dashboard
// (a local account's balance and every account's settings, under the same keys), so it costs no
// request the panels do not make already, except for accounts not shown; it renders nothing.
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountApi } from '../../api/client.ts';
import type { Status } from '../../../src-shared/app-api.ts';
import { keys } from '../../data/keys.ts';
import { faviconFor } from './favicon.ts';
import { APP_NAME, windowState, type AccountFacts } from './window-state.ts';

export function WindowTitle({ status }: { status: Status }) {
  const accounts = status.accounts.filter((a) => a.key !== 'invalid');
  const balances = useQueries({
    queries: accounts.map((a) => ({
      queryKey: keys.balance(a.id),
      queryFn: () => accountApi(a.id).balance(),
      enabled: a.kind === 'local',
    })),
  });
  const settings = useQueries({
    queries: accounts.map((a) => ({ queryKey: keys.settings(a.id), queryFn: () => accountApi(a.id).settings() })),
  });
  const facts: AccountFacts[] = accounts.map((account, i) => ({
    account,
    balance: account.kind === 'remote' ? (account.reading?.balance ?? null) : balances[i]?.data?.balance,
    settings: settings[i]?.data,
  }));
  const { title, severity } = windowState(facts, status);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    iconLink().href = faviconFor(severity);
  }, [severity]);
  // Leaving the accounts (sign-in, a problem, onboarding): the plain name again.
  useEffect(
    () => () => {
      document.title = APP_NAME;
      iconLink().href = 'data:,';
    },
    [],
  );
  return null;
}

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link === null) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  return link;
}
