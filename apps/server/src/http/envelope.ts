import type { OkEnvelope } from '@bourse/contract';

/** The success envelope: `{type: 'ok', code: 1, message: data}`. */
export function ok<T>(message: T): OkEnvelope<T> {
  return { type: 'ok', code: 1, message };
}
