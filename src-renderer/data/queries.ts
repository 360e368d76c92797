// One hook per read of the app API, over the query cache (keys.ts). A panel asks for what it
// shows; two panels asking for the same thing share one request and one answer; a change reported
// by the feed (live.ts) or made by a write (writes.ts) brings the answers up to date. Failures
// are reported by the cache itself (query-client.ts); a panel only words them.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { LedgerFilter, Resolved } from '../../src-shared/app-api.ts';
import { answeredForProviderNow, NOW_ANSWER_TOLERANCE_SECONDS } from '../../src-shared/provider-clock.ts';
import type { DateOrder } from '../../src-shared/vocabulary.ts';
import { useAccount } from './account-context.ts';
import { keys, type ChartRange } from './keys.ts';

/** Entries read per page of the ledger. */
export const LEDGER_PAGE_SIZE = 50;
/** Samples drawn: enough for a smooth line, few enough that each one can be shown as a point. */
export const CHART_POINTS = 120;

/** The status asked for by `askStatusEarly`, not yet handed to the status query. */
let early: ReturnType<typeof api.status> | undefined;

/**
 * Asks for the status at once, before the window's first render (main.tsx): the status query's
 * first read then takes this answer, instead of asking only once React has drawn the shell and
 * subscribed (issue 36: every account panel waits for the status, so it starts the first load's
 * chain of requests). A failure is the query's, reported as any other.
 */
export function askStatusEarly(): void {
  early = api.status();
  // Handled by the query that takes it; this only keeps an unread failure from being reported twice.
  early.catch(() => undefined);
}

export function useStatus() {
  return useQuery({
    queryKey: keys.status,
    queryFn: () => {
      const answer = early ?? api.status();
      early = undefined;
      return answer;
    },
  });
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
  return useQuery({ queryKey: keys.balance(account.id), queryFn: () => calls.balance(), enabled });
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
  return useQuery({ queryKey: keys.settings(account.id), queryFn: () => calls.settings() });
}

/** The get_notification_settings document as text, to show as it stands (never parsed here). */
export function useSettingsXml() {
  const { account, api: calls } = useAccount();
  return useQuery({ queryKey: keys.settingsXml(account.id), queryFn: () => calls.settingsXml() });
}

/** The forecast with the runway, a possible short dip and the provider's clock (the dashboard's words). */
export function useOutlook(days: number) {
  const { account, api: calls } = useAccount();
  return useQuery({
    queryKey: keys.outlook(account.id, days),
    queryFn: () => calls.outlook(days),
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
  return useQuery({
    queryKey: keys.series(account.id, range),
    queryFn: () => calls.series(`-${range.back} days`, `+${range.ahead} days`, CHART_POINTS),
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
