/** Console API of leveraged trading (/api/admin/lever/*). No route opens, closes or prices a position. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  leverAdminPositionPageSchema,
  leverAdminPositionsQuerySchema,
  leverAdminProductBodySchema,
  leverAdminProductSchema,
  leverExposureSchema,
  leverInsuranceFundBodySchema,
  leverInsuranceSchema,
  leverLangQuerySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import {
  adminExposure,
  adminInsurance,
  adminPositions,
  adminProducts,
  adminSaveProduct,
  fundInsurance,
} from './admin-service';

export function leverAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);
    const tags = ['admin'];

    app.get(
      '/admin/lever/products',
      {
        preValidation: anyOperator,
        schema: {
          tags,
          querystring: leverLangQuerySchema,
          response: apiResponse(leverAdminProductSchema.array()),
        },
      },
      async () => ok(await adminProducts(ctx)),
    );

    app.post(
      '/admin/lever/products',
      {
        preValidation: admins,
        schema: { tags, body: leverAdminProductBodySchema, response: apiResponse(leverAdminProductSchema) },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await adminSaveProduct(ctx, currentOperator(req), input, req.ip));
      },
    );

    app.get(
      '/admin/lever/exposure',
      {
        preValidation: anyOperator,
        schema: {
          tags,
          querystring: leverLangQuerySchema,
          response: apiResponse(leverExposureSchema.array()),
        },
      },
      async () => ok(await adminExposure(ctx)),
    );

    app.get(
      '/admin/lever/positions',
      {
        preValidation: anyOperator,
        schema: {
          tags,
          querystring: leverAdminPositionsQuerySchema,
          response: apiResponse(leverAdminPositionPageSchema),
        },
      },
      async (req) => ok(await adminPositions(ctx, req.query)),
    );

    app.get(
      '/admin/lever/insurance',
      {
        preValidation: anyOperator,
        schema: { tags, querystring: leverLangQuerySchema, response: apiResponse(leverInsuranceSchema) },
      },
      async () => ok(await adminInsurance(ctx)),
    );

    app.post(
      '/admin/lever/insurance/fund',
      {
        preValidation: admins,
        schema: { tags, body: leverInsuranceFundBodySchema, response: apiResponse(leverInsuranceSchema) },
      },
      async (req) =>
        ok(
          await fundInsurance(
            ctx,
            currentOperator(req),
            req.body,
            req.ip,
            req.body.client_key && `lever:insurance:${req.body.client_key}`,
          ),
        ),
    );
  };
}
