import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Transport faults are retried once; server answers (already shown as a toast) never are. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (error.kind === 'network' || error.kind === 'timeout') && failureCount < 1;
}

/**
 * networkMode 'always': TanStack Query's default ('online') pauses every query and mutation while
 * the browser says it is offline — a page would keep its skeleton and a Confirm button would do
 * nothing, without a word. Here the call runs, fails with the client's translated "network
 * problem", and the page shows its error state with a retry (queries) or the toast (actions).
 * Queries that failed are fetched again when the connection comes back (refetchOnReconnect).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
