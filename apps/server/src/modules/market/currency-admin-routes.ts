/** Console API of currencies (/api/admin/currencies): list, create, edit look and status (audited). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiResponse, currencyListSchema, currencyViewSchema, rowId } from '@bourse/contract';
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

    const currencyLook = {
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'field_invalid'),
      image: z.string().trim().max(300).regex(/^(\/[\w./-]*|https:\/\/[\w./%-]+)$/, 'field_invalid'),
      sort: z.coerce.number().int().min(0).max(10000),
    };

    app.post(
      '/admin/currencies',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          body: z.object({
            name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,12}$/, 'field_invalid'),
            sub_name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{0,12}$/, 'field_invalid').default(''),
            decimals: z.coerce.number().int().min(0).max(30),
            is_fiat: z.boolean().default(false),
            ...currencyLook,
            lang: z.string().optional(),
          }),
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
          params: z.object({ id: rowId }),
          body: z.object({
            color: currencyLook.color.optional(),
            image: currencyLook.image.optional(),
            sort: currencyLook.sort.optional(),
            status: z.coerce.number().int().min(0).max(1).optional(),
            lang: z.string().optional(),
          }),
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
