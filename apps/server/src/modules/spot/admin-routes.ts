import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  spotAdminCancelBodySchema,
  spotAdminMarketBodySchema,
  spotAdminMarketListSchema,
  spotAdminMarketParamsSchema,
  spotAdminOrderPageSchema,
  spotAdminOrderParamsSchema,
  spotAdminOrdersQuerySchema,
  spotAdminTradeListSchema,
  spotAdminTradesQuerySchema,
  spotBotStatusSchema,
  spotLangQuerySchema,
  spotMarketParamsSchema,
  spotOrderSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { userLabels } from '../identity';
import { audit, currentOperator, requireOperator } from '../operators';
import { spotEngines } from './engines';
import { loadMarkets } from './market';
import { upsertMarketParams, recentTrades } from './repo';
import { cancelOrder, listOrders, marketView } from './service';
import { activeSpotBot } from './bot';
import { formatUnits } from '@bourse/money';

/** Console API of spot trading: market parameters and fees, orders, trades, the demo bot. */
export function spotAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);

    app.get('/admin/spot/markets', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: spotLangQuerySchema, response: apiResponse(spotAdminMarketListSchema) } }, async () => {
      const engines = spotEngines(ctx);
      const writers = new Map((await engines.running()).map((w) => [w.market.instrumentId, w]));
      return ok(
        (await loadMarkets(ctx.db)).map((m) => {
          const w = writers.get(m.instrumentId);
          return {
            ...marketView(m),
            listed: m.listed,
            trading_switch: m.trading,
            bot: m.bot,
            engine: w
              ? { resting_orders: w.book.size, best_bid: w.book.bestBid(), best_ask: w.book.bestAsk(), queued: w.queued, ...w.stats }
              : null,
          };
        }),
      );
    });

    app.post(
      '/admin/spot/markets/:id',
      {
        preValidation: admins,
        schema: {
          tags: ['admin'],
          params: spotAdminMarketParamsSchema,
          body: spotAdminMarketBodySchema,
          response: apiResponse(spotMarketParamsSchema),
        },
      },
      async (req) => {
        const engines = spotEngines(ctx);
        const before = marketView(await engines.market(req.params.id));
        const { lang: _l, ...patch } = req.body;
        try {
          await upsertMarketParams(ctx.db, req.params.id, patch, ctx.clock.now());
        } catch {
          // A CHECK refused a value (fee ≥ 10 %, band outside (0, 1] …).
          throw new AppError('field_invalid', { field: 'value' });
        }
        const after = await engines.refresh(req.params.id);
        await audit(ctx, currentOperator(req).id, 'spot.market.update', after.symbol, { ...before, bot: undefined }, patch, req.ip);
        return ok(marketView(after));
      },
    );

    app.get(
      '/admin/spot/orders',
      {
        preValidation: anyOperator,
        schema: {
          tags: ['admin'],
          querystring: spotAdminOrdersQuerySchema,
          response: apiResponse(spotAdminOrderPageSchema),
        },
      },
      async (req) => {
        const { user_id: userFilter, ...q } = req.query;
        const page = await listOrders(ctx, undefined, { ...q, userFilter });
        const labels = await userLabels(ctx.db, page.list.map((o) => o.user_id!));
        return ok({ ...page, list: page.list.map((o) => ({ ...o, user: labels.get(o.user_id!) ?? null })) });
      },
    );

    app.post(
      '/admin/spot/orders/:id/cancel',
      { preValidation: requireOperator(ctx, ['admin', 'support']), schema: { tags: ['admin'], params: spotAdminOrderParamsSchema, body: spotAdminCancelBodySchema, response: apiResponse(spotOrderSchema) } },
      async (req) => {
        const order = await cancelOrder(ctx, null, req.params.id, 'operator');
        await audit(ctx, currentOperator(req).id, 'spot.order.cancel', order.id, null, { status: order.status }, req.ip);
        return ok(order);
      },
    );

    app.get(
      '/admin/spot/trades',
      {
        preValidation: anyOperator,
        schema: {
          tags: ['admin'],
          querystring: spotAdminTradesQuerySchema,
          response: apiResponse(spotAdminTradeListSchema),
        },
      },
      async (req) => {
        const engines = spotEngines(ctx);
        const m = req.query.symbol ? await engines.market(req.query.symbol) : undefined;
        const rows = await recentTrades(ctx.db, m?.instrumentId, req.query.limit);
        const labels = await userLabels(ctx.db, rows.flatMap((t) => [t.maker_user_id, t.taker_user_id]));
        const out = [];
        for (const t of rows) {
          const mk = m ?? (await engines.market(t.instrument_id));
          out.push({
            id: t.id,
            symbol: mk.symbol,
            price: t.price,
            amount: formatUnits(BigInt(t.amount), mk.baseDecimals),
            quote_amount: formatUnits(BigInt(t.quote_amount), mk.quoteDecimals),
            taker_side: t.taker_side,
            maker_user_id: t.maker_user_id,
            taker_user_id: t.taker_user_id,
            maker_user: labels.get(t.maker_user_id) ?? null,
            taker_user: labels.get(t.taker_user_id) ?? null,
            buyer_fee: formatUnits(BigInt(t.buyer_fee), mk.baseDecimals),
            seller_fee: formatUnits(BigInt(t.seller_fee), mk.quoteDecimals),
            entry_id: t.entry_id,
            at: t.created_at.toISOString(),
          });
        }
        return ok(out);
      },
    );

    app.get('/admin/spot/bot', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: spotLangQuerySchema, response: apiResponse(spotBotStatusSchema) } }, async () => {
      const bot = activeSpotBot(ctx);
      const markets = await loadMarkets(ctx.db);
      return ok({
        running: bot !== null,
        demo_data: ctx.config.demoData,
        markets: markets.map((m) => ({
          instrument_id: m.instrumentId,
          symbol: m.symbol,
          config: m.bot,
          status: bot?.status().find((s) => s.symbol === m.symbol) ?? null,
        })),
      });
    });
  };
}
