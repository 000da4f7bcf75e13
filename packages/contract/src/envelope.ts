/**
 * The response envelope (docs/product/api.md). Every handled outcome is HTTP 200 with
 * one of these bodies; HTTP error statuses are reserved for transport faults.
 */
export const ENVELOPE_TYPE = {
  ok: 'ok',
  error: 'error',
  /** No valid session: the client clears its stored user. */
  noSession: 999,
  /** Real-name verification required: the client goes to KYC after 1.2 s. */
  kycRequired: 998,
} as const;

export interface OkEnvelope<T> {
  type: 'ok';
  code: 1;
  message: T;
}

export interface ErrorEnvelope {
  type: 'error' | 999 | 998;
  code: 0;
  message: string;
  /** Stable machine-readable error code (see ErrorCode). */
  error: string;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export function isOk<T>(body: Envelope<T>): body is OkEnvelope<T> {
  return body.type === 'ok' || (body.code as number) === 1;
}
