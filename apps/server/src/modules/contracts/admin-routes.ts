/** Console API of the contracts domain (/api/admin/contracts/*). No route touches an order's outcome. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  contractAdminProductBodySchema,
  contractAdminProductsSchema,
  contractConsoleProductSchema,
  contractLangQuerySchema,
  contractPnlListSchema,
  contractPnlQuerySchema,
  contractProductParamsSchema,
  contractProductStatusBodySchema,
  contractProductStatusSchema,
  contractSettlementPageSchema,
  contractSettlementsQuerySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import { adminPnl, adminProducts, adminSaveProduct, adminSetStatus, adminSettlements } from './admin-service';
import { settlerStatus } from './jobs';

export function contractsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);
    const tags = ['admin'];

    app.get('/admin/contracts/products', { preValidation: anyOperator, schema: { tags, querystring: contractLangQuerySchema, response: apiResponse(contractAdminProductsSchema) } }, async () =>
      ok({ products: await adminProducts(ctx), settler: settlerStatus(ctx) }),
    );

    app.post('/admin/contracts/products', { preValidation: admins, schema: { tags, body: contractAdminProductBodySchema, response: apiResponse(contractConsoleProductSchema.nullable()) } }, async (req) => {
      const { lang: _lang, ...input } = req.body;
      return ok(await adminSaveProduct(ctx, currentOperator(req), input, req.ip));
    });

    app.post(
      '/admin/contracts/products/:id/status',
      { preValidation: admins, schema: { tags, params: contractProductParamsSchema, body: contractProductStatusBodySchema, response: apiResponse(contractProductStatusSchema) } },
      async (req) => ok(await adminSetStatus(ctx, currentOperator(req), req.params.id, req.body.status, req.ip)),
    );

    app.get(
      '/admin/contracts/settlements',
      {
        preValidation: anyOperator,
        schema: {
          tags,
          querystring: contractSettlementsQuerySchema,
          response: apiResponse(contractSettlementPageSchema),
        },
      },
      async (req) =>
        ok(
          await adminSettlements(ctx, {
            page: req.query.page,
            limit: req.query.limit,
            instrumentId: req.query.instrument_id,
            status: req.query.status,
            userId: req.query.user_id,
          }),
        ),
    );

    app.get(
      '/admin/contracts/pnl',
      { preValidation: anyOperator, schema: { tags, querystring: contractPnlQuerySchema, response: apiResponse(contractPnlListSchema) } },
      async (req) => ok(await adminPnl(ctx, req.query.days)),
    );
  };
}
