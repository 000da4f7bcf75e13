import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  apiResponse,
  currencyListSchema,
  emptyMessageSchema,
  favouriteBodySchema,
  klineDataQuerySchema,
  klineListSchema,
  klineQuerySchema,
  langOnlySchema,
  marketDetailQuerySchema,
  marketItemSchema,
  marketListSchema,
  quotationSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { currentUser, requireUser, resolveSession } from '../sessions';
import { tokenFromHeader } from '../../http/auth-header';
import { currencyView, listCurrencies } from './currencies';
import { parsePeriod, type Period } from './periods';
import { addFavourite, klines, listFavourites, marketDetail, quotation, removeFavourite } from './quotes';

/** Seconds (10 digits, docs/product/limits.md) or milliseconds. */
const toMs = (v: number | undefined) => (v === undefined ? undefined : v < 1e11 ? v * 1000 : v);

function period(value: string): Period {
  const p = parsePeriod(value);
  if (!p) throw new AppError('kline_period_invalid');
  return p;
}

/** The caller's user id when a valid session token is sent, else null (public routes). */
async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const token = tokenFromHeader(req.headers.authorization);
  return token ? resolveSession(ctx, token) : null;
}

export function marketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);

    app.get(
      '/currency/list',
      { schema: { tags: ['market'], summary: 'Enabled currencies', querystring: langOnlySchema, response: apiResponse(currencyListSchema) } },
      async () => ok((await listCurrencies(ctx.db, { enabledOnly: true })).map(currencyView)),
    );

    app.get(
      '/currency/quotation_new',
      {
        schema: {
          tags: ['market'],
          summary: 'Listed markets grouped by quote currency, with 24 h statistics and the caller\'s favourites',
          querystring: langOnlySchema,
          response: apiResponse(quotationSchema),
        },
      },
      async (req) => ok(await quotation(ctx.db, await optionalUser(ctx, req), ctx.clock.now())),
    );

    app.get(
      '/currency/market_detail',
      { schema: { tags: ['market'], summary: 'One market with 24 h statistics', querystring: marketDetailQuerySchema, response: apiResponse(marketItemSchema) } },
      async (req) => ok(await marketDetail(ctx.db, await optionalUser(ctx, req), req.query.symbol, ctx.clock.now())),
    );

    app.get(
      '/currency/new_timeshar',
      {
        schema: {
          tags: ['market'],
          summary: 'Klines (candles) of a market for a period between from and to (seconds or ms)',
          querystring: klineQuerySchema,
          response: apiResponse(klineListSchema),
        },
      },
      async (req) => {
        const q = req.query;
        return ok(await klines(ctx.db, q.symbol, period(q.period), { from: toMs(q.from), to: toMs(q.to), limit: q.limit }, ctx.clock.now()));
      },
    );

    app.get(
      '/contract/getKlineData',
      {
        schema: {
          tags: ['market'],
          summary: 'Klines (newer API): symbol or coin, interval or period, optional from/to, limit',
          querystring: klineDataQuerySchema,
          response: apiResponse(klineListSchema),
        },
      },
      async (req) => {
        const q = req.query;
        const sym = q.symbol ?? `${q.coin!.toUpperCase()}/USDT`;
        return ok(
          await klines(ctx.db, sym, period(q.interval ?? q.period ?? '1min'), { from: toMs(q.from), to: toMs(q.to), limit: q.limit }, ctx.clock.now()),
        );
      },
    );

    app.post(
      '/optional/add',
      { preValidation: user, schema: { tags: ['market'], summary: 'Star a market', body: favouriteBodySchema, response: apiResponse(emptyMessageSchema) } },
      async (req) => {
        await addFavourite(ctx.db, currentUser(req), req.body.instrument_id ?? req.body.symbol!, ctx.clock.now());
        return ok(null);
      },
    );

    app.post(
      '/optional/del',
      { preValidation: user, schema: { tags: ['market'], summary: 'Unstar a market', body: favouriteBodySchema, response: apiResponse(emptyMessageSchema) } },
      async (req) => {
        await removeFavourite(ctx.db, currentUser(req), req.body.instrument_id ?? req.body.symbol!);
        return ok(null);
      },
    );

    app.get(
      '/optional/list',
      { preValidation: user, schema: { tags: ['market'], summary: 'Starred markets with 24 h statistics', querystring: langOnlySchema, response: apiResponse(marketListSchema) } },
      async (req) => ok(await listFavourites(ctx.db, currentUser(req), ctx.clock.now())),
    );
  };
}
