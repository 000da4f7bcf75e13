import { parseAmountInput } from '@bourse/money';
import type { ErrorCode } from '@bourse/contract';
import { AppError } from '../../http/errors';

/**
 * Largest amount (base units) a request may name: far above any balance, far below the
 * NUMERIC(78,0) columns, so an absurd figure is refused with a message instead of overflowing
 * a column (an HTTP 500).
 */
export const MAX_REQUEST_UNITS = 10n ** 40n;

/**
 * A user-entered amount to base units, read by the shared parser (@bourse/money
 * parseAmountInput, the one the app and the console check forms with): empty → `emptyCode`
 * ("please enter the amount"), not a number → field_invalid, too many decimals →
 * amount_precision, <= 0 → "amount cannot be less than 0", above MAX_REQUEST_UNITS →
 * amount_out_of_range. Never rounds.
 */
export function parseAmount(
  input: string | undefined | null,
  decimals: number,
  emptyCode: ErrorCode,
): bigint {
  const r = parseAmountInput(input, decimals, { max: MAX_REQUEST_UNITS });
  if (r.ok) return r.units;
  switch (r.reason) {
    case 'empty':
      throw new AppError(emptyCode);
    case 'not_a_number':
      throw new AppError('field_invalid', { field: 'amount' });
    case 'too_many_places':
      throw new AppError('amount_precision', { decimals });
    case 'not_positive':
      throw new AppError('amount_not_positive');
    case 'too_large':
      throw new AppError('amount_out_of_range');
  }
}
