/** The idempotency key of a money movement: the `Idempotency-Key` header, else the body's field. */
import { ASSETS_IDEMPOTENCY_KEY_MAX } from '@bourse/contract';
import { AppError } from '../../http/errors';

export function idempotencyKey(headers: Record<string, unknown>, body?: string): string | undefined {
  const h = headers['idempotency-key'];
  const v = typeof h === 'string' && h.trim() ? h.trim() : body;
  if (v !== undefined && (v.length > ASSETS_IDEMPOTENCY_KEY_MAX || v.length === 0))
    throw new AppError('field_invalid', { field: 'idempotency_key' });
  return v;
}
