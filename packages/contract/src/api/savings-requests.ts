/**
 * Savings API requests (apps/server/src/modules/savings, docs/product/api.md): what the user calls
 * (products, join, records, income, early redemption) and the console (products, subscriptions,
 * accrual runs, pool funding, demo clock) send. The server validates with these schemas; the app
 * and the console type their calls with `z.input` of them.
 */
import { z } from 'zod';
import { SAVINGS_RECORD_PAGE_SIZE } from '../constants';
import { bigRowId, rowId } from '../ids';
import { SAVINGS_KINDS } from '../savings-kinds';
import { amountField, clientKeyField, idParamsSchema, langField, pageField } from './request-fields';

const recordLimit = z.coerce.number().int().min(1).max(50).default(SAVINGS_RECORD_PAGE_SIZE);
/** A subscription id (bigint column), kept as text like the views send it. */
const subscriptionId = bigRowId.transform(String);
const subscriptionStatus = z.enum(['active', 'matured', 'redeemed']);
const optionalAmount = amountField.optional();

// ---- user API -----------------------------------------------------------------------------------

/** Calls that take nothing but the language (product lists of one family, centre figures, profit). */
export const savingsLangQuerySchema = z.object({ lang: langField });

/** GET /lh/deposit/config: every family, or one with `kind`. */
export const savingsProductListQuerySchema = z.object({ kind: z.enum(SAVINGS_KINDS).optional(), lang: langField });

/** GET /lh/deposit/config/:id */
export const savingsProductParamsSchema = idParamsSchema;

/**
 * Join a product (/lh/deposit and its older and newer aliases): the product under any of its
 * names (config_id, product_id, comno_id, id) and the amount as amount, money or number.
 */
export const savingsJoinBodySchema = z.object({
  config_id: rowId.optional(),
  product_id: rowId.optional(),
  comno_id: rowId.optional(),
  id: rowId.optional(),
  amount: optionalAmount,
  money: optionalAmount,
  number: optionalAmount,
  idempotency_key: clientKeyField,
  lang: langField,
});

/** The user's subscriptions by state (paginated by SAVINGS_RECORD_PAGE_SIZE). */
export const savingsOrdersQuerySchema = z.object({
  status: subscriptionStatus.optional(),
  kind: z.enum(SAVINGS_KINDS).optional(),
  page: pageField,
  limit: recordLimit,
  lang: langField,
});

/** The user's daily income records, of all subscriptions or one (`order_id`). */
export const savingsIncomesBodySchema = z.object({ order_id: subscriptionId.optional(), page: pageField, limit: recordLimit, lang: langField });

/** The early-redemption figures of a subscription. */
export const savingsRedeemQuoteBodySchema = z.object({ id: subscriptionId, lang: langField });

/** Early redemption; `expected_refund` is the refund the sheet showed (refused when it changed). */
export const savingsRedeemBodySchema = z.object({ id: subscriptionId, expected_refund: z.string().max(80).optional(), lang: langField });

// ---- console ------------------------------------------------------------------------------------

const consoleLimit = z.coerce.number().int().min(1).max(100).default(20);
const rateText = z.string().trim().max(40);

/**
 * A yes/no field: a JSON boolean, or true/false/1/0 from a form. (z.coerce.boolean() reads the
 * string "false" as true, which would open a product or allow early redemption by mistake.)
 */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** /admin/savings/products/:id and its /status */
export const savingsAdminProductParamsSchema = idParamsSchema;

/** A product as the console creates or edits it (rules checked by the server: docs/product/savings.md). */
export const savingsAdminProductBodySchema = z.object({
  kind: z.enum(SAVINGS_KINDS),
  names: z.record(z.string(), z.string().max(200)),
  currency_id: rowId,
  term_days: z.coerce.number().int().min(1).max(3650),
  rate_mode: z.enum(['fixed', 'range']),
  daily_rate: rateText,
  rate_max: rateText.optional(),
  min_amount: amountField,
  max_amount: amountField,
  total_quota: amountField,
  start_time: z.string().max(40),
  end_time: z.string().max(40),
  penalty_rate: rateText,
  early_redeem: flag.default(true),
  forfeit_income: flag.default(false),
  /** False makes a prepaid lease (machine leasing): the amount is a fee, never returned. */
  refund_principal: flag.default(true),
  payout: z.enum(['account', 'compound']),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  sort: z.coerce.number().int().min(-10000).max(10000).default(0),
  lang: langField,
});

/** What the console sends to create or edit a product. */
export type SavingsAdminProductBody = z.input<typeof savingsAdminProductBodySchema>;

/** Opens or closes a product for new joins. */
export const savingsProductStatusBodySchema = z.object({ open: flag, lang: langField });

/** Subscriptions of everyone, by user, product and state. */
export const savingsAdminOrdersQuerySchema = z.object({
  user_id: rowId.optional(),
  product_id: rowId.optional(),
  status: subscriptionStatus.optional(),
  page: pageField,
  limit: consoleLimit,
  lang: langField,
});

/** Accrual runs, of every product or one. */
export const savingsRunsQuerySchema = z.object({ product_id: rowId.optional(), page: pageField, limit: consoleLimit, lang: langField });

/** Runs accrual now. */
export const savingsRunNowBodySchema = z.object({ lang: langField });

/** Moves money between the platform's capital and a currency's yield pool. */
export const savingsPoolFundBodySchema = z.object({ currency_id: rowId, amount: amountField, direction: z.enum(['in', 'out']).default('in'), lang: langField });

/** Moves the demo clock forward (SAVINGS_DEMO_CLOCK only), then runs accrual unless `run` is false. */
export const savingsClockAdvanceBodySchema = z.object({ hours: z.coerce.number().int().min(1).max(24 * 366), run: flag.default(true), lang: langField });
