// The window's query cache (TanStack Query). Data changes only through a write (this window's,
// or anyone's, which the change feed reports: live.ts), so nothing is refetched on a timer, on
// focus or on reconnect, and nothing is retried behind the user's back: a failure is shown at
// once. Every failed read is reported here, once (no error-forwarding effect in the panels): the
// app turns an unreachable service, a refused token or key into its designed states.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `report`: a write whose failure may be the service, the token or the key (not only a refusal of its input). */
    mutationMeta: { report?: boolean };
  }
}

export function createQueryClient(report: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.report === true) report(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
