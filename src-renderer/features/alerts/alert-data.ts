// The alerts' reads and writes over the window's query cache (src-renderer/data): every account's
// alerts newest first, a page at a time, and the unread count the header shows. The change feed
// (data/live.ts) marks them stale like every other answer, so an alert the monitor stores while
// the page is open shows within a second or two, as a background check's balance does.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type {
  AlertPage,
  MarkAlertsRead,
  MonitorPreferences,
  PreferencesEdit,
  SnoozeList,
} from '../../../src-shared/app-api.ts';
import { keys } from '../../data/keys.ts';
import { markHandled } from '../../data/live.ts';

/** Alerts read per page of the list ("Show older alerts" reads the next). */
export const ALERTS_PAGE_SIZE = 20;

export function useAlerts() {
  return useInfiniteQuery({
    queryKey: keys.alerts,
    queryFn: ({ pageParam }) => api.alerts(ALERTS_PAGE_SIZE, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });
}

/** The unread count over every account, from the newest page (the service counts them all). */
export function unreadOf(data: InfiniteData<AlertPage> | undefined): number | undefined {
  return data?.pages[0]?.unread;
}

/** Marks alerts read; the cache takes the answer at once (the feed's report of it is then skipped). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkAlertsRead) => api.markAlertsRead(which),
    onSuccess: ({ unread }, which) => {
      const ids = 'ids' in which ? new Set(which.ids) : undefined;
      client.setQueryData<InfiniteData<AlertPage>>(keys.alerts, (data) =>
        data === undefined
          ? data
          : {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread,
                alerts: page.alerts.map((a) => (ids === undefined || ids.has(a.id) ? { ...a, read: true } : a)),
              })),
            },
      );
      markHandled(client, [keys.alerts]);
    },
  });
}

export function usePreferences() {
  return useQuery({ queryKey: keys.preferences, queryFn: api.preferences });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: PreferencesEdit) => api.savePreferences(edit),
    onSuccess: (saved: MonitorPreferences) => {
      client.setQueryData(keys.preferences, saved);
      markHandled(client, [keys.preferences]);
    },
  });
}

export function useSnoozes() {
  return useQuery({ queryKey: keys.snoozes, queryFn: api.snoozes });
}

/** Snoozes an account's reminders until tomorrow morning, or resumes them (`resume`). */
export function useSnooze() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, resume }: { accountId: number; resume: boolean }) =>
      api.snooze(accountId, resume ? null : undefined),
    onSuccess: (list: SnoozeList) => {
      client.setQueryData(keys.snoozes, list);
      markHandled(client, [keys.snoozes]);
    },
  });
}
