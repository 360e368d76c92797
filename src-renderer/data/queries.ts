// One hook per read of the app API, over the query cache (keys.ts). A panel asks for what it
// shows; two panels asking for the same thing share one request and one answer; a change reported
// by the feed (live.ts) or made by a write (writes.ts) brings the answers up to date. Failures
// are reported by the cache itself (query-client.ts); a panel only words them.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type AccountApi } from '../api/client.ts';
import type { AccountSummary, LedgerFilter, Resolved, Status } from '../../src-shared/app-api.ts';
import { answeredForProviderNow, NOW_ANSWER_TOLERANCE_SECONDS } from '../../src-shared/provider-clock.ts';
import type { DateOrder } from '../../src-shared/vocabulary.ts';
import { useAccount } from './account-context.ts';
import { askEarly, earlyQuery, takeEarly } from './early.ts';
import { keys, type ChartRange } from './keys.ts';

/** Entries read per page of the ledger. */
export const LEDGER_PAGE_SIZE = 50;
/** Samples drawn: enough for a smooth line, few enough that each one can be shown as a point. */
export const CHART_POINTS = 120;

/** How the window's first reads are asked: the status, and what each read of the dashboard asks. */
const asks = {
  status: () => api.status(),
  balance: (calls: AccountApi) => () => calls.balance(),
  settings: (calls: AccountApi) => () => calls.settings(),
  outlook: (calls: AccountApi, days: number) => () => calls.outlook(days),
  series: (calls: AccountApi, range: ChartRange) => () =>
    calls.series(`-${range.back} days`, `+${range.ahead} days`, CHART_POINTS),
};

/**
 * How long the status waits for the shown account's first reads, so that the window draws its
 * dashboard once, whole, from their answers, rather than each panel's loading state and then each
 * answer as it comes (each of those a render of the dashboard: about 20 ms apiece before the chart
 * could draw, measured on the bench's machine; issue 36). A read slower than this (a big ledger, a
 * slow disk) is then waited for by its own panel, as any read is.
 */
const FIRST_READS_WAIT_MS = 250;

/**
 * The window's first reads, asked before its first render (main.tsx) rather than once React has
 * drawn the shell and then the panels (issue 36): the status, and as soon as it names the account
 * the window will show (`shown`), that account's dashboard reads. The status is handed over once
 * those are in (or after `waitMs`). Each answer is the first of its query (early.ts); a
 * failure is the query's, reported as any other.
 */
export function askFirstReads(
  shown: (status: Status) => { account: AccountSummary; calls: AccountApi } | undefined,
  views: { days: number; range: ChartRange },
  waitMs = FIRST_READS_WAIT_MS,
): void {
  void askEarly(keys.status, () =>
    asks.status().then((status) => {
      const chosen = shown(status);
      if (chosen === undefined) return status;
      const { account, calls } = chosen;
      const reads: Promise<unknown>[] = [
        askEarly(keys.settings(account.id), asks.settings(calls)),
        askEarly(keys.outlook(account.id, views.days), asks.outlook(calls, views.days)),
        askEarly(keys.series(account.id, views.range), asks.series(calls, views.range)),
      ];
      // A connected account's balance is its latest check, in the status: not read.
      if (account.kind !== 'remote') reads.push(askEarly(keys.balance(account.id), asks.balance(calls)));
      const waited = new Promise((resolve) => setTimeout(resolve, waitMs));
      return Promise.race([Promise.allSettled(reads), waited]).then(() => status);
    }),
  );
}

export function useStatus() {
  return useQuery({ queryKey: keys.status, queryFn: () => takeEarly(keys.status, asks.status) });
}

/** How the service reads a phrase (with the window's day/month order); nothing while it is empty. */
export function useResolve(text: string, order: DateOrder) {
  return useQuery({
    queryKey: keys.resolve(text, order),
    queryFn: () => api.resolve(text, order),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}

/** A phrase's reading if the cache already has it (a text typed before), without asking again. */
export function useResolvedBefore(text: string, order: DateOrder): Resolved | undefined {
  return useQueryClient().getQueryData<Resolved>(keys.resolve(text, order));
}

/** get_balance now, as JSON (a local account: a connected one's balance is its latest check). */
export function useBalanceNow(enabled = true) {
  const { account, api: calls } = useAccount();
  const key = keys.balance(account.id);
  return useQuery({
    queryKey: key,
    ...earlyQuery(key, asks.balance(calls)),
    enabled,
  });
}

/**
 * "Balance at ...": the phrase read by the service (a local account), then get_balance asked for
 * that instant (`@epoch`), so the answer is get_balance's own and a script sending the same
 * argument gets the same one. A connected account's provider reads the phrase itself;
 * `forProviderNow` says when its answer was for its current time to a phrase that is not "now".
 */
export function useBalanceAt(phrase: string, order: DateOrder) {
  const { account, api: calls } = useAccount();
  return useQuery({
    queryKey: keys.balanceAt(account.id, phrase, order),
    queryFn: async () => {
      if (account.kind === 'remote') {
        // The provider does not say whether it understood the phrase. Its answer for its own
        // "now" (its plain answer's datetime) to a phrase that does not mean now says it did not.
        const [answer, current, read, now] = await Promise.all([
          calls.balance(phrase),
          calls.balance(),
          api.resolve(phrase, order),
          api.resolve('now', order),
        ]);
        const nowPhrase =
          read.understood && Math.abs(read.epochSeconds - now.epochSeconds) <= NOW_ANSWER_TOLERANCE_SECONDS;
        const forProviderNow = !nowPhrase && answeredForProviderNow(answer.datetime, current.datetime);
        return { phrase, sent: phrase, ...answer, forProviderNow };
      }
      const resolved = await api.resolve(phrase, order);
      const sent = resolved.understood ? `@${resolved.epochSeconds}` : phrase;
      return { phrase, sent, ...(await calls.balance(sent)), understood: resolved.understood, forProviderNow: false };
    },
    enabled: phrase !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSettings() {
  const { account, api: calls } = useAccount();
  const key = keys.settings(account.id);
  return useQuery({
    queryKey: key,
    ...earlyQuery(key, asks.settings(calls)),
  });
}

/** The get_notification_settings document as text, to show as it stands (never parsed here). */
export function useSettingsXml() {
  const { account, api: calls } = useAccount();
  return useQuery({ queryKey: keys.settingsXml(account.id), queryFn: () => calls.settingsXml() });
}

/** The forecast with the runway, a possible short dip and the provider's clock (the dashboard's words). */
export function useOutlook(days: number) {
  const { account, api: calls } = useAccount();
  const key = keys.outlook(account.id, days);
  return useQuery({
    queryKey: key,
    ...earlyQuery(key, asks.outlook(calls, days)),
    placeholderData: keepPreviousData,
  });
}

/** A top-up plan; nothing until the form is sent (`until` empty). */
export function usePlan(until: string, keepAbove: number | undefined, order: DateOrder) {
  const { account, api: calls } = useAccount();
  return useQuery({
    queryKey: keys.plan(account.id, until, keepAbove, order),
    queryFn: () => calls.plan(until, order, keepAbove),
    enabled: until !== '',
    retry: false,
  });
}

export function useSeries(range: ChartRange) {
  const { account, api: calls } = useAccount();
  const key = keys.series(account.id, range);
  return useQuery({
    queryKey: key,
    ...earlyQuery(key, asks.series(calls, range)),
    placeholderData: keepPreviousData,
  });
}

/** The ledger, newest first, a page at a time ("Show older entries" reads the next). */
export function useLedger(filter: LedgerFilter) {
  const { account, api: calls } = useAccount();
  return useInfiniteQuery({
    queryKey: keys.ledger(account.id, filter),
    queryFn: ({ pageParam }) => calls.ledger(pageParam, LEDGER_PAGE_SIZE, filter),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextOffset ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useRecurring() {
  const { account, api: calls } = useAccount();
  return useQuery({ queryKey: keys.recurring(account.id), queryFn: () => calls.recurring() });
}
