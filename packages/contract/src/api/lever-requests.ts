/**
 * Leveraged-trading API requests (apps/server/src/modules/lever): the /lever/* calls and the
 * console's. A market is named by `instrument_id`, or by its base and quote currency ids
 * (`currency_id`, `legal_id`) as the original calls do.
 */
import { z } from 'zod';
import { rowId } from '../ids';
import { clientKeyField, langField, pageField } from './request-fields';

/** Positions per page of the lever lists (docs/product/limits.md). */
export const LEVER_PAGE_SIZE = 10;

const market = { instrument_id: rowId.optional(), currency_id: rowId.optional(), legal_id: rowId.optional() };
/** A price as typed: a positive decimal (checked against the market's precision by the server). */
const price = z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().max(40));
const positionId = z.coerce
  .string()
  .trim()
  .regex(/^\d{1,18}$/);
/** 1 long, 2 short; also the words. */
const side = z.union([
  z.coerce.number().int().min(1).max(2),
  z.enum(['long', 'short', 'buy', 'sell']).transform((s) => (s === 'long' || s === 'buy' ? 1 : 2)),
]);

/** POST /lever/deal: all markets (with one selected when named) and the caller's lever balance. */
export const leverDealBodySchema = z.object({ ...market, lang: langField });

/**
 * POST /lever/submit and /lever/preview: open a position. Size by `number` (quantity in the base)
 * or by `margin` (in the margin currency; the quantity is margin × leverage / price, floored to the
 * step). Optional take-profit and stop-loss prices.
 */
export const leverSubmitBodySchema = z.object({
  ...market,
  type: side,
  multiple: z.coerce.number().int().min(1).max(1000),
  number: z.union([z.string(), z.number()]).transform(String).optional(),
  margin: z.union([z.string(), z.number()]).transform(String).optional(),
  target_profit_price: price.optional(),
  stop_loss_price: price.optional(),
  client_key: clientKeyField,
  lang: langField,
});

/** POST /lever/close */
export const leverCloseBodySchema = z.object({ id: positionId, lang: langField });

/** POST /lever/dealall: close every open position (type 0), the longs (1) or the shorts (2), of one market or all. */
export const leverCloseAllBodySchema = z.object({
  ...market,
  type: z.coerce.number().int().min(0).max(2).default(0),
  lang: langField,
});

/** POST /lever/batch_close: ids as an array or comma-separated text, at most 100. */
export const leverBatchCloseBodySchema = z.object({
  ids: z
    .union([z.array(z.union([z.string(), z.number()])), z.string()])
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^\d{1,18}$/))
        .min(1)
        .max(100),
    ),
  lang: langField,
});

/** POST /lever/setstop: empty text clears a price; an absent field keeps it. */
export const leverSetStopBodySchema = z.object({
  id: positionId,
  target_profit_price: price.optional(),
  stop_loss_price: price.optional(),
  lang: langField,
});

/** POST /lever/my_trade: 1 open positions, 2 closed ones. */
export const leverMyTradeBodySchema = z.object({
  ...market,
  status: z.coerce.number().int().min(1).max(2).default(1),
  page: pageField,
  limit: z.coerce.number().int().min(1).max(50).default(LEVER_PAGE_SIZE),
  lang: langField,
});

/** GET /lever/detail */
export const leverDetailQuerySchema = z.object({ id: positionId, lang: langField });

// ---- console ------------------------------------------------------------------------------------

const rate = z
  .string()
  .trim()
  .regex(/^0(\.\d{1,8})?$/, 'a rate below 1, at most 8 places');
const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/);

/** POST /admin/lever/products: creates or replaces a market's leverage product. */
export const leverAdminProductBodySchema = z.object({
  instrument_id: rowId,
  status: z.coerce.number().int().min(0).max(1).default(1),
  leverages: z.array(z.coerce.number().int().min(1).max(200)).min(1).max(20),
  fee_rate: rate,
  min_qty: quantity,
  qty_step: quantity,
  max_position_qty: quantity,
  /** Tiers by ascending bound; the last has no bound. mmr below 1. */
  tiers: z
    .array(z.object({ max_notional: quantity.nullable(), mmr: rate }))
    .min(1)
    .max(20),
  lang: langField,
});
export type LeverAdminProductBody = z.input<typeof leverAdminProductBodySchema>;

export const leverAdminPositionsQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'liquidation']).default('open'),
  instrument_id: rowId.optional(),
  user_id: rowId.optional(),
  page: pageField,
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
});
export type LeverAdminPositionsQuery = z.output<typeof leverAdminPositionsQuerySchema>;

/** POST /admin/lever/insurance/fund: moves platform capital (house) into the insurance fund. */
export const leverInsuranceFundBodySchema = z.object({
  currency_id: rowId,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/),
  memo: z.string().trim().min(1).max(200),
  /** A retry with the same key moves nothing again. */
  client_key: clientKeyField,
  lang: langField,
});
export type LeverInsuranceFundBody = z.input<typeof leverInsuranceFundBodySchema>;

export const leverLangQuerySchema = z.object({ lang: langField });
