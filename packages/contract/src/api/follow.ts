/**
 * Copy-trading API (apps/server/src/modules/follow, docs/product/follow.md): lead traders and
 * their statistics (computed from fills only), following with a fixed amount or a fixed ratio,
 * mirrored leverage positions, skipped copies with their reason, profit share with a high-water
 * mark, and the console's applications and traders. Amounts in USDT as decimal text.
 */
import { z } from 'zod';
import { leverPositionSchema } from './lever';
import { decimalText, isoTime } from './response';

export const FOLLOW_PERIODS = [7, 30, 90] as const;
export const FOLLOW_SORTS = ['roi', 'pnl', 'mdd', 'win_rate', 'aum', 'copiers'] as const;
export const FOLLOW_MODES = ['amount', 'ratio'] as const;
export const TRADER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const FOLLOW_STATUSES = ['active', 'stopped'] as const;
export const COPY_SKIP_REASONS = [
  'below_minimum',
  'insufficient_balance',
  'position_limit',
  'market_closed',
  'price_unavailable',
  'lead_closed',
  'failed',
] as const;

/** A trader's statistics over a period, each computed from fills and ledger entries only. */
export const traderStatsSchema = z.object({
  period_days: z.number(),
  /** Time-weighted return of the lever account (NAV per unit): deposits and transfers do not count. */
  roi: decimalText,
  /** Realised P&L of positions closed in the period, fees included. */
  pnl: decimalText,
  /** Largest fall of NAV per unit from a peak, as a fraction. */
  mdd: decimalText,
  /** Closed positions with P&L after fees above zero ÷ closed positions. */
  win_rate: decimalText.nullable(),
  trades: z.number(),
  /** Margin the copiers hold in open copied positions. */
  aum: decimalText,
  copiers: z.number(),
});
export type TraderStats = z.infer<typeof traderStatsSchema>;

export const traderSchema = z.object({
  trader_user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  bio: z.string(),
  share_rate: decimalText,
  since: isoTime,
  stats: traderStatsSchema,
  /** The caller follows this trader now. */
  following: z.boolean(),
});
export type Trader = z.infer<typeof traderSchema>;
export const traderPageSchema = z.object({
  list: z.array(traderSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type TraderPage = z.infer<typeof traderPageSchema>;

/** One point of the NAV-per-unit curve (1 at the first trade). */
export const navPointSchema = z.object({ time: z.number(), value: decimalText });
export const traderDetailSchema = traderSchema.extend({
  nav: z.array(navPointSchema),
  open_positions: z.number(),
});
export type TraderDetail = z.infer<typeof traderDetailSchema>;

export const traderTradePageSchema = z.object({
  list: z.array(leverPositionSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type TraderTradePage = z.infer<typeof traderTradePageSchema>;

/** A follow: its terms, what it copied, skipped and shared. */
export const followSchema = z.object({
  id: z.string(),
  trader_user_id: z.number(),
  trader_nickname: z.string(),
  mode: z.enum(FOLLOW_MODES),
  /** USDT margin per copy (amount), or the multiple of the lead's margin share (ratio). */
  number: decimalText,
  max_per_copy: decimalText,
  stop_loss: decimalText.nullable(),
  status: z.enum(FOLLOW_STATUSES),
  stop_reason: z.string().nullable(),
  started_at: isoTime,
  stopped_at: isoTime.nullable(),
  /** Realised P&L of the copies, fees included. */
  realized: decimalText,
  /** Profit share paid to the trader, and the high-water mark it was charged up to. */
  shared: decimalText,
  high_water_mark: decimalText,
  share_rate: decimalText,
  copies: z.number(),
  skipped: z.number(),
});
export type Follow = z.infer<typeof followSchema>;

/** A mirrored order: the copy position, or why it was skipped. */
export const copyOrderSchema = z.object({
  id: z.string(),
  follow_id: z.string(),
  lead_position_id: z.string(),
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  status: z.enum(['placed', 'skipped']),
  reason: z.enum(COPY_SKIP_REASONS).nullable(),
  message: z.string().nullable(),
  position: leverPositionSchema.nullable(),
  created_at: isoTime,
});
export type CopyOrder = z.infer<typeof copyOrderSchema>;

/** POST /follow/selfHolding: the caller's follows and their latest copies. */
export const selfHoldingSchema = z.object({
  follows: z.array(followSchema),
  copies: z.array(copyOrderSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type SelfHolding = z.infer<typeof selfHoldingSchema>;

/** The caller as a lead trader: application state, copiers, profit share earned. */
export const leadProfileSchema = z.object({
  status: z.enum(TRADER_STATUSES).nullable(),
  share_rate: decimalText.nullable(),
  copiers: z.number(),
  share_earned: decimalText,
  stats: traderStatsSchema.nullable(),
});
export type LeadProfile = z.infer<typeof leadProfileSchema>;

// ---- console ------------------------------------------------------------------------------------

export const adminTraderSchema = z.object({
  trader_user_id: z.number(),
  user_label: z.string(),
  nickname: z.string(),
  bio: z.string(),
  status: z.enum(TRADER_STATUSES),
  share_rate: decimalText,
  applied_at: isoTime,
  reviewed_at: isoTime.nullable(),
  copiers: z.number(),
  share_earned: decimalText,
});
export type AdminTrader = z.infer<typeof adminTraderSchema>;
export const adminTraderPageSchema = z.object({
  list: z.array(adminTraderSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AdminTraderPage = z.infer<typeof adminTraderPageSchema>;
export const adminCopyLogSchema = z.object({
  list: z.array(copyOrderSchema.extend({ follower_id: z.number(), follower_label: z.string() })),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type AdminCopyLog = z.infer<typeof adminCopyLogSchema>;
