/**
 * The API client against a stubbed fetch (no DOM): payload encoding, lang and token, envelope
 * outcomes (ok, error, 999, 998), HTTP failures and the delayed loading toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { toastShow, toastClose, storage } = vi.hoisted(() => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  };
  const location = { hash: '' };
  (globalThis as Record<string, unknown>).window = { localStorage: storage, location, addEventListener: () => undefined };
  const toastClose = vi.fn();
  const toastShow = vi.fn(() => ({ close: toastClose }));
  return { toastShow, toastClose, storage };
});

vi.mock('../ui/toast', () => ({ showToast: toastShow }));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

import { registerNavigate } from '../lib/navigation';
import { api, ApiError } from './client';

type FetchArgs = [string, RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function reply(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  toastShow.mockClear();
  toastClose.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  registerNavigate(null);
});

describe('api client', () => {
  it('sends GET params as a query string with lang and the stored token', async () => {
    storage.setItem('lang', 'de');
    storage.setItem('token', 'tok-1');
    fetchMock.mockReturnValueOnce(reply({ type: 'ok', code: 1, message: [1, 2] }));

    await expect(api.get('/menu', { page: 2 })).resolves.toEqual([1, 2]);

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/menu');
    expect(parsed.searchParams.get('page')).toBe('2');
    expect(parsed.searchParams.get('lang')).toBe('de');
    expect((init.headers as Record<string, string>).Authorization).toBe('tok-1');
  });

  it('sends POST bodies form-encoded with lang (default en) and no token header when signed out', async () => {
    fetchMock.mockReturnValueOnce(reply({ type: 'ok', code: 1, message: 'token-xyz' }));

    await expect(api.post('/user/login', { user_string: 'a@b.c', password: 'p w' })).resolves.toBe('token-xyz');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(headers.Authorization).toBeUndefined();
    const body = init.body as URLSearchParams;
    expect(body.get('user_string')).toBe('a@b.c');
    expect(body.get('password')).toBe('p w');
    expect(body.get('lang')).toBe('en');
  });

  it('treats code 1 as success even when type is not ok', async () => {
    fetchMock.mockReturnValueOnce(reply({ type: 'success', code: 1, message: { a: 1 } }));
    await expect(api.get('/x')).resolves.toEqual({ a: 1 });
  });

  it('shows the server message and rejects on an error envelope', async () => {
    fetchMock.mockReturnValueOnce(reply({ type: 'error', code: 0, message: 'Insufficient balance', error: 'insufficient_balance' }));

    const err = await api.post('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('server');
    expect((err as ApiError).message).toBe('Insufficient balance');
    expect((err as ApiError).code).toBe('insufficient_balance');
    expect(toastShow).toHaveBeenCalledWith({ content: 'Insufficient balance' });
  });

  it('clears the stored user and token on type 999 and still fails', async () => {
    storage.setItem('token', 'old');
    storage.setItem('user', '{"id":1}');
    fetchMock.mockReturnValueOnce(reply({ type: 999, code: 0, message: 'Session expired', error: 'session_expired' }));

    const err = await api.get('/user/info').catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('session');
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
  });

  it('goes to real-name verification 1.2 s after type 998', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    registerNavigate(navigate);
    fetchMock.mockReturnValueOnce(reply({ type: 998, code: 0, message: 'Verify first', error: 'kyc_required' }));

    const err = await api.post('/x').catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('kyc');
    vi.advanceTimersByTime(1199);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/pages/setting/real');
  });

  // "A non-200 status fails without a message" concerns the server's business answers (those come
  // as 200 envelopes); a transport fault must never leave the user in the dark.
  it('rejects a 5xx with a translated "service unavailable" message, shown once as a toast', async () => {
    fetchMock.mockReturnValueOnce(reply({ type: 'error', message: 'boom' }, 500));

    const err = await api.get('/x').catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('http');
    expect((err as ApiError).status).toBe(500);
    // The body of a 5xx is never shown (no internals leak); the text is the client's own.
    expect((err as ApiError).message).toBe('common.serviceUnavailable');
    expect(toastShow).toHaveBeenCalledWith({ content: 'common.serviceUnavailable' });
  });

  it('rejects a 429 with the translated "too many requests" message', async () => {
    fetchMock.mockReturnValueOnce(reply({ type: 'error', message: 'slow down' }, 429));
    const err = await api.post('/wallet/change').catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('http');
    expect((err as ApiError).status).toBe(429);
    expect((err as ApiError).message).toBe('common.tooManyRequests');
    expect(toastShow).toHaveBeenCalledWith({ content: 'common.tooManyRequests' });
  });

  it('rejects a network failure as kind network with the translated "network problem" message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await api.get('/x').catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('network');
    expect((err as ApiError).message).toBe('common.networkError');
    expect(toastShow).toHaveBeenCalledWith({ content: 'common.networkError' });
  });

  it('keeps transport faults quiet when the caller shows them itself (toast: false), and never toasts an abort', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await api.get('/x', {}, { toast: false }).catch((e: unknown) => e);
    expect((err as ApiError).message).toBe('common.networkError');
    const ctl = new AbortController();
    fetchMock.mockImplementationOnce((_url, init) => {
      return new Promise<Response>((_res, rej) => {
        init.signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError')));
      });
    });
    const pending = api.get('/y', {}, { signal: ctl.signal }).catch((e: unknown) => e);
    ctl.abort();
    expect(((await pending) as ApiError).kind).toBe('aborted');
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('shows one transport toast for a burst of failures, not one per call', async () => {
    // Well after the toasts of the tests above.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_600_000);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await Promise.all([api.get('/a'), api.get('/b'), api.post('/c')].map((p) => p.catch(() => undefined)));
    expect(toastShow).toHaveBeenCalledTimes(1);
    // A later failure is told again.
    vi.setSystemTime(Date.now() + 10_000);
    await api.post('/d').catch(() => undefined);
    expect(toastShow).toHaveBeenCalledTimes(2);
  });

  it('shows the loading toast only after 800 ms, and never when loading is off', async () => {
    vi.useFakeTimers();
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (release = r)));

    const slow = api.get('/slow');
    await vi.advanceTimersByTimeAsync(799);
    expect(toastShow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(toastShow).toHaveBeenCalledTimes(1);
    expect(toastShow.mock.calls[0]).toEqual([expect.objectContaining({ icon: 'loading' })]);
    release(new Response(JSON.stringify({ type: 'ok', code: 1, message: null }), { status: 200 }));
    await slow;
    expect(toastClose).toHaveBeenCalledTimes(1);

    toastShow.mockClear();
    const quiet = api.get('/user/pingw', {}, { loading: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(toastShow).not.toHaveBeenCalled();
    release(new Response(JSON.stringify({ type: 'ok', code: 1, message: null }), { status: 200 }));
    await quiet;
  });
});
