/** Console API of currencies (/api/admin/currencies): list, create, edit look and status (audited). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, currencyCreateBodySchema, currencyListSchema, currencyUpdateBodySchema, currencyViewSchema, idParamsSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { audit, currentOperator, requireOperator } from '../operators';
import { createCurrency, updateCurrency } from './currency-admin';
import { currencyView, listCurrencies } from './currencies';

export function currencyAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.get('/admin/currencies', { preValidation: anyOperator, schema: { tags: ['admin'], response: apiResponse(currencyListSchema) } }, async () =>
      ok((await listCurrencies(ctx.db)).map(currencyView)),
    );

    app.post(
      '/admin/currencies',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          body: currencyCreateBodySchema,
          response: apiResponse(currencyViewSchema),
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        const created = await createCurrency(ctx.db, input);
        await audit(ctx, currentOperator(req).id, 'currency.create', `currency:${created.id}`, undefined, currencyView(created), req.ip);
        return ok(currencyView(created));
      },
    );

    app.post(
      '/admin/currencies/:id',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          params: idParamsSchema,
          body: currencyUpdateBodySchema,
          response: apiResponse(currencyViewSchema),
        },
      },
      async (req) => {
        const { lang: _lang, ...patch } = req.body;
        const { before, after } = await updateCurrency(ctx.db, req.params.id, patch);
        await audit(ctx, currentOperator(req).id, 'currency.update', `currency:${after.id}`, currencyView(before), currencyView(after), req.ip);
        return ok(currencyView(after));
      },
    );
  };
}
