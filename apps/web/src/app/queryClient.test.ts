/**
 * The app's query defaults when the device is offline or the server refuses: a query ends in an
 * error (the page shows its error state with a retry) instead of staying "pending" — a skeleton
 * that never ends — and a mutation fails with its message instead of waiting without a word.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as Record<string, unknown>).window = {
    localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    location: { hash: '' },
    addEventListener: () => undefined,
  };
});
vi.mock('../ui/toast', () => ({ showToast: vi.fn(() => ({ close: () => undefined })) }));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { queryClient } from './queryClient';

afterEach(() => {
  onlineManager.setOnline(true);
  queryClient.clear();
});

type Result = { status: string; error: unknown };

function settle(observer: { subscribe(fn: (r: Result) => void): () => void }): Promise<Result> {
  return new Promise((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.status !== 'pending') {
        stop();
        resolve(r);
      }
    });
  });
}

describe('query defaults', () => {
  it('runs a query while offline and ends in an error (no endless skeleton)', async () => {
    onlineManager.setOnline(false);
    const queryFn = vi.fn((): Promise<string> => Promise.reject(new ApiError('network', 'common.networkError')));
    const observer = new QueryObserver(queryClient, { queryKey: ['offline-test'], queryFn, retryDelay: 1 });
    const result = await Promise.race([
      settle(observer),
      new Promise<null>((r) => setTimeout(() => r(null), 2000)),
    ]);
    expect(result?.status).toBe('error');
    expect((result?.error as ApiError).message).toBe('common.networkError');
    // A network fault is retried once, then told.
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('does not retry an HTTP refusal (429, 5xx): the error state shows at once', async () => {
    const queryFn = vi.fn((): Promise<string> => Promise.reject(new ApiError('http', 'common.tooManyRequests', 429)));
    const result = await settle(new QueryObserver(queryClient, { queryKey: ['http-test'], queryFn }));
    expect(result.status).toBe('error');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('runs a mutation while offline and rejects it, so the button can tell the user', async () => {
    onlineManager.setOnline(false);
    const mutationFn = vi.fn(() => Promise.reject(new ApiError('network', 'common.networkError')));
    const observer = new MutationObserver(queryClient, { mutationFn });
    const outcome = await Promise.race([
      observer.mutate().then(
        () => 'resolved',
        (e: unknown) => (e as ApiError).message,
      ),
      new Promise<string>((r) => setTimeout(() => r('paused'), 2000)),
    ]);
    expect(outcome).toBe('common.networkError');
    expect(mutationFn).toHaveBeenCalledTimes(1);
  });
});
