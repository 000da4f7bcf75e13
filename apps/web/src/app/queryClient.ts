import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Transport faults are retried once; server answers (already shown as a toast) never are. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (error.kind === 'network' || error.kind === 'timeout') && failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
