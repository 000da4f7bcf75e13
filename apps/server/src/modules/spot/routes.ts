import {
  apiResponse,
  spotBalanceQuerySchema,
  spotBalanceSchema,
  spotCancelBodySchema,
  spotDepthQuerySchema,
  spotDepthSchema,
  spotLangQuerySchema,
  spotMarketInfoListSchema,
  spotOrderFillsSchema,
  spotOrderPageSchema,
  spotOrderQuerySchema,
  spotOrderSchema,
  spotOrdersQuerySchema,
  spotTradeBodySchema,
  spotTradeListSchema,
  spotTradesQuerySchema,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from '../sessions';
import { balances, cancelOrder, depth, listOrders, markets, orderFills, placeOrder, trades } from './service';

/** Spot (coin-to-coin) trading (docs/product/api.md): `POST /coin/trade`, `POST /coin/cancelTrade`, `GET /coin/list`, plus reads. */
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
          body: spotTradeBodySchema,
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
      { preValidation: user, schema: { tags: ['spot'], summary: 'Cancel an open spot order', body: spotCancelBodySchema, response: apiResponse(spotOrderSchema) } },
      async (req) => ok(await cancelOrder(ctx, currentUser(req), req.body.id)),
    );

    app.get(
      '/coin/list',
      {
        preValidation: user,
        schema: {
          tags: ['spot'],
          summary: "The user's spot orders: pending (open) or history, newest first",
          querystring: spotOrdersQuerySchema,
          response: apiResponse(spotOrderPageSchema),
        },
      },
      async (req) => ok(await listOrders(ctx, currentUser(req), req.query)),
    );

    app.get(
      '/coin/order',
      { preValidation: user, schema: { tags: ['spot'], summary: 'One order with its fills', querystring: spotOrderQuerySchema, response: apiResponse(spotOrderFillsSchema) } },
      async (req) => ok(await orderFills(ctx, currentUser(req), req.query.id)),
    );

    app.get(
      '/coin/balance',
      { preValidation: user, schema: { tags: ['spot'], summary: 'Spot-account balances of a market', querystring: spotBalanceQuerySchema, response: apiResponse(spotBalanceSchema) } },
      async (req) => ok(await balances(ctx, currentUser(req), req.query.symbol)),
    );

    app.get(
      '/coin/markets',
      {
        schema: {
          tags: ['spot'],
          summary: 'Spot markets and their trading parameters',
          querystring: spotLangQuerySchema,
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
          querystring: spotDepthQuerySchema,
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
          querystring: spotTradesQuerySchema,
          response: apiResponse(spotTradeListSchema),
        },
      },
      async (req) => ok(await trades(ctx, req.query.symbol, req.query.limit)),
    );
  };
}
