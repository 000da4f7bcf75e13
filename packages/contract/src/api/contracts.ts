/**
 * Timed up/down contracts API (apps/server/src/modules/contracts): products with their expiry
 * options and payable currencies, orders (the seconds-trade calls /microtrade/* and the newer
 * /contract/* aliases), and the console's products, exposure, settlement log and house P&L.
 * Amounts and rates are decimal strings in whole currency units; times ISO strings.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

export const CONTRACT_ORDER_STATUSES = ['open', 'won', 'lost', 'tie', 'void'] as const;
export type ContractOrderStatus = (typeof CONTRACT_ORDER_STATUSES)[number];
export const contractDirectionSchema = z.enum(['up', 'down']);
export type ContractDirection = z.infer<typeof contractDirectionSchema>;

// ---- products -----------------------------------------------------------------------------------

export const contractExpirySchema = z.object({ seconds: z.number(), payout_rate: decimalText, status: z.number() });
export type ContractExpiry = z.infer<typeof contractExpirySchema>;

/** A currency a stake can be paid in, with its stake limits. */
export const contractProductCurrencySchema = z.object({
  currency_id: z.number(),
  name: z.string(),
  sub_name: z.string(),
  decimals: z.number(),
  min: decimalText,
  max: decimalText,
  status: z.number(),
});
export type ContractProductCurrency = z.infer<typeof contractProductCurrencySchema>;

/** A market's contract product (GET /microtrade/seconds, /contract/getContractDetails). */
export const contractProductSchema = z.object({
  match_id: z.number(),
  product_id: z.number(),
  instrument_id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  price_precision: z.number(),
  /** The market's price source: 'simulated' is demo data and is labelled so. */
  source: z.string(),
  is_demo: z.boolean(),
  /** Open for new orders: the product and its market are both active. */
  tradable: z.boolean(),
  status: z.number(),
  instrument_status: z.number(),
  fee_rate: decimalText,
  seconds: z.array(contractExpirySchema),
  currencies: z.array(contractProductCurrencySchema),
});
export type ContractProduct = z.infer<typeof contractProductSchema>;
export const contractProductListSchema = z.array(contractProductSchema);

/** GET /contract/getContractList. */
export const contractProductPageSchema = z.object({
  list: z.array(contractProductSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type ContractProductPage = z.infer<typeof contractProductPageSchema>;

/** GET /microtrade/payable_currencies entry; `balance` (contract account) only when signed in. */
export const contractPayableCurrencySchema = z.object({
  currency_id: z.number(),
  name: z.string(),
  sub_name: z.string(),
  decimals: z.number(),
  min: decimalText,
  max: decimalText,
  balance: decimalText.nullable(),
});
export type ContractPayableCurrency = z.infer<typeof contractPayableCurrencySchema>;
export const contractPayableCurrencyListSchema = z.array(contractPayableCurrencySchema);

// ---- orders -------------------------------------------------------------------------------------

/** An order in the lists and the `contract_settled` socket event. */
export const contractOrderSchema = z.object({
  id: z.string(),
  match_id: z.number(),
  product_id: z.number(),
  symbol: z.string(),
  price_precision: z.number(),
  currency_id: z.number(),
  currency: z.string(),
  currency_sub: z.string(),
  /** 1 up, 2 down. */
  type: z.number(),
  direction: contractDirectionSchema,
  seconds: z.number(),
  /** The stake. */
  number: decimalText,
  payout_rate: decimalText,
  fee_rate: decimalText,
  expected_profit: decimalText,
  expected_fee: decimalText,
  open_price: decimalText,
  open_tick_id: z.string(),
  open_tick_at: isoTime,
  created_at: isoTime,
  expires_at: isoTime,
  status: z.enum(CONTRACT_ORDER_STATUSES),
  settled: z.boolean(),
  close_price: decimalText.nullable(),
  close_tick_id: z.string().nullable(),
  close_tick_at: isoTime.nullable(),
  settled_at: isoTime.nullable(),
  payout: decimalText.nullable(),
  fee: decimalText.nullable(),
  profit: decimalText.nullable(),
  /** Net profit over stake in percent ("78.4" = +78.4 %), two decimals at most. */
  profit_rate: decimalText.nullable(),
});
export type ContractOrder = z.infer<typeof contractOrderSchema>;

/** One order (placing, /microtrade/get_result, /contract/findOrderStatus) with the server's clock. */
export const contractOrderDetailSchema = contractOrderSchema.extend({ server_time: isoTime });
export type ContractOrderDetail = z.infer<typeof contractOrderDetailSchema>;

export const contractOrderPageSchema = z.object({
  list: z.array(contractOrderSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
  server_time: isoTime,
});
export type ContractOrderPage = z.infer<typeof contractOrderPageSchema>;

// ---- console (/admin/contracts/*) -------------------------------------------------------------

/** A payable currency as the console sees it: limits, the exposure cap and the open stake per direction. */
export const contractConsoleCurrencySchema = contractProductCurrencySchema.extend({
  exposure_cap: decimalText,
  open_up: decimalText,
  open_down: decimalText,
});

/** A product with every expiry and currency (also inactive ones) and the exposure figures. */
export const contractConsoleProductSchema = contractProductSchema.extend({
  currencies: z.array(contractConsoleCurrencySchema),
});
export type ContractConsoleProduct = z.infer<typeof contractConsoleProductSchema>;

export const contractAdminProductSchema = contractConsoleProductSchema.extend({
  open_orders: z.array(
    z.object({ currency_id: z.number(), direction: contractDirectionSchema, orders: z.number(), stake: decimalText }),
  ),
});
export type ContractAdminProduct = z.infer<typeof contractAdminProductSchema>;

export const contractSettlerStatusSchema = z.object({
  running: z.boolean(),
  passes: z.number(),
  settled: z.number(),
  voided: z.number(),
  errors: z.number(),
  last_error: z.string().nullable(),
});
export type ContractSettlerStatus = z.infer<typeof contractSettlerStatusSchema>;

/** GET /admin/contracts/products. */
export const contractAdminProductsSchema = z.object({
  products: z.array(contractAdminProductSchema),
  settler: contractSettlerStatusSchema,
});
export type ContractAdminProducts = z.infer<typeof contractAdminProductsSchema>;

/** POST /admin/contracts/products/:id/status. */
export const contractProductStatusSchema = z.object({ product_id: z.number(), status: z.number() });
export type ContractProductStatus = z.infer<typeof contractProductStatusSchema>;

export const contractSettlementSchema = contractOrderSchema.extend({ user_id: z.number() });
export type ContractSettlement = z.infer<typeof contractSettlementSchema>;
export const contractSettlementPageSchema = z.object({ items: z.array(contractSettlementSchema), total: z.number() });
export type ContractSettlementPage = z.infer<typeof contractSettlementPageSchema>;

/** House P&L per UTC day and currency (user P&L + house P&L + fees = 0). */
export const contractPnlDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  currency_id: z.number(),
  currency: z.string(),
  orders: z.number(),
  won: z.number(),
  lost: z.number(),
  tie: z.number(),
  void: z.number(),
  stake: decimalText,
  user_profit: decimalText,
  fees: decimalText,
  house_pnl: decimalText,
});
export type ContractPnlDay = z.infer<typeof contractPnlDaySchema>;
export const contractPnlListSchema = z.array(contractPnlDaySchema);
