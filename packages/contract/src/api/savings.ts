/**
 * Savings API (Savings/Mining and the newer pledge/machine calls;
 * apps/server/src/modules/savings): products, a user's subscriptions ("orders"), daily income,
 * the centre's figures, profit statistics, early redemption, and the console's products,
 * subscriptions, accrual runs, pools and demo clock. Amounts are decimal strings in the
 * currency's units, rates decimal strings per day, days YYYY-MM-DD, times ISO strings.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

import { SAVINGS_KINDS, SAVINGS_RUN_STATUSES } from '../savings-kinds';

export const savingsKindSchema = z.enum(SAVINGS_KINDS);
export type SavingsKind = z.infer<typeof savingsKindSchema>;

export type SavingsRunStatus = (typeof SAVINGS_RUN_STATUSES)[number];

const day = z.string().describe('UTC day, YYYY-MM-DD');

export const savingsCurrencyRefSchema = z.object({
  id: z.number(),
  name: z.string(),
  sub_name: z.string(),
  decimals: z.number(),
  image: z.string(),
});
export type SavingsCurrencyRef = z.infer<typeof savingsCurrencyRefSchema>;

// ---- products -----------------------------------------------------------------------------------

export const savingsProductSchema = z.object({
  id: z.number(),
  kind: savingsKindSchema,
  name: z.string(),
  currency_id: z.number(),
  currency: savingsCurrencyRefSchema,
  term_days: z.number(),
  rate_mode: z.enum(['fixed', 'range']),
  daily_rate: decimalText,
  rate_max: decimalText,
  min_amount: decimalText,
  max_amount: decimalText,
  total_quota: decimalText,
  sold: decimalText,
  remaining_quota: decimalText,
  start_time: isoTime,
  end_time: isoTime,
  /** Purchase-window status: 2 before start, 1 open, 0 closed/ended. */
  window_status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  penalty_rate: decimalText,
  early_redeem: z.boolean(),
  forfeit_income: z.boolean(),
  /** False: a prepaid lease (machine leasing); the amount is a fee, never returned. */
  refund_principal: z.boolean(),
  payout: z.enum(['account', 'compound']),
  accrual_status: z.enum(['ok', 'stalled']),
  stalled_day: day.nullable(),
  is_demo: z.boolean(),
});
export type SavingsProductView = z.infer<typeof savingsProductSchema>;
export const savingsProductListSchema = z.array(savingsProductSchema);

export const savingsRealizedRateSchema = z.object({
  date: day,
  rate: decimalText,
  status: z.enum(SAVINGS_RUN_STATUSES),
});

/** GET /lh/deposit/config/:id: a product with the caller's balance (signed in) and a join made now. */
export const savingsProductDetailSchema = savingsProductSchema.extend({
  /** The caller's available coin balance (null signed out). */
  available: decimalText.nullable(),
  /** The caller's active principal in this product (null signed out). */
  my_active: decimalText.nullable(),
  /** The rates recorded for the product's last paid days, newest first (realized history). */
  realized_rates: z.array(savingsRealizedRateSchema),
  now: isoTime,
  value_date: isoTime,
  maturity_date: isoTime,
});
export type SavingsProductDetail = z.infer<typeof savingsProductDetailSchema>;

// ---- the centre's figures (GET /mining and aliases) ---------------------------------------------

export const savingsCentreSchema = z.object({
  platform: z.object({
    total_output: z.array(z.object({ currency: z.string(), currency_id: z.number(), amount: decimalText })),
    participants: z.number(),
    /** Active subscriptions (counted, never configured). */
    valid_nodes: z.number(),
  }),
  /** The caller's figures per currency (null signed out). */
  user: z
    .array(
      z.object({
        currency_id: z.number(),
        currency: z.string(),
        saving: decimalText,
        orders: z.number(),
        accumulated_income: decimalText,
        yesterday_income: decimalText,
      }),
    )
    .nullable(),
  now: isoTime,
});
export type SavingsCentre = z.infer<typeof savingsCentreSchema>;

// ---- subscriptions --------------------------------------------------------------------------------

export const savingsOrderSchema = z.object({
  id: z.string(),
  product_id: z.number(),
  kind: savingsKindSchema,
  name: z.string(),
  currency: savingsCurrencyRefSchema,
  principal: decimalText,
  balance: decimalText,
  income: decimalText,
  status: z.enum(['active', 'matured', 'redeemed']),
  term_days: z.number(),
  days_paid: z.number(),
  daily_rate: decimalText,
  rate_max: decimalText,
  rate_mode: z.enum(['fixed', 'range']),
  payout: z.enum(['account', 'compound']),
  early_redeem: z.boolean(),
  storage_time: isoTime,
  start_time: isoTime,
  expiry_time: isoTime,
  penalty: decimalText,
  forfeited: decimalText,
  refund: decimalText,
  /** False: a prepaid lease; at maturity it ends with nothing returned. */
  refund_principal: z.boolean(),
  closed_at: isoTime.nullable(),
});
export type SavingsOrderView = z.infer<typeof savingsOrderSchema>;

/** A subscription in a list: the view plus whose it is. */
export const savingsOrderListItemSchema = savingsOrderSchema.extend({ user_id: z.number() });
export type SavingsOrderListItem = z.infer<typeof savingsOrderListItemSchema>;

export const savingsOrderPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  list: z.array(savingsOrderListItemSchema),
});
export type SavingsOrderPage = z.infer<typeof savingsOrderPageSchema>;

/** A join: the new subscription (just its id if it could not be read back). */
export const savingsJoinSchema = z.union([savingsOrderListItemSchema, z.object({ id: z.string() })]);
export type SavingsJoinResult = z.infer<typeof savingsJoinSchema>;

export const savingsIncomeSchema = z.object({
  subscription_id: z.string(),
  product_id: z.number(),
  kind: savingsKindSchema,
  name: z.string(),
  currency: z.string(),
  date: day,
  rate: decimalText,
  amount: decimalText,
  paid_at: isoTime,
});
export type SavingsIncome = z.infer<typeof savingsIncomeSchema>;

export const savingsIncomePageSchema = z.object({
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  list: z.array(savingsIncomeSchema),
});
export type SavingsIncomePage = z.infer<typeof savingsIncomePageSchema>;

/** Per currency: all income, yesterday's, the last 7 and 30 UTC days, per family and per day. */
export const savingsProfitCurrencySchema = z.object({
  currency_id: z.number(),
  currency: z.string(),
  decimals: z.number(),
  total: decimalText,
  payments: z.number(),
  yesterday: decimalText,
  last_7_days: decimalText,
  last_30_days: decimalText,
  by_kind: z.array(z.object({ kind: savingsKindSchema, total: decimalText })),
  penalties: decimalText,
  forfeited: decimalText,
  /** Prepaid machine-lease fees paid (never returned). */
  lease_fees: decimalText,
  daily: z.array(z.object({ date: day, amount: decimalText })),
});
export type SavingsProfitCurrency = z.infer<typeof savingsProfitCurrencySchema>;

export const savingsProfitSchema = z.object({
  now: isoTime,
  currencies: z.array(savingsProfitCurrencySchema),
});
export type SavingsProfit = z.infer<typeof savingsProfitSchema>;

/** The early-redemption sheet's figures (the redemption computes the same). */
export const savingsRedeemQuoteSchema = z.object({
  id: z.string(),
  currency: z.string(),
  principal: decimalText,
  balance: decimalText,
  income_paid: decimalText,
  penalty_rate: decimalText,
  penalty: decimalText,
  forfeited: decimalText,
  refund: decimalText,
  forfeit_income: z.boolean(),
});
export type SavingsRedeemQuote = z.infer<typeof savingsRedeemQuoteSchema>;

// ---- console (/admin/savings/*) ---------------------------------------------------------------

/** The console's product: the public view plus the fields only operators edit. */
export const savingsAdminProductSchema = savingsProductSchema.extend({
  names: z.record(z.string(), z.string()),
  status: z.number(),
  sort: z.number(),
});
export type SavingsAdminProduct = z.infer<typeof savingsAdminProductSchema>;
export const savingsAdminProductListSchema = z.array(savingsAdminProductSchema);

export const savingsProductIdSchema = z.object({ id: z.number() });
export type SavingsProductId = z.infer<typeof savingsProductIdSchema>;
/** Open/close: the product's status before and after (1 open, 0 closed). */
export const savingsProductOpenSchema = z.object({ before: z.number(), after: z.number() });
export type SavingsProductOpen = z.infer<typeof savingsProductOpenSchema>;

export const savingsRunSchema = z.object({
  product_id: z.number(),
  product: z.string(),
  kind: savingsKindSchema,
  currency: z.string(),
  date: day,
  rate: decimalText,
  status: z.enum(SAVINGS_RUN_STATUSES),
  paid_count: z.number(),
  total_paid: decimalText,
  pool_balance: decimalText.nullable(),
  updated_at: isoTime,
});
export type SavingsRun = z.infer<typeof savingsRunSchema>;

export const savingsRunPageSchema = z.object({
  total: z.number(),
  list: z.array(savingsRunSchema),
  now: isoTime,
  /** The last day due for accrual (YYYY-MM-DD). */
  due_date: day,
  accrual_minute: z.number(),
});
export type SavingsRunPage = z.infer<typeof savingsRunPageSchema>;

/** What an accrual run did (days are day numbers since the epoch). */
export const savingsAccrualSummarySchema = z.object({
  dueDay: z.number(),
  paid: z.number(),
  stalled: z.array(z.object({ productId: z.number(), day: z.number() })),
  matured: z.number(),
});
export type SavingsAccrualSummary = z.infer<typeof savingsAccrualSummarySchema>;

export const savingsPoolSchema = z.object({
  currency_id: z.number(),
  currency: z.string(),
  yield_pool: decimalText,
  savings_pool: decimalText,
  savings_revenue: decimalText,
});
export type SavingsPool = z.infer<typeof savingsPoolSchema>;
export const savingsPoolListSchema = z.array(savingsPoolSchema);

export const savingsClockSchema = z.object({ enabled: z.boolean(), now: isoTime, offset_ms: z.number() });
export type SavingsClock = z.infer<typeof savingsClockSchema>;

export const savingsClockAdvanceSchema = z.object({
  now: isoTime,
  offset_ms: z.number(),
  accrual: savingsAccrualSummarySchema.nullable(),
});
export type SavingsClockAdvance = z.infer<typeof savingsClockAdvanceSchema>;
