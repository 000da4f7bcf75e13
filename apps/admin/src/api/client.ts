import { ENVELOPE_TYPE, REQUEST_TIMEOUT_MS } from '@bourse/contract';
import { clearToken, getToken } from './session';

const API_BASE = '/api';
/** The console speaks English; `lang` rides on every payload (docs/product/api.md) so server messages match. */
const LANG = 'en';

export type ApiErrorKind =
  /** The server answered with an error envelope; `message` is its text. */
  | 'business'
  /** type 999: no valid operator session (the token has been cleared). */
  | 'session'
  /** HTTP status other than 200 (413, 415, 429, 5xx) or an unreadable body. */
  | 'http'
  /** No answer: offline, refused, timed out. */
  | 'network';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** Stable error code from the envelope's `error` field (business errors), if any. */
    readonly code: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams({ lang: LANG });
  if (params) {
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null || value === '') continue;
      search.set(key, String(value));
    }
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function httpErrorText(status: number): string {
  if (status === 429) return 'Too many requests. Wait a minute and try again.';
  if (status === 413) return 'The request is too large.';
  if (status === 401 || status === 403) return 'Not allowed.';
  if (status === 404) return 'This console endpoint does not exist on the server.';
  if (status >= 500) return `The server failed to answer (HTTP ${status}). Try again shortly.`;
  return `Unexpected HTTP status ${status}.`;
}

/** The envelope as it arrives, before it is trusted (success if type is ok or code is 1). */
interface RawEnvelope {
  type: string | number;
  code: number;
  message: unknown;
  error?: unknown;
}

function isEnvelope(value: unknown): value is RawEnvelope {
  return typeof value === 'object' && value !== null && 'type' in value && 'code' in value && 'message' in value;
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  params?: QueryParams,
  body?: Record<string, unknown>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': LANG };
  const token = getToken();
  if (token) headers.Authorization = token;
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, method === 'GET' ? params : undefined), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify({ ...(body ?? {}), lang: LANG }) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check the connection and try again.');
  } finally {
    window.clearTimeout(timer);
  }

  if (response.status !== 200) throw new ApiError('http', httpErrorText(response.status), null, response.status);

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError('http', 'The server sent an unreadable answer.', null, response.status);
  }
  if (!isEnvelope(payload)) throw new ApiError('http', 'The server sent an unexpected answer.', null, response.status);

  if (payload.type === ENVELOPE_TYPE.noSession) {
    clearToken('expired');
    throw new ApiError('session', 'Your session has expired. Sign in again.', 'session_expired');
  }
  if (payload.type === 'ok' || payload.code === 1) return payload.message as T;

  const text = typeof payload.message === 'string' && payload.message ? payload.message : 'The request failed.';
  const code = typeof payload.error === 'string' ? payload.error : null;
  throw new ApiError('business', text, code);
}

export function apiGet<T>(path: string, params?: QueryParams): Promise<T> {
  return request<T>('GET', path, params);
}

export function apiPost<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  return request<T>('POST', path, undefined, body);
}

/** Human text for any error thrown by a query or mutation. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}
