/**
 * Request messages of the asset centre (modules/assets): what the user API (wallet, deposits,
 * withdrawals, transfers, exchange, records) and the console API (review, limits and fees, the
 * bank channel) accept. The server validates with these; the clients type their calls with the
 * `…Body` types (`z.input` of a schema, imported with `import type`). Responses are in `api/assets.ts`.
 */
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, FIAT_CODES, accountTypeOf, type FiatCode } from '../constants';
import { rowId } from '../ids';
import { amountField, idParamsSchema, langField, pageField } from './request-fields';

// ---- shared fields of the asset centre ----

/** An account type as 1..4 or its name (legal/change/lever/micro); anything else is `account_type_invalid`. */
export const accountTypeField = z.union([z.string(), z.number()]).transform((v, c) => {
  const t = accountTypeOf(v);
  if (t === null) {
    c.addIssue({ code: 'custom', message: 'account_type_invalid' });
    return z.NEVER;
  }
  return t;
});

/** The longest idempotency key the asset centre accepts, in the body or the `Idempotency-Key` header. */
export const ASSETS_IDEMPOTENCY_KEY_MAX = 100;

/** A money movement's idempotency key in the body (the header, when sent, wins). */
export const assetsIdempotencyKeyField = z.string().trim().min(1).max(ASSETS_IDEMPOTENCY_KEY_MAX).optional();

const optionalAmount = amountField.optional();

/** The user's record pages: 10 a page unless `limit` says otherwise. */
const userPaging = {
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT),
  lang: langField,
};

/** The console's lists: 20 a page unless `limit` says otherwise. */
const adminPaging = {
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
};

/** Only the language (calls without other input). */
export const assetsLangBodySchema = z.object({ lang: langField });
export const assetsLangQuerySchema = z.object({ lang: langField });

// ---- balances ----

/** POST /wallet/detail (body), GET /user/getWalletDetails (query): `currency` or its alias `coin`. */
export const walletDetailBodySchema = z.object({
  currency: rowId.optional(),
  coin: rowId.optional(),
  type: accountTypeField.default(2),
  lang: langField,
});
export const walletDetailQuerySchema = walletDetailBodySchema;

/** POST /wallet/get_info. */
export const walletInfoBodySchema = z.object({ currency: rowId, lang: langField });

/** GET /currency/user_currency_list. */
export const userCurrencyListQuerySchema = z.object({ purpose: z.enum(['deposit', 'withdraw']).optional(), lang: langField });

/** GET /wallet/getRateCurrency. */
export const currencyRateQuerySchema = z.object({ id: rowId, lang: langField });

// ---- manual deposit ----

/** POST /wallet/charge_req, /user/recharge: a manual deposit with its proof (`pic` is the older name). */
export const manualDepositBodySchema = z.object({
  currency: rowId,
  amount: optionalAmount,
  type: z.coerce.number().int().optional(),
  proof: z.string().trim().max(300).optional(),
  pic: z.string().trim().max(300).optional(),
  lang: langField,
});

/** GET /recharge/log, /user/withdraw/list, /wallet/hzhistory, /user/getTransferRecord. */
export const assetsHistoryQuerySchema = z.object({ ...userPaging, currency: rowId.optional() });

// ---- withdrawal ----

/** POST /wallet/out, /user/withdraw: `number` or `amount`; an address-book entry (id or address) or a bound card. */
export const withdrawBodySchema = z.object({
  currency: rowId,
  number: optionalAmount,
  amount: optionalAmount,
  address_id: rowId.optional(),
  address: z.string().trim().max(200).optional(),
  code: z.string().trim().max(12).optional(),
  code_type: z.enum(['email', 'sms']).optional(),
  card: z.enum(['domestic', 'international']).optional(),
  idempotency_key: assetsIdempotencyKeyField,
  lang: langField,
});

/** GET /user/withdraw/detail. */
export const withdrawalDetailQuerySchema = z.object({ id: rowId, lang: langField });

// ---- transfer between own accounts ----

/** POST /user/getTransferList. */
export const transferAccountsBodySchema = z.object({ currency_id: rowId.optional(), lang: langField });

/** POST /user/getTransferFee. */
export const transferFeeBodySchema = z.object({ currency_id: rowId, lang: langField });

/** POST /user/Transfer: between two of the user's accounts named by their ids (from /user/getTransferList). */
export const transferBodySchema = z.object({
  number: optionalAmount,
  from_currency_id: rowId,
  to_currency_id: rowId,
  idempotency_key: assetsIdempotencyKeyField,
  lang: langField,
});

/** POST /wallet/change: between two account types of one currency. */
export const walletChangeBodySchema = z.object({
  currency_id: rowId,
  number: optionalAmount,
  from_field: accountTypeField,
  to_field: accountTypeField,
  idempotency_key: assetsIdempotencyKeyField,
  lang: langField,
});

// ---- exchange ----

/** POST /wallet/exchange/quote. */
export const exchangeQuoteBodySchema = z.object({ from_currency_id: rowId, to_currency_id: rowId, number: optionalAmount, lang: langField });

/** POST /user/exchangeCoin. */
export const exchangeCoinBodySchema = z.object({ quote_id: z.string().trim().min(1).max(64), lang: langField });

/** GET /wallet/exchange/list. */
export const exchangeListQuerySchema = z.object(userPaging);

// ---- records ----

const recordFilter = {
  currency: rowId.optional(),
  coin: rowId.optional(),
  type: accountTypeField.optional(),
  kind: z.string().trim().max(40).optional(),
};

/** POST /wallet/legal_log. */
export const journalLinesBodySchema = z.object({ ...userPaging, ...recordFilter });

/** GET /record/getRecordList (`page_size` is the older name of `limit`). */
export const journalLinesQuerySchema = z.object({
  ...userPaging,
  ...recordFilter,
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});

// ---- console ----

/** `{ id }` of a deposit, withdrawal or currency. */
export const assetsIdParamsSchema = idParamsSchema;

/** A decimal the console types (limits, fees, rates, amounts), checked by the server's parser. */
const decimalInput = z.string().trim().max(80);

/** GET /admin/assets/deposits. */
export const adminDepositsQuerySchema = z.object({
  ...adminPaging,
  status: z.enum(['review', 'credited', 'rejected']).optional(),
  source: z.enum(['chain', 'demo', 'manual']).optional(),
});

/** POST /admin/assets/deposits/demo. */
export const demoDepositBodySchema = z.object({
  user_id: rowId,
  currency_id: rowId,
  amount: decimalInput,
  lang: langField,
});

/** POST /admin/assets/deposits/:id/reject, /admin/assets/withdrawals/:id/reject. */
export const assetsRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(500), lang: langField });

/** GET /admin/assets/withdrawals. */
export const adminWithdrawalsQuerySchema = z.object({
  ...adminPaging,
  status: z.enum(['review', 'approved', 'sent', 'completed', 'rejected']).optional(),
});

/** POST /admin/assets/withdrawals/:id/sent. */
export const withdrawalSentBodySchema = z.object({ tx_hash: z.string().trim().min(1).max(100), lang: langField });

/** POST /admin/assets/config/:id: one currency's limits and fees. */
export const currencyConfigBodySchema = z.object({
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
  withdraw_min: decimalInput,
  withdraw_max: decimalInput,
  withdraw_fee: decimalInput,
  withdraw_daily_limit: decimalInput,
  two_approval_threshold: decimalInput,
  transfer_fee: decimalInput,
  exchange_enabled: z.boolean(),
  exchange_spread: decimalInput,
  exchange_fee_rate: decimalInput,
  lang: langField,
});
export type CurrencyConfigBody = z.input<typeof currencyConfigBodySchema>;

/** POST /admin/assets/settings. */
export const assetsSettingsBodySchema = z.object({ withdraw_code_required: z.boolean(), lang: langField });
export type AssetsSettingsBody = z.input<typeof assetsSettingsBodySchema>;

/** The bank channel's currency when operators have not named one. */
export const DEFAULT_BANK_CURRENCY: FiatCode = 'USD';

/**
 * The receiving bank account (operator setting `bank_channel`): every field defaults, so a stored
 * setting and a console form read the same way.
 */
export const bankChannelFieldsSchema = z.object({
  currency: z.enum(FIAT_CODES).default(DEFAULT_BANK_CURRENCY),
  bank_name: z.string().trim().max(100).default(''),
  account_name: z.string().trim().max(100).default(''),
  account_number: z.string().trim().max(64).default(''),
  branch: z.string().trim().max(200).default(''),
  swift: z.string().trim().max(20).default(''),
  note: z.string().trim().max(500).default(''),
});

/** POST /admin/assets/bank-channel. */
export const bankChannelBodySchema = bankChannelFieldsSchema.extend({ lang: langField });
export type BankChannelBody = z.input<typeof bankChannelBodySchema>;
