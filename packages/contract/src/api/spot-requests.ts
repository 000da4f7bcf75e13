/**
 * Spot API requests (apps/server/src/modules/spot, docs/product/api.md): the /coin/* calls and
 * the console's /admin/spot/* calls. The server validates with these schemas; the app and the
 * console type their calls with `z.input` of them.
 */
import { z } from 'zod';
import { PAGE_SIZE_DEFAULT } from '../constants';
import { bigRowId, rowId } from '../ids';
import { langField, pageField } from './request-fields';

const symbol = z.string().trim().min(3).max(40);
/** A price or an amount as typed (read at the market's precision by the server). */
const decimal = z.string().trim().max(60);
const orderLimit = z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT);
const listStatus = z.enum(['pending', 'history', 'all']).default('pending');

/** The side (`type`): 1/buy and 2/sell. */
const side = z
  .union([z.enum(['buy', 'sell', '1', '2']), z.literal(1), z.literal(2)])
  .transform((v) => (v === 'buy' || v === '1' || v === 1 ? 'buy' : 'sell'));

// ---- user API -----------------------------------------------------------------------------------

/** Calls that take nothing but the language. */
export const spotLangQuerySchema = z.object({ lang: langField });

/**
 * POST /coin/trade: the market by symbol or by its currencies (currency_id base, legal_id quote).
 * Without order_type a price means limit and no price means market.
 */
export const spotTradeBodySchema = z.object({
  symbol: symbol.optional(),
  currency_id: rowId.optional(),
  legal_id: rowId.optional(),
  type: side,
  order_type: z.enum(['limit', 'market']).optional(),
  time_in_force: z.enum(['gtc', 'ioc', 'post_only']).default('gtc'),
  target_price: decimal.optional(),
  amount: decimal.min(1),
  client_order_id: z.string().trim().min(1).max(64).optional(),
  lang: langField,
});

/** POST /coin/cancelTrade */
export const spotCancelBodySchema = z.object({ id: bigRowId, lang: langField });

/** GET /coin/list: the user's orders, open (pending) or history, of every market or one. */
export const spotOrdersQuerySchema = z.object({ status: listStatus, symbol: symbol.optional(), page: pageField, limit: orderLimit, lang: langField });

/** GET /coin/order: one order with its fills. */
export const spotOrderQuerySchema = z.object({ id: bigRowId, lang: langField });

/** GET /coin/balance */
export const spotBalanceQuerySchema = z.object({ symbol, lang: langField });

/** GET /coin/depth */
export const spotDepthQuerySchema = z.object({ symbol, limit: z.coerce.number().int().min(1).max(200).default(20), lang: langField });

/** GET /coin/trades */
export const spotTradesQuerySchema = z.object({ symbol, limit: z.coerce.number().int().min(1).max(200).default(50), lang: langField });

// ---- console ------------------------------------------------------------------------------------

const rate = z.string().trim().regex(/^\d+(\.\d{1,18})?$/);

/** /admin/spot/markets/:id (the instrument id) */
export const spotAdminMarketParamsSchema = z.object({ id: rowId });

/** A market's trading parameters, fees and bot settings; fields left out stay as they are. */
export const spotAdminMarketBodySchema = z.object({
  trading: z.coerce.boolean().optional(),
  maker_fee: rate.optional(),
  taker_fee: rate.optional(),
  min_notional: rate.optional(),
  price_band: rate.optional(),
  bot_enabled: z.coerce.boolean().optional(),
  bot_spread: rate.optional(),
  bot_step: rate.optional(),
  bot_levels: z.coerce.number().int().min(1).max(50).optional(),
  bot_level_notional: rate.optional(),
  lang: langField,
});

/** What the console sends to change a market. */
export type SpotAdminMarketBody = z.input<typeof spotAdminMarketBodySchema>;

/** Everyone's orders, by state, market and user. */
export const spotAdminOrdersQuerySchema = z.object({
  status: listStatus,
  symbol: z.string().max(40).optional(),
  user_id: rowId.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: langField,
});

/** /admin/spot/orders/:id/cancel */
export const spotAdminOrderParamsSchema = z.object({ id: bigRowId });

/** An operator's cancel carries nothing but the language. */
export const spotAdminCancelBodySchema = z.object({ lang: langField });

/** Recent trades of every market or one. */
export const spotAdminTradesQuerySchema = z.object({ symbol: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(200).default(50), lang: langField });

/** An order as the app places it: by symbol, with its type and time in force. */
export type SpotTradeBody = Omit<z.output<typeof spotTradeBodySchema>, 'lang' | 'currency_id' | 'legal_id'>;
