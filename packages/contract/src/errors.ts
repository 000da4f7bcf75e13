/**
 * Stable error codes. The code travels in the envelope's `error` field; the human text comes
 * from the locale namespace `errors` under the same key, in the caller's language.
 */
import { ASSETS_ERRORS } from './errors-assets';
import { CHAIN_ERRORS } from './errors-chain';
import { CONTENT_ERRORS } from './errors-content';
import { CONTRACTS_ERRORS } from './errors-contracts';
import { IDENTITY_ERRORS } from './errors-identity';
import { FOLLOW_ERRORS } from './errors-follow';
import { LEVER_ERRORS } from './errors-lever';
import { MARKET_ERRORS } from './errors-market';
import { SAVINGS_ERRORS } from './errors-savings';
import { SPOT_ERRORS } from './errors-spot';

export const FOUNDATION_ERRORS = [
  'internal',
  'bad_request',
  'validation_failed',
  'field_required',
  'field_invalid',
  'field_too_short',
  'field_too_long',
  'field_too_small',
  'field_too_large',
  'not_found',
  'please_log_in',
  'session_expired',
  'kyc_required',
  'forbidden',
  'rate_limited',
  'invalid_credentials',
  'insufficient_balance',
  'amount_not_positive',
  'amount_precision',
  'amount_out_of_range',
  'currency_not_found',
  'currency_disabled',
  'currency_exists',
  'account_not_found',
  'duplicate_request',
  'setting_not_found',
  'operator_invalid_credentials',
  'operator_forbidden',
  'operator_exists',
] as const;

/** Every code: the foundation's here, each domain's in errors-<domain>.ts. */
export const ERROR_CODES = [
  ...FOUNDATION_ERRORS,
  ...IDENTITY_ERRORS,
  ...MARKET_ERRORS,
  ...CONTENT_ERRORS,
  ...ASSETS_ERRORS,
  ...CONTRACTS_ERRORS,
  ...SPOT_ERRORS,
  ...SAVINGS_ERRORS,
  ...CHAIN_ERRORS,
  ...LEVER_ERRORS,
  ...FOLLOW_ERRORS,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
