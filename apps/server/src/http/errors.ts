import type { ErrorCode } from '@bourse/contract';

export type ErrorType = 'error' | 999 | 998;

/**
 * The one error type of the API. Handlers throw it; the error handler turns it into the
 * envelope `{type, code: 0, message, error}` with the message in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly type: ErrorType = 'error',
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const noSession = () => new AppError('please_log_in', {}, 999);
export const kycRequired = () => new AppError('kyc_required', {}, 998);
export const notFound = () => new AppError('not_found');
