/**
 * The one API client (docs/product/api.md).
 *
 * - Base path /api; GET sends a query string, POST a form-encoded body (URLSearchParams).
 * - `lang` (the stored language) is added to every payload; the stored token goes in the
 *   Authorization header.
 * - A loading toast appears only when a call takes longer than 800 ms (never for ping).
 * - Envelope `{type, code, message}`: success when type is 'ok' or code is 1 (resolves with
 *   `message`); type 999 clears the stored session; type 998 goes to real-name verification after
 *   1.2 s; any other type shows the server message as a toast and rejects. Time-out 60 s.
 * - Transport faults (no network, time-out, HTTP 429, 5xx, a body that is not the envelope) carry
 *   no server message, so the client gives them its own translated one ("network problem", "too
 *   many requests", "service unavailable") in `ApiError.message`, and shows it as a toast unless
 *   the caller passes `toast: false` (a page that shows the failure itself, e.g. an error state
 *   with a retry). "A non-200 status fails without a message" means no server text is
 *   shown; a user is never left without any answer. A burst of failures (several calls failing
 *   together) shows one toast. An aborted call is silent.
 */
import {
  ENVELOPE_TYPE,
  KYC_REDIRECT_MS,
  LOADING_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  isOk,
  type Envelope,
} from '@bourse/contract';
import i18n from 'i18next';
import { navigateTo } from '../lib/navigation';
import { showToast, type ToastHandle } from '../ui/toast';
import { getStoredLang } from './lang';
import { clearSession, getToken } from './session';

export const API_BASE = '/api';
export const KYC_PATH = '/pages/setting/real';

export type ApiErrorKind = 'server' | 'session' | 'kyc' | 'http' | 'network' | 'timeout' | 'aborted' | 'format';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    /** Stable server error code (envelope `error`), when given. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Show the delayed loading toast (default true; ping passes false). */
  loading?: boolean;
  /** Show server error messages as a toast (default true). */
  toast?: boolean;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
}

// ---- delayed loading toast, shared by concurrent calls -------------------------------------

let slowCalls = 0;
let loadingToast: ToastHandle | null = null;

function trackLoading(): () => void {
  let counted = false;
  const timer = setTimeout(() => {
    counted = true;
    slowCalls += 1;
    loadingToast ??= showToast({
      icon: 'loading',
      content: i18n.t('common.loading'),
      duration: 0,
      maskClickable: true,
    });
  }, LOADING_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (!counted) return;
    slowCalls -= 1;
    if (slowCalls === 0 && loadingToast) {
      loadingToast.close();
      loadingToast = null;
    }
  };
}

function showMessage(text: string): void {
  if (text) showToast({ content: text });
}

// ---- transport faults -----------------------------------------------------------------------

/** The same transport message is not shown again within this window (a burst of failing calls). */
const TRANSPORT_TOAST_GAP_MS = 2500;
let lastTransport: { text: string; at: number } | null = null;

function showTransportMessage(text: string): void {
  const now = Date.now();
  if (lastTransport && lastTransport.text === text && now - lastTransport.at < TRANSPORT_TOAST_GAP_MS) return;
  lastTransport = { text, at: now };
  showToast({ content: text });
}

/** The client's own translated text for a fault that has no server message ('' for an abort). */
export function transportMessage(kind: ApiErrorKind, status?: number): string {
  if (kind === 'aborted') return '';
  if (kind === 'network' || kind === 'timeout') return i18n.t('common.networkError');
  if (status === 429) return i18n.t('common.tooManyRequests');
  if (status === 413) return i18n.t('common.requestTooLarge');
  return i18n.t('common.serviceUnavailable');
}

function transportError(kind: ApiErrorKind, status?: number): ApiError {
  return new ApiError(kind, transportMessage(kind, status), status);
}

/** A transport fault (as opposed to an answer of the server): worth trying again later. */
export function isTransportError(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'http' || err.kind === 'format');
}

// ---- request --------------------------------------------------------------------------------

function toSearchParams(params: Params): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    body.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  body.set('lang', getStoredLang());
  return body;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'type' in body && 'message' in body;
}

export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Params = {},
  options: RequestOptions = {},
): Promise<T> {
  const { loading = true, toast = true, signal } = options;
  const payload = toSearchParams(params);
  const url = method === 'GET' ? `${API_BASE}${path}?${payload.toString()}` : `${API_BASE}${path}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (signal) {
    if (signal.aborted) controller.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  const stopLoading = loading ? trackLoading() : () => undefined;

  let body: unknown;
  let failure: ApiError | null = null;
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? payload : undefined,
      signal: controller.signal,
    });
    if (res.status !== 200) {
      failure = transportError('http', res.status);
    } else {
      try {
        body = await res.json();
      } catch {
        failure = transportError('format', res.status);
      }
    }
  } catch {
    failure = transportError(timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    stopLoading();
  }
  if (failure || !isEnvelope(body)) {
    const fault = failure ?? transportError('format');
    if (toast && fault.message) showTransportMessage(fault.message);
    throw fault;
  }

  if (isOk(body)) return body.message as T;

  const text = typeof body.message === 'string' ? body.message : '';
  const code = 'error' in body && typeof body.error === 'string' ? body.error : undefined;
  if (body.type === ENVELOPE_TYPE.noSession) {
    clearSession();
    if (toast) showMessage(text);
    throw new ApiError('session', text, 200, code);
  }
  if (body.type === ENVELOPE_TYPE.kycRequired) {
    if (toast) showMessage(text);
    setTimeout(() => navigateTo(KYC_PATH), KYC_REDIRECT_MS);
    throw new ApiError('kyc', text, 200, code);
  }
  if (toast) showMessage(text);
  throw new ApiError('server', text, 200, code);
}

export const api = {
  get: <T>(path: string, params?: Params, options?: RequestOptions) => request<T>('GET', path, params, options),
  post: <T>(path: string, params?: Params, options?: RequestOptions) => request<T>('POST', path, params, options),
};
