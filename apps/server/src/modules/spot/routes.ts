import {
  PAGE_SIZE_DEFAULT,
  apiResponse,
  rowId,
  spotBalanceSchema,
  spotDepthSchema,
  spotMarketInfoListSchema,
  spotOrderFillsSchema,
  spotOrderPageSchema,
  spotOrderSchema,
  spotTradeListSchema,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from '../sessions';
import { balances, cancelOrder, depth, listOrders, markets, orderFills, placeOrder, trades } from './service';

const lang = z.string().optional();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_DEFAULT);
const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const symbol = z.string().trim().min(3).max(40);
const decimal = z.string().trim().max(60);

/** spec §3 `type`: the side; 1/buy and 2/sell. */
const side = z
  .union([z.enum(['buy', 'sell', '1', '2']), z.literal(1), z.literal(2)])
  .transform((v) => (v === 'buy' || v === '1' || v === 1 ? 'buy' : 'sell'));

/** Spot (coin-to-coin) trading: spec §7 `POST /coin/trade`, `POST /coin/cancelTrade`, `GET /coin/list`, plus reads. */
export function spotRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);

    app.post(
      '/coin/trade',
      {
        preValidation: user,
        schema: {
          tags: ['spot'],
          summary: 'Place a spot order (limit or market; gtc, ioc or post-only)',
          body: z.object({
            symbol: symbol.optional(),
            currency_id: rowId.optional(),
            legal_id: rowId.optional(),
            type: side,
            order_type: z.enum(['limit', 'market']).optional(),
            time_in_force: z.enum(['gtc', 'ioc', 'post_only']).default('gtc'),
            target_price: decimal.optional(),
            amount: decimal.min(1),
            client_order_id: z.string().trim().min(1).max(64).optional(),
            lang,
          }),
          response: apiResponse(spotOrderSchema),
        },
      },
      async (req) => {
        const b = req.body;
        const price = b.target_price && b.target_price !== '' ? b.target_price : undefined;
        return ok(
          await placeOrder(ctx, currentUser(req), {
            symbol: b.symbol,
            currencyId: b.currency_id,
            legalId: b.legal_id,
            side: b.type,
            // Without an explicit order_type, a price means limit and no price means market.
            orderType: b.order_type ?? (price ? 'limit' : 'market'),
            tif: b.time_in_force,
            price,
            amount: b.amount,
            clientOrderId: b.client_order_id,
          }),
        );
      },
    );

    app.post(
      '/coin/cancelTrade',
      { preValidation: user, schema: { tags: ['spot'], summary: 'Cancel an open spot order', body: z.object({ id, lang }), response: apiResponse(spotOrderSchema) } },
      async (req) => ok(await cancelOrder(ctx, currentUser(req), req.body.id)),
    );

    app.get(
      '/coin/list',
      {
        preValidation: user,
        schema: {
          tags: ['spot'],
          summary: "The user's spot orders: pending (open) or history, newest first",
          querystring: z.object({ status: z.enum(['pending', 'history', 'all']).default('pending'), symbol: symbol.optional(), page, limit, lang }),
          response: apiResponse(spotOrderPageSchema),
        },
      },
      async (req) => ok(await listOrders(ctx, currentUser(req), req.query)),
    );

    app.get(
      '/coin/order',
      { preValidation: user, schema: { tags: ['spot'], summary: 'One order with its fills', querystring: z.object({ id, lang }), response: apiResponse(spotOrderFillsSchema) } },
      async (req) => ok(await orderFills(ctx, currentUser(req), req.query.id)),
    );

    app.get(
      '/coin/balance',
      { preValidation: user, schema: { tags: ['spot'], summary: 'Spot-account balances of a market', querystring: z.object({ symbol, lang }), response: apiResponse(spotBalanceSchema) } },
      async (req) => ok(await balances(ctx, currentUser(req), req.query.symbol)),
    );

    app.get(
      '/coin/markets',
      {
        schema: {
          tags: ['spot'],
          summary: 'Spot markets and their trading parameters',
          querystring: z.object({ lang }),
          response: apiResponse(spotMarketInfoListSchema),
        },
      },
      async () => ok(await markets(ctx)),
    );

    app.get(
      '/coin/depth',
      {
        schema: {
          tags: ['spot'],
          summary: 'Order book: aggregated levels, best first',
          querystring: z.object({ symbol, limit: z.coerce.number().int().min(1).max(200).default(20), lang }),
          response: apiResponse(spotDepthSchema),
        },
      },
      async (req) => ok(await depth(ctx, req.query.symbol, req.query.limit)),
    );

    app.get(
      '/coin/trades',
      {
        schema: {
          tags: ['spot'],
          summary: 'Recent trades of a market, newest first',
          querystring: z.object({ symbol, limit: z.coerce.number().int().min(1).max(200).default(50), lang }),
          response: apiResponse(spotTradeListSchema),
        },
      },
      async (req) => ok(await trades(ctx, req.query.symbol, req.query.limit)),
    );
  };
}
