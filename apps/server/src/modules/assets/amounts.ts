import { AmountFormatError, parseUnits } from '@bourse/money';
import type { ErrorCode } from '@bourse/contract';
import { AppError } from '../../http/errors';

/**
 * A user-entered amount to base units: empty → `emptyCode` ("please enter the amount"),
 * not a number → field_invalid, <= 0 → "amount cannot be less than 0", too many decimals →
 * amount_precision. Never rounds.
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
  return units;
}
