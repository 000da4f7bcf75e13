/**
 * Leveraged trading API (apps/server/src/modules/lever, docs/product/lever.md): isolated-margin
 * linear positions on crypto and FX-style markets, with take-profit/stop-loss and liquidation.
 * Amounts are decimal strings in whole units of the margin currency; prices in the market's quote;
 * quantities in its base; times ISO strings. Rules: docs/product/lever.md.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

/** 1 long (buy), 2 short (sell): the `type` of /lever/submit. */
export const LEVER_SIDES = { long: 1, short: 2 } as const;
export const leverSideSchema = z.enum(['long', 'short']);
export type LeverSide = z.infer<typeof leverSideSchema>;

/** Why a position closed. */
/** `lead`: a copy closed because the lead trader's position closed (copy trading). */
export const LEVER_EXIT_REASONS = ['user', 'tp', 'sl', 'liquidation', 'lead'] as const;
export type LeverExitReason = (typeof LEVER_EXIT_REASONS)[number];

/**
 * How profit and loss are measured in the margin currency (USDT):
 * - linear: the quote is USDT or USD (counted 1:1 as USDT), P&L = s·Q·(P − P₀);
 * - quote_inverse: the base is USD and the quote another currency (USD/JPY), so the notional is
 *   Q dollars and P&L = s·Q·(P − P₀)/P, converted at the closing price.
 */
export const LEVER_SETTLEMENTS = ['linear', 'quote_inverse'] as const;
export type LeverSettlement = (typeof LEVER_SETTLEMENTS)[number];

/** One maintenance-margin tier: up to `max_notional` (null: no upper bound), rate `mmr`, amount `cum`. */
export const leverTierSchema = z.object({
  max_notional: decimalText.nullable(),
  mmr: decimalText,
  cum: decimalText,
});
export type LeverTier = z.infer<typeof leverTierSchema>;

/** A leverage market as the trade screen shows it. */
export const leverMarketSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** Base and quote currency ids: the `currency_id` and `legal_id` of the lever calls. */
  currency_id: z.number(),
  legal_id: z.number(),
  /** 'crypto' trades around the clock; 'forex' (FX and metals) closes at weekends. */
  group: z.enum(['crypto', 'forex']),
  settlement: z.enum(LEVER_SETTLEMENTS),
  price_precision: z.number(),
  amount_precision: z.number(),
  margin_currency: z.object({ id: z.number(), name: z.string(), decimals: z.number() }),
  leverages: z.array(z.number()),
  fee_rate: decimalText,
  min_qty: decimalText,
  qty_step: decimalText,
  max_position_qty: decimalText,
  tiers: z.array(leverTierSchema),
  /** Product and market active. */
  tradable: z.boolean(),
  /** Inside trading hours (FX: closed Friday 22:00 to Sunday 22:00 UTC). */
  market_open: z.boolean(),
  /** When a closed market opens again. */
  opens_at: isoTime.nullable(),
  /** Latest fresh index price (null while stale or missing: nothing opens or triggers then). */
  price: decimalText.nullable(),
  price_at: isoTime.nullable(),
  /** 'simulated' prices are demo data and are labelled so. */
  source: z.string(),
  is_demo: z.boolean(),
});
export type LeverMarket = z.infer<typeof leverMarketSchema>;

/** The rules every position follows, stated for the app to show (docs/product/lever.md). */
export const leverPolicySchema = z.object({
  margin_mode: z.literal('isolated'),
  /** Liquidated positions close at their bankruptcy price: the margin is lost, and the insurance fund takes or covers the difference to the market price. */
  liquidation: z.literal('bankruptcy_price'),
  /** No funding or overnight swap is charged. */
  funding: z.literal('none'),
  /** The platform's house account is the counterparty of every position. */
  counterparty: z.literal('house'),
  /** Margin ratio = maintenance margin / margin balance; liquidation at 100 %. */
  margin_ratio: z.literal('mm_over_mb'),
  fx_hours: z.string(),
});
export type LeverPolicy = z.infer<typeof leverPolicySchema>;

/** POST /lever/deal: the markets, the caller's lever-account balance and the policy. */
export const leverDealSchema = z.object({
  markets: z.array(leverMarketSchema),
  balance: z.object({ currency: z.string(), available: decimalText, frozen: decimalText }).nullable(),
  policy: leverPolicySchema,
  server_time: isoTime,
});
export type LeverDeal = z.infer<typeof leverDealSchema>;

/** POST /lever/preview: what an order would open, at the current price, before confirming. */
export const leverPreviewSchema = z.object({
  instrument_id: z.number(),
  side: leverSideSchema,
  leverage: z.number(),
  qty: decimalText,
  entry_price: decimalText,
  notional: decimalText,
  margin: decimalText,
  fee: decimalText,
  /** margin + fee: what leaves the available balance. */
  cost: decimalText,
  available: decimalText,
  liq_price: decimalText.nullable(),
  bankrupt_price: decimalText.nullable(),
  mmr: decimalText,
  currency: z.string(),
});
export type LeverPreview = z.infer<typeof leverPreviewSchema>;

/** A position, open (with live figures at the latest fresh price) or closed (with its exit). */
export const leverPositionSchema = z.object({
  id: z.string(),
  instrument_id: z.number(),
  symbol: z.string(),
  group: z.enum(['crypto', 'forex']),
  settlement: z.enum(LEVER_SETTLEMENTS),
  price_precision: z.number(),
  amount_precision: z.number(),
  currency: z.string(),
  decimals: z.number(),
  side: leverSideSchema,
  type: z.number(),
  leverage: z.number(),
  qty: decimalText,
  entry_price: decimalText,
  entry_tick_id: z.string(),
  opened_at: isoTime,
  margin: decimalText,
  open_fee: decimalText,
  liq_price: decimalText.nullable(),
  bankrupt_price: decimalText.nullable(),
  target_profit_price: decimalText.nullable(),
  stop_loss_price: decimalText.nullable(),
  tiers: z.array(leverTierSchema),
  status: z.enum(['open', 'closed']),
  exit_reason: z.enum(LEVER_EXIT_REASONS).nullable(),
  exit_price: decimalText.nullable(),
  exit_tick_id: z.string().nullable(),
  closed_at: isoTime.nullable(),
  close_fee: decimalText.nullable(),
  /** Realised profit or loss (signed). */
  pnl: decimalText.nullable(),
  /** What came back to the available balance. */
  credited: decimalText.nullable(),
  /** Liquidation: paid into (+) or out of (−) the insurance fund. */
  insurance: decimalText.nullable(),
  /** A loss beyond the margin that nobody collects from the user (isolated margin): the house absorbed it. */
  shortfall: decimalText.nullable(),
  /** Open positions: the latest fresh price and the figures at it (null while the price is stale). */
  mark_price: decimalText.nullable(),
  upnl: decimalText.nullable(),
  roe: decimalText.nullable(),
  maintenance_margin: decimalText.nullable(),
  margin_ratio: decimalText.nullable(),
});
export type LeverPosition = z.infer<typeof leverPositionSchema>;

export const leverPositionPageSchema = z.object({
  list: z.array(leverPositionSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type LeverPositionPage = z.infer<typeof leverPositionPageSchema>;

/** Outcome of closing one position in close-all or batch close. */
export const LEVER_CLOSE_OUTCOMES = [
  'closed',
  'already_closed',
  'not_found',
  'market_closed',
  'price_unavailable',
  'failed',
] as const;
export const leverCloseResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(LEVER_CLOSE_OUTCOMES),
  /** The outcome in the caller's language when it is not 'closed'. */
  message: z.string().nullable(),
  position: leverPositionSchema.nullable(),
});
export type LeverCloseResult = z.infer<typeof leverCloseResultSchema>;
export const leverCloseResultsSchema = z.object({
  results: z.array(leverCloseResultSchema),
  closed: z.number(),
});
export type LeverCloseResults = z.infer<typeof leverCloseResultsSchema>;

// ---- console ------------------------------------------------------------------------------------

/** A market's leverage product as the console edits it. */
export const leverAdminProductSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  group: z.enum(['crypto', 'forex']),
  settlement: z.enum(LEVER_SETTLEMENTS),
  status: z.number(),
  margin_currency_id: z.number(),
  leverages: z.array(z.number()),
  fee_rate: decimalText,
  min_qty: decimalText,
  qty_step: decimalText,
  max_position_qty: decimalText,
  tiers: z.array(leverTierSchema),
});
export type LeverAdminProduct = z.infer<typeof leverAdminProductSchema>;

/** Open interest and the house's position per market. */
export const leverExposureSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  open_positions: z.number(),
  long_qty: decimalText,
  short_qty: decimalText,
  margin: decimalText,
  mark_price: decimalText.nullable(),
  /** Users' unrealised P&L at the mark; the house (counterparty) holds the opposite. */
  users_upnl: decimalText.nullable(),
});
export type LeverExposure = z.infer<typeof leverExposureSchema>;

export const leverAdminPositionSchema = leverPositionSchema.extend({
  user_id: z.number(),
  user_label: z.string(),
});
export type LeverAdminPosition = z.infer<typeof leverAdminPositionSchema>;
export const leverAdminPositionPageSchema = z.object({
  list: z.array(leverAdminPositionSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type LeverAdminPositionPage = z.infer<typeof leverAdminPositionPageSchema>;

/** The insurance fund per currency and the sweeper's state. */
export const leverInsuranceSchema = z.object({
  funds: z.array(z.object({ currency_id: z.number(), currency: z.string(), balance: decimalText })),
  /** Liquidations in total: paid in, paid out, and shortfalls the house absorbed beyond the fund. */
  paid_in: decimalText,
  paid_out: decimalText,
  house_absorbed: decimalText,
  sweeper: z.object({
    running: z.boolean(),
    ticks: z.number(),
    closed: z.number(),
    errors: z.number(),
    last_error: z.string().nullable(),
  }),
});
export type LeverInsurance = z.infer<typeof leverInsuranceSchema>;
