/** User API of copy trading (/follow/*; docs/product/follow.md). Rules live in service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  followBodySchema,
  followCancelBodySchema,
  followLangQuerySchema,
  followSchema,
  leadApplyBodySchema,
  leadProfileSchema,
  selfHoldingBodySchema,
  selfHoldingSchema,
  traderDetailQuerySchema,
  traderDetailSchema,
  traderHistoryQuerySchema,
  traderListQuerySchema,
  traderPageSchema,
  traderTradePageSchema,
  type ErrorCode,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { errorMessage, requestLang } from '../../http/i18n';
import { currentUser, optionalUser, requireUser } from '../sessions';
import {
  apply,
  cancel,
  follow,
  leadProfile,
  listTraders,
  selfHolding,
  traderDetail,
  traderHistory,
} from './service';

/** A skipped copy's reason in the caller's language (the lever error it came from, where there is one). */
const REASON_CODE: Record<string, ErrorCode> = {
  below_minimum: 'lever_qty_below_min',
  insufficient_balance: 'insufficient_balance',
  position_limit: 'lever_position_limit',
  market_closed: 'lever_market_closed',
  price_unavailable: 'price_unavailable',
  lead_closed: 'lever_position_closed',
  failed: 'internal',
};

export function followRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);
    const tags = ['follow'];

    app.get(
      '/follow/index',
      {
        schema: {
          tags,
          summary: 'Lead traders with statistics from fills, sorted',
          querystring: traderListQuerySchema,
          response: apiResponse(traderPageSchema),
        },
      },
      async (req) => ok(await listTraders(ctx, await optionalUser(ctx, req), req.query)),
    );
    app.get(
      '/follow/traderDetail',
      {
        schema: {
          tags,
          summary: 'A lead trader: statistics, NAV per unit, open positions',
          querystring: traderDetailQuerySchema,
          response: apiResponse(traderDetailSchema),
        },
      },
      async (req) =>
        ok(await traderDetail(ctx, await optionalUser(ctx, req), req.query.trader_user_id, req.query.period)),
    );
    app.get(
      '/follow/historyTrade',
      {
        schema: {
          tags,
          summary: "A lead trader's closed positions",
          querystring: traderHistoryQuerySchema,
          response: apiResponse(traderTradePageSchema),
        },
      },
      async (req) => ok(await traderHistory(ctx, req.query.trader_user_id, req.query.page, req.query.limit)),
    );
    app.post(
      '/follow/follow',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Starts copying a lead trader (type 1 fixed amount, 2 fixed ratio)',
          body: followBodySchema,
          response: apiResponse(followSchema),
        },
      },
      async (req) => ok(await follow(ctx, currentUser(req), req.body)),
    );
    app.post(
      '/follow/cancel',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Stops copying: open copies close, profit share settles',
          body: followCancelBodySchema,
          response: apiResponse(followSchema),
        },
      },
      async (req) => {
        const traderId = req.body.trader_user_id ?? req.body.follow_user_id;
        if (traderId === undefined) throw new AppError('field_required', { field: 'trader_user_id' });
        return ok(await cancel(ctx, currentUser(req), traderId));
      },
    );
    app.post(
      '/follow/selfHolding',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'My follows and their copies, placed and skipped',
          body: selfHoldingBodySchema,
          response: apiResponse(selfHoldingSchema),
        },
      },
      async (req) => {
        const lang = requestLang(req.query, req.body);
        return ok(
          await selfHolding(ctx, currentUser(req), req.body.page, req.body.limit, (r) =>
            errorMessage(lang, REASON_CODE[r] ?? 'internal', { min: '', max: '', opens_at: '' }),
          ),
        );
      },
    );
    app.post(
      '/follow/apply',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Applies to be a lead trader (an operator reviews)',
          body: leadApplyBodySchema,
          response: apiResponse(leadProfileSchema),
        },
      },
      async (req) => ok(await apply(ctx, currentUser(req), req.body.bio)),
    );
    app.get(
      '/follow/lead',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'The caller as a lead trader',
          querystring: followLangQuerySchema,
          response: apiResponse(leadProfileSchema),
        },
      },
      async (req) => ok(await leadProfile(ctx, currentUser(req))),
    );
  };
}
