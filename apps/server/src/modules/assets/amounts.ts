import { AmountFormatError, parseUnits } from '@bourse/money';
import type { ErrorCode } from '@bourse/contract';
import { AppError } from '../../http/errors';

/**
 * Largest amount (base units) a request may name: far above any balance, far below the
 * NUMERIC(78,0) columns, so an absurd figure is refused with a message instead of overflowing
 * a column (an HTTP 500).
 */
export const MAX_REQUEST_UNITS = 10n ** 40n;

/**
 * A user-entered amount to base units: empty → `emptyCode` ("please enter the amount"),
 * not a number → field_invalid, <= 0 → "amount cannot be less than 0", too many decimals →
 * amount_precision, above MAX_REQUEST_UNITS → amount_out_of_range. Never rounds.
 */
export function parseAmount(
  input: string | undefined | null,
  decimals: number,
  emptyCode: ErrorCode,
): bigint {
  const text = (input ?? '').trim();
  if (text === '') throw new AppError(emptyCode);
  let units: bigint;
  try {
    units = parseUnits(text, decimals);
  } catch (err) {
    if (err instanceof AmountFormatError && err.reason === 'precision')
      throw new AppError('amount_precision', { decimals });
    throw new AppError('field_invalid', { field: 'amount' });
  }
  if (units <= 0n) throw new AppError('amount_not_positive');
  if (units > MAX_REQUEST_UNITS) throw new AppError('amount_out_of_range');
  return units;
}
