/**
 * Response messages of the asset centre (modules/assets: routes.ts, admin-routes.ts): balances,
 * deposits, withdrawals, transfers, exchange, records, and the console's review and settings.
 * Amounts are exact decimal strings in whole currency units; times are ISO 8601.
 */
import { z } from 'zod';
import { ACCOUNT_TYPE_IDS, FIAT_CODES } from '../constants';
import { currencyViewSchema } from './market';
import { decimalText, isoTime } from './response';

/** An account type id (1 legal, 2 change, 3 lever, 4 micro). */
export const accountTypeSchema = z.literal(ACCOUNT_TYPE_IDS);

/** Pages of the user's records: no total, `has_more` says whether another page follows. */
function moreList<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: z.number(), limit: z.number(), has_more: z.boolean() });
}
/** Pages of the console's lists: with the total. */
function totalList<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number(), page: z.number(), limit: z.number() });
}

// ---- coins and balances ----

/** A currency as the asset centre shows it: the market's currency view. */
export const walletCurrencySchema = currencyViewSchema;
export type WalletCurrency = z.infer<typeof walletCurrencySchema>;

/** With the bank channel's fiat currency (e.g. USD) for a fiat coin, else null. */
export const walletCoinSchema = walletCurrencySchema.extend({ fiat_code: z.string().nullable() });
export type WalletCoin = z.infer<typeof walletCoinSchema>;

/** POST /wallet/list, GET /user/getWalletList. */
export const walletOverviewSchema = z.object({
  accounts: z.array(
    z.object({
      account_type: accountTypeSchema,
      account_name: z.string(),
      currency_id: z.number(),
      currency: walletCoinSchema,
      available: decimalText,
      frozen: decimalText,
      /** available + frozen (the wallet balance). */
      total: decimalText,
      /** Converted value in USDT; null when the currency has no price (e.g. BANKCARD). */
      usdt_value: decimalText.nullable(),
      price_usdt: decimalText.nullable(),
    }),
  ),
  types: z.array(z.object({ account_type: accountTypeSchema, account_name: z.string(), total_usdt: decimalText })),
  total_usdt: decimalText,
  /** Currencies held without a price (left out of the totals). */
  unvalued: z.array(z.string()),
});
export type WalletOverview = z.infer<typeof walletOverviewSchema>;
export type WalletAccount = WalletOverview['accounts'][number];

/** POST /wallet/detail, GET /user/getWalletDetails. */
export const walletDetailSchema = z.object({
  account_type: accountTypeSchema,
  account_name: z.string(),
  currency: walletCurrencySchema,
  available: decimalText,
  frozen: decimalText,
  total: decimalText,
  usdt_value: decimalText.nullable(),
  price_usdt: decimalText.nullable(),
  price_stale: z.boolean().nullable(),
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;

/** Per-currency limits and fees (GET /admin/assets/config, POST /admin/assets/config/:id, /wallet/get_info). */
export const currencyConfigSchema = z.object({
  currency_id: z.number(),
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
  withdraw_min: decimalText,
  withdraw_max: decimalText,
  withdraw_fee: decimalText,
  withdraw_daily_limit: decimalText,
  two_approval_threshold: decimalText,
  transfer_fee: decimalText,
  exchange_enabled: z.boolean(),
  exchange_spread: decimalText,
  exchange_fee_rate: decimalText,
});
export type CurrencyConfig = z.infer<typeof currencyConfigSchema>;

/**
 * The receiving bank account shown to users who deposit through the bank-card channel (type
 * BankChannel), or null until operators set one (GET/POST /admin/assets/bank-channel, and
 * `bank_channel` of /wallet/get_info).
 */
export const bankChannelViewSchema = z.object({
  currency: z.enum(FIAT_CODES),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.string(),
  swift: z.string(),
  note: z.string(),
});
export const bankChannelResponseSchema = bankChannelViewSchema.nullable();

/** POST /wallet/get_info: what the deposit and withdrawal pages need for one currency. */
export const walletInfoSchema = z.object({
  currency: walletCoinSchema,
  can_deposit: z.boolean(),
  can_withdraw: z.boolean(),
  account_type: accountTypeSchema,
  withdrawable: decimalText,
  frozen: decimalText,
  config: currencyConfigSchema,
  withdrawn_today: decimalText,
  rate_usdt: decimalText.nullable(),
  code_required: z.boolean(),
  /** Bank-card channel (fiat currencies): where deposits are paid to; null until operators set one. */
  bank_channel: bankChannelResponseSchema,
});
export type WalletInfo = z.infer<typeof walletInfoSchema>;

/** GET /currency/user_currency_list: coins with the balance of the deposit/withdraw account. */
export const userCoinSchema = walletCoinSchema.extend({
  available: decimalText,
  frozen: decimalText,
  /** Offered for deposit / withdrawal: enabled, with a network (or the bank channel set). */
  can_deposit: z.boolean(),
  can_withdraw: z.boolean(),
});
export type UserCoin = z.infer<typeof userCoinSchema>;
export const userCoinListSchema = z.array(userCoinSchema);

/** GET /wallet/getRateCurrency. */
export const currencyRateSchema = z.object({
  currency_id: z.number(),
  rate_usdt: decimalText.nullable(),
  tick_id: z.string().nullable(),
  stale: z.boolean().nullable(),
});
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

// ---- deposits and withdrawals ----

export const DEPOSIT_SOURCES = ['chain', 'demo', 'manual'] as const;
export const DEPOSIT_STATUSES = ['review', 'credited', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** One deposit (POST /wallet/charge_req, GET /recharge/log). */
export const depositSchema = z.object({
  id: z.number(),
  currency_id: z.number(),
  currency_name: z.string(),
  sub_name: z.string(),
  account_type: z.number(),
  amount: decimalText,
  source: z.enum(DEPOSIT_SOURCES),
  status: z.enum(DEPOSIT_STATUSES),
  chain: z.string().nullable(),
  tx_hash: z.string().nullable(),
  address: z.string().nullable(),
  /** Manual deposits: the payment proof (a private upload, fetched with the session token). */
  proof: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositListSchema = moreList(depositSchema);

export const WITHDRAWAL_STATUSES = ['review', 'approved', 'sent', 'completed', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** One withdrawal (POST /wallet/out, GET /user/withdraw/list, /user/withdraw/detail). */
export const withdrawalSchema = z.object({
  id: z.number(),
  currency_id: z.number(),
  currency_name: z.string(),
  sub_name: z.string(),
  /** The destination (a bank account masked). */
  address: z.string(),
  network: z.string(),
  amount: decimalText,
  fee: decimalText,
  receive: decimalText,
  /** Bank channel: the rate to the fiat currency paid out. */
  rate: decimalText.nullable(),
  rate_currency: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  needs_two: z.boolean(),
  approvals: z.number(),
  reason: z.string().nullable(),
  tx_hash: z.string().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
  sent_at: isoTime.nullable(),
  completed_at: isoTime.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListSchema = moreList(withdrawalSchema);

// ---- transfers between own accounts ----

/** POST /user/getTransferList: the accounts a transfer can name (ids for /user/Transfer). */
export const transferAccountListSchema = z.array(
  z.object({
    id: z.number(),
    currency_id: z.number(),
    account_type: accountTypeSchema,
    /** The account type's name (legal, change, lever, micro). */
    field: z.string(),
    currency_name: z.string(),
    sub_name: z.string(),
    available: decimalText,
  }),
);
export type TransferAccount = z.infer<typeof transferAccountListSchema>[number];

/** POST /user/getTransferFee. */
export const transferFeeSchema = z.object({ currency_id: z.number(), fee: decimalText });
export type TransferFee = z.infer<typeof transferFeeSchema>;

/** One transfer (POST /user/Transfer, /wallet/change, GET /wallet/hzhistory, /user/getTransferRecord). */
export const transferSchema = z.object({
  id: z.number(),
  currency_id: z.number(),
  currency_name: z.string(),
  sub_name: z.string(),
  from_type: z.number(),
  to_type: z.number(),
  from_field: z.string(),
  to_field: z.string(),
  amount: decimalText,
  fee: decimalText,
  created_at: isoTime,
});
export type Transfer = z.infer<typeof transferSchema>;
export const transferListSchema = moreList(transferSchema);

// ---- exchange ----

/** POST /wallet/exchange/quote (valid a few seconds). */
export const exchangeQuoteSchema = z.object({
  quote_id: z.string(),
  from_currency_id: z.number(),
  to_currency_id: z.number(),
  amount: decimalText,
  fee: decimalText,
  /** Exactly what will be booked: rounded down by the server to the places the app shows. */
  receive: decimalText,
  index_price: decimalText,
  /** The paid-for rate (to per from), spread included. */
  price: decimalText,
  /** The same rate the usual way round: "1 base = price quote". */
  display_price: z.object({ base: z.string(), quote: z.string(), price: decimalText }),
  spread: decimalText,
  tick_ids: z.array(z.string()),
  expires_at: isoTime,
  ttl_ms: z.number(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

/** One executed exchange (POST /user/exchangeCoin, GET /wallet/exchange/list). */
export const exchangeSchema = z.object({
  id: z.number(),
  from_currency_id: z.number(),
  from_name: z.string(),
  from_sub_name: z.string(),
  to_currency_id: z.number(),
  to_name: z.string(),
  to_sub_name: z.string(),
  amount: decimalText,
  fee: decimalText,
  receive: decimalText,
  price: decimalText,
  tick_ids: z.array(z.string()),
  created_at: isoTime,
});
export type Exchange = z.infer<typeof exchangeSchema>;
export const exchangeListSchema = moreList(exchangeSchema);

// ---- records ----

/** One action on one of the user's accounts (a journal entry's postings on it, summed). */
export const journalLineSchema = z.object({
  id: z.string(),
  entry_id: z.string(),
  kind: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  currency_id: z.number(),
  currency_name: z.string(),
  sub_name: z.string(),
  account_type: z.number(),
  account_name: z.string(),
  /** Change of the account's total (available + frozen); 0 for a freeze or a release. */
  amount: decimalText,
  /** Change of the available and of the frozen part. */
  available: decimalText,
  frozen: decimalText,
  created_at: isoTime,
});
export type JournalLine = z.infer<typeof journalLineSchema>;
/** POST /wallet/legal_log, GET /record/getRecordList. */
export const journalLineListSchema = moreList(journalLineSchema);

/** A page of the user's records (deposits, withdrawals, transfers, exchanges, journal lines). */
export interface MoreList<T> {
  data: T[];
  page: number;
  limit: number;
  has_more: boolean;
}

// ---- console ----

/** GET /admin/assets/deposits. */
export const adminDepositListSchema = totalList(
  depositSchema.extend({
    user_id: z.number(),
    user: z.string().nullable(),
    is_demo_user: z.boolean(),
    operator_id: z.number().nullable(),
  }),
);
export type AdminDepositList = z.infer<typeof adminDepositListSchema>;
export type AdminDeposit = AdminDepositList['data'][number];

/** POST /admin/assets/deposits/demo. */
export const demoDepositResultSchema = z.object({ depositId: z.number(), duplicate: z.boolean() });
export type DemoDepositResult = z.infer<typeof demoDepositResultSchema>;

/** POST /admin/assets/deposits/:id/confirm and /reject. */
export const depositReviewSchema = z.object({ id: z.number(), status: z.enum(DEPOSIT_STATUSES) });
export type DepositReview = z.infer<typeof depositReviewSchema>;

/** GET /admin/assets/withdrawals. */
export const adminWithdrawalListSchema = totalList(
  withdrawalSchema.extend({
    user_id: z.number(),
    user: z.string().nullable(),
    approver1_id: z.number().nullable(),
    approver2_id: z.number().nullable(),
    sent_by: z.number().nullable(),
  }),
);
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;
export type AdminWithdrawal = AdminWithdrawalList['data'][number];

/** POST /admin/assets/withdrawals/:id/approve. */
export const withdrawalApprovalSchema = z.object({
  id: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  approvals: z.number(),
  needs_two: z.boolean(),
});
export type WithdrawalApproval = z.infer<typeof withdrawalApprovalSchema>;

/** POST /admin/assets/withdrawals/:id/reject, /sent, /complete. */
export const withdrawalReviewSchema = z.object({ id: z.number(), status: z.enum(WITHDRAWAL_STATUSES) });
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

/** GET /admin/assets/config. */
export const assetsConfigSchema = z.object({
  currencies: z.array(
    z.object({
      currency: z.object({ id: z.number(), name: z.string(), sub_name: z.string(), decimals: z.number(), status: z.number() }),
      config: currencyConfigSchema,
    }),
  ),
  withdraw_code_required: z.boolean(),
  quote_ttl_ms: z.number(),
  demo_data: z.boolean(),
});
export type AssetsConfig = z.infer<typeof assetsConfigSchema>;

/** POST /admin/assets/settings. */
export const assetsSettingsSchema = z.object({ withdraw_code_required: z.boolean() });
export type AssetsSettings = z.infer<typeof assetsSettingsSchema>;

/** GET /admin/assets/liabilities: what users hold against the system accounts, per currency. */
export const liabilityListSchema = z.array(
  z.object({
    currency_id: z.number(),
    name: z.string(),
    sub_name: z.string(),
    users_available: decimalText,
    users_frozen: decimalText,
    users_total: decimalText,
    holders: z.number(),
    pending_withdrawals: decimalText,
    pending_withdrawal_count: z.number(),
    system: z.array(z.object({ code: z.string(), balance: decimalText })),
    balanced: z.boolean(),
  }),
);
export type Liability = z.infer<typeof liabilityListSchema>[number];
