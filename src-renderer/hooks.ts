// Small hooks shared by the panels.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { api, ApiError, type AccountApi } from './api/client.ts';
import type { AccountSummary, Status } from './api/types.ts';

export interface AppContextValue {
  status: Status;
  /** The account this window shows (chosen in the switcher; kept in the address across a reload). */
  account: AccountSummary;
  /** The app API for that account. */
  api: AccountApi;
  /** Reads the status (and so the account's summary: its latest check) again. */
  reloadStatus: () => Promise<void>;
  /** Changes whenever data changed (an entry added, settings saved): panels reload on it. */
  revision: number;
  changed: () => void;
  /** A key or connection problem seen by any panel: the app switches to the designed state. */
  report: (error: unknown) => void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (value === null) throw new Error('useApp outside the app');
  return value;
}

export interface Async<T> {
  data: T | undefined;
  error: ApiError | Error | undefined;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when deps change; keeps only the latest answer (typing fast must not show an older one). */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): Async<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError | Error; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const id = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current().then(
      (data) => {
        if (id === latest.current) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (id === latest.current)
          setState({ error: error instanceof Error ? error : new Error(String(error)), loading: false });
      },
    );
  }, [...deps, tick]); // the caller's deps decide when to load again
  const reload = useCallback(() => {
    setTick((t) => t + 1);
  }, []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setDebounced(value);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [value, ms]);
  return debounced;
}

/** Follows the OS light/dark setting (the chart's colours are set from script, not CSS). */
export function useDarkScheme(): boolean {
  const [dark, setDark] = useState(() => darkQuery()?.matches ?? false);
  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const onChange = (e: MediaQueryListEvent) => {
      setDark(e.matches);
    };
    query.addEventListener('change', onChange);
    return () => {
      query.removeEventListener('change', onChange);
    };
  }, []);
  return dark;
}

function darkQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** After a failed wait (the service restarting, say), how long before asking again. */
const LIVE_RETRY_MS = 5000;

/**
 * Calls `onChange` within about a second of any change to the data, whoever made it (this window,
 * another one, the CLI, a background check): one long-poll of /app/changes at a time.
 */
export function useLiveUpdates(onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const abort = new AbortController();
    // Read afresh each time: the page may have gone while a request was waiting.
    const stopped = (): boolean => abort.signal.aborted;
    void (async () => {
      let since: number | undefined;
      while (!stopped()) {
        try {
          const { generation } = await api.changes(since, abort.signal);
          if (since !== undefined && generation !== since) latest.current();
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
  }, []);
}
