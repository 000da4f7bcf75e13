/** Console API of copy trading (/api/admin/follow/*). No route changes a result or a statistic. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCopyLogQuerySchema,
  adminCopyLogSchema,
  adminTraderPageSchema,
  adminTraderParamsSchema,
  adminTraderReviewBodySchema,
  adminTraderSchema,
  adminTradersQuerySchema,
  apiResponse,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import { adminTraders, copyLog, review } from './admin-service';

export function followAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);
    const tags = ['admin'];
    app.get(
      '/admin/follow/traders',
      {
        preValidation: anyOperator,
        schema: { tags, querystring: adminTradersQuerySchema, response: apiResponse(adminTraderPageSchema) },
      },
      async (req) => ok(await adminTraders(ctx, req.query)),
    );
    app.post(
      '/admin/follow/traders/:id/review',
      {
        preValidation: admins,
        schema: {
          tags,
          params: adminTraderParamsSchema,
          body: adminTraderReviewBodySchema,
          response: apiResponse(adminTraderSchema),
        },
      },
      async (req) =>
        ok(
          await review(
            ctx,
            currentOperator(req),
            req.params.id,
            req.body.action,
            req.body.share_rate,
            req.ip,
          ),
        ),
    );
    app.get(
      '/admin/follow/copies',
      {
        preValidation: anyOperator,
        schema: { tags, querystring: adminCopyLogQuerySchema, response: apiResponse(adminCopyLogSchema) },
      },
      async (req) => ok(await copyLog(ctx, req.query)),
    );
  };
}
