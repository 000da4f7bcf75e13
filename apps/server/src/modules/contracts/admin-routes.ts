/** Console API of the contracts domain (/api/admin/contracts/*). No route touches an order's outcome. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiResponse,
  contractAdminProductsSchema,
  contractConsoleProductSchema,
  contractPnlListSchema,
  contractProductStatusSchema,
  contractSettlementPageSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import { adminPnl, adminProducts, adminSaveProduct, adminSetStatus, adminSettlements } from './admin-service';
import { settlerStatus } from './jobs';

const lang = z.string().optional();
const rate = z.string().trim().regex(/^\d{1,9}(\.\d{1,18})?$/);
const amount = z.string().trim().regex(/^\d{1,30}(\.\d{1,30})?$/);
const id = z.coerce.number().int().min(1).max(2_147_483_647);

const productBody = z.object({
  instrument_id: id,
  status: z.coerce.number().int().min(0).max(1).default(1),
  // Below 1: the integer part is all zeros. A text test, so the refinement cannot throw on text
  // the pattern above already refused (zod runs both).
  fee_rate: rate.refine((v) => /^0+(\.\d+)?$/.test(v), 'field_invalid'),
  seconds: z
    .array(z.object({ seconds: z.coerce.number().int().min(5).max(86_400), payout_rate: rate, status: z.coerce.number().int().min(0).max(1).optional() }))
    .min(1)
    .max(20),
  currencies: z.array(z.object({ currency_id: id, min: amount, max: amount, exposure_cap: amount })).min(1).max(10),
  lang,
});

export function contractsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);
    const tags = ['admin'];

    app.get('/admin/contracts/products', { preValidation: anyOperator, schema: { tags, querystring: z.object({ lang }), response: apiResponse(contractAdminProductsSchema) } }, async () =>
      ok({ products: await adminProducts(ctx), settler: settlerStatus() }),
    );

    app.post('/admin/contracts/products', { preValidation: admins, schema: { tags, body: productBody, response: apiResponse(contractConsoleProductSchema.nullable()) } }, async (req) => {
      const { lang: _lang, ...input } = req.body;
      return ok(await adminSaveProduct(ctx, currentOperator(req), input, req.ip));
    });

    app.post(
      '/admin/contracts/products/:id/status',
      { preValidation: admins, schema: { tags, params: z.object({ id }), body: z.object({ status: z.coerce.number().int().min(0).max(1), lang }), response: apiResponse(contractProductStatusSchema) } },
      async (req) => ok(await adminSetStatus(ctx, currentOperator(req), req.params.id, req.body.status, req.ip)),
    );

    app.get(
      '/admin/contracts/settlements',
      {
        preValidation: anyOperator,
        schema: {
          tags,
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            limit: z.coerce.number().int().min(1).max(100).default(20),
            instrument_id: id.optional(),
            status: z.enum(['won', 'lost', 'tie', 'void']).optional(),
            user_id: id.optional(),
            lang,
          }),
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
      { preValidation: anyOperator, schema: { tags, querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30), lang }), response: apiResponse(contractPnlListSchema) } },
      async (req) => ok(await adminPnl(ctx, req.query.days)),
    );
  };
}
