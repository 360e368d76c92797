// Live updates: one long poll of /app/changes at a time; when the data changed (whoever changed
// it: this window, another tab, the CLI, a background check), every cached answer is marked
// stale once and what is on screen is read again. A write of this window has already put its
// answer in the cache and refreshed what follows from it (writes.ts); those keys are skipped
// when the change it made comes back through the feed, so nothing is fetched twice for one write.
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';

/** After a failed wait (the service restarting, say), how long before asking again. */
const LIVE_RETRY_MS = 5000;
/** A write's keys are skipped by the change that write caused, if it comes back within this. */
const HANDLED_MS = 5000;

const handled = new WeakMap<QueryClient, Map<string, number>>();

function hashOf(key: QueryKey): string {
  return JSON.stringify(key);
}

/** Marks keys as brought up to date by a write just now: the change feed's next report skips them. */
export function markHandled(client: QueryClient, queryKeys: readonly QueryKey[]): void {
  let marks = handled.get(client);
  if (marks === undefined) {
    marks = new Map();
    handled.set(client, marks);
  }
  const until = Date.now() + HANDLED_MS;
  for (const key of queryKeys) marks.set(hashOf(key), until);
}

/** Whether a query falls under one of the keys (a key is a prefix of the query keys it covers). */
function covered(query: Query, marks: Map<string, number>, now: number): boolean {
  const key = query.queryKey;
  for (let n = key.length; n > 0; n--) {
    const until = marks.get(hashOf(key.slice(0, n)));
    if (until !== undefined && until >= now) return true;
  }
  return false;
}

/** The data changed: every cached answer but a phrase's reading and what a write just brought is stale. */
export async function dataChanged(client: QueryClient): Promise<void> {
  const marks = handled.get(client) ?? new Map<string, number>();
  handled.delete(client);
  const now = Date.now();
  await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'resolve' && !covered(q, marks, now) });
}

/** Keeps one long poll open while the window shows an account (or the accounts it keeps), and reports each change once. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    const abort = new AbortController();
    // Read afresh each time: the page may have gone while a request was waiting.
    const stopped = (): boolean => abort.signal.aborted;
    void (async () => {
      let since: number | undefined;
      while (!stopped()) {
        try {
          const { generation } = await api.changes(since, abort.signal);
          if (since !== undefined && generation !== since) await dataChanged(client);
          since = generation;
        } catch {
          if (stopped()) return;
          await new Promise((resolve) => {
            setTimeout(resolve, LIVE_RETRY_MS);
          });
        }
      }
    })();
    return () => {
      abort.abort();
    };
  }, [client]);
}
