/**
 * Spot trading API (apps/server/src/modules/spot): markets and their parameters, the book, recent
 * trades, the user's balances, orders and fills, and the console's markets, orders, trades and
 * demo bot. Amounts and prices are decimal strings; times ISO strings. Plain object schemas only
 * (no transforms or refinements): order placement is a hot path and is serialised through them.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

export const SPOT_SIDES = ['buy', 'sell'] as const;
export type SpotSide = (typeof SPOT_SIDES)[number];

/** An order as the user (and, with `user_id`/`user`, the console) sees it; also the `spot_order` socket payload. */
export const spotOrderSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  currency_id: z.number(),
  legal_id: z.number(),
  side: z.enum(SPOT_SIDES),
  order_type: z.enum(['limit', 'market']),
  time_in_force: z.enum(['gtc', 'ioc', 'post_only']),
  /** Limit price; null for a market order. */
  price: decimalText.nullable(),
  amount: decimalText,
  filled: decimalText,
  remaining: decimalText,
  quote_filled: decimalText,
  avg_price: decimalText.nullable(),
  fee: decimalText,
  fee_currency: z.string(),
  /** What is still frozen for the order (quote for a buy, base for a sell). */
  frozen: decimalText,
  status: z.enum(['open', 'filled', 'cancelled']),
  /** user, operator, ioc, self_trade, no_liquidity or bot. */
  cancel_reason: z.string().nullable(),
  client_order_id: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  /** Base units bought or sold, for clients that compute in units. */
  filled_units: z.string(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const spotOrderPageSchema = z.object({
  list: z.array(spotOrderSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  has_more: z.boolean(),
});
export type SpotOrderPage = z.infer<typeof spotOrderPageSchema>;

export const spotFillSchema = z.object({
  id: z.string(),
  price: decimalText,
  amount: decimalText,
  quote_amount: decimalText,
  role: z.enum(['maker', 'taker']),
  fee: decimalText,
  fee_currency: z.string(),
  at: isoTime,
});
export type SpotFill = z.infer<typeof spotFillSchema>;

/** GET /coin/order: one order with its fills. */
export const spotOrderFillsSchema = z.object({ order: spotOrderSchema, fills: z.array(spotFillSchema) });
export type SpotOrderFills = z.infer<typeof spotOrderFillsSchema>;

const sideBalance = z.object({ currency: z.string(), available: decimalText, frozen: decimalText });
/** GET /coin/balance: the spot-account balances of a market's base and quote. */
export const spotBalanceSchema = z.object({ symbol: z.string(), base: sideBalance, quote: sideBalance });
export type SpotBalance = z.infer<typeof spotBalanceSchema>;

/** A market's trading parameters (console and user). */
export const spotMarketParamsSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  currency_id: z.number(),
  legal_id: z.number(),
  price_precision: z.number(),
  amount_precision: z.number(),
  /** Smallest amount and price step (the instrument's precisions). */
  min_amount: decimalText,
  tick: decimalText,
  maker_fee: decimalText,
  taker_fee: decimalText,
  min_notional: decimalText,
  price_band: decimalText,
  /** Listed and switched on for trading. */
  trading: z.boolean(),
});
export type SpotMarketParams = z.infer<typeof spotMarketParamsSchema>;

/** GET /coin/markets entry: parameters, last trade price and index price. */
export const spotMarketInfoSchema = spotMarketParamsSchema.extend({
  last: decimalText.nullable(),
  index: decimalText.nullable(),
  /** The labelled demo market-making bot quotes this market. */
  demo_bot: z.boolean(),
});
export type SpotMarketInfo = z.infer<typeof spotMarketInfoSchema>;
export const spotMarketInfoListSchema = z.array(spotMarketInfoSchema);

/** GET /coin/depth and the `depth:<symbol>` channel: [price, amount] levels, best first. */
export const spotDepthSchema = z.object({
  symbol: z.string(),
  bids: z.array(z.tuple([decimalText, decimalText])),
  asks: z.array(z.tuple([decimalText, decimalText])),
});
export type SpotDepth = z.infer<typeof spotDepthSchema>;

/** GET /coin/trades entry (newest first); `side` is the taker's. */
export const spotTradeSchema = z.object({
  id: z.string(),
  price: decimalText,
  amount: decimalText,
  side: z.enum(SPOT_SIDES),
  at: isoTime,
});
export type SpotTrade = z.infer<typeof spotTradeSchema>;
export const spotTradeListSchema = z.array(spotTradeSchema);

// ---- console (/admin/spot/*) -------------------------------------------------------------------

/** A user as the console lists them next to orders and trades. */
export const spotUserLabelSchema = z.object({ label: z.string(), demo: z.boolean() });
export type SpotUserLabel = z.infer<typeof spotUserLabelSchema>;

export const spotBotConfigSchema = z.object({
  enabled: z.boolean(),
  spread: decimalText,
  step: decimalText,
  levels: z.number(),
  levelNotional: decimalText,
});
export type SpotBotConfig = z.infer<typeof spotBotConfigSchema>;

/** The market's writer in this process: its book and counters (null when none runs here). */
export const spotEngineStatusSchema = z.object({
  resting_orders: z.number(),
  /** Best prices in ticks. */
  best_bid: z.number().nullable(),
  best_ask: z.number().nullable(),
  queued: z.number(),
  groups: z.number(),
  commands: z.number(),
  fills: z.number(),
  rebuilds: z.number(),
  early: z.number(),
  resent: z.number(),
  overdrawn: z.number(),
  maxGroup: z.number(),
  busyMs: z.number(),
});

export const spotAdminMarketSchema = spotMarketParamsSchema.extend({
  listed: z.boolean(),
  /** The operator's trading switch (trading = listed and this). */
  trading_switch: z.boolean(),
  bot: spotBotConfigSchema,
  engine: spotEngineStatusSchema.nullable(),
});
export type SpotAdminMarket = z.infer<typeof spotAdminMarketSchema>;
export const spotAdminMarketListSchema = z.array(spotAdminMarketSchema);

export const spotAdminOrderSchema = spotOrderSchema.extend({
  user_id: z.number().optional(),
  user: spotUserLabelSchema.nullable(),
});
export type SpotAdminOrder = z.infer<typeof spotAdminOrderSchema>;
export const spotAdminOrderPageSchema = spotOrderPageSchema.extend({ list: z.array(spotAdminOrderSchema) });
export type SpotAdminOrderPage = z.infer<typeof spotAdminOrderPageSchema>;

export const spotAdminTradeSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  price: decimalText,
  amount: decimalText,
  quote_amount: decimalText,
  taker_side: z.enum(SPOT_SIDES),
  maker_user_id: z.number(),
  taker_user_id: z.number(),
  maker_user: spotUserLabelSchema.nullable(),
  taker_user: spotUserLabelSchema.nullable(),
  /** In base (the buyer pays it) and quote (the seller pays it). */
  buyer_fee: decimalText,
  seller_fee: decimalText,
  entry_id: z.string(),
  at: isoTime,
});
export type SpotAdminTrade = z.infer<typeof spotAdminTradeSchema>;
export const spotAdminTradeListSchema = z.array(spotAdminTradeSchema);

export const spotBotMarketStatusSchema = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  lastCycleAt: isoTime.nullable(),
  lastError: z.string().nullable(),
  orders: z.number(),
  placed: z.number(),
  cancelled: z.number(),
  takerOrders: z.number(),
  grid: z.string().nullable(),
});

export const spotBotStatusSchema = z.object({
  running: z.boolean(),
  demo_data: z.boolean(),
  markets: z.array(
    z.object({
      instrument_id: z.number(),
      symbol: z.string(),
      config: spotBotConfigSchema,
      status: spotBotMarketStatusSchema.nullable(),
    }),
  ),
});
export type SpotBotStatus = z.infer<typeof spotBotStatusSchema>;
