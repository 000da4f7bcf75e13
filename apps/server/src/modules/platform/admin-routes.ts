import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiResponse, menuRowListSchema, menuRowSchema, rowId, siteSettingsSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import {
  createMenu,
  menuForConsole,
  siteSettingsForConsole,
  updateMenu,
  updateSiteSettings,
} from './site-admin';

const lang = z.string().optional();
const link = z.object({
  name: z.string().max(60),
  logo: z.string().max(2000).default(''),
  url: z.string().max(2000).default(''),
});
const menuBody = z.object({
  names: z.record(z.string(), z.string().max(60)),
  url: z.string().trim().min(1).max(500),
  icon: z.string().trim().max(300).default(''),
  sort: z.coerce.number().int().min(0).max(10000).default(0),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  lang,
});

/** Console API for site settings and home shortcuts (admins change; every operator reads). */
export function platformAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.get('/admin/site/settings', { preValidation: anyOperator, schema: { response: apiResponse(siteSettingsSchema), tags: ['admin'] } }, async () =>
      ok(await siteSettingsForConsole(ctx)),
    );

    app.post(
      '/admin/site/settings',
      {
        preValidation: adminOnly,
        schema: { response: apiResponse(siteSettingsSchema),
          tags: ['admin'],
          body: z.object({
            site_name: z.string().max(60),
            site_logo: z.string().max(2000).default(''),
            customer_service_url: z.string().max(2000).default(''),
            partners: z.array(link).max(40).default([]),
            media: z.array(link).max(40).default([]),
            lang,
          }),
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await updateSiteSettings(ctx, currentOperator(req), input, req.ip));
      },
    );

    app.get('/admin/site/menu', { preValidation: anyOperator, schema: { response: apiResponse(menuRowListSchema), tags: ['admin'] } }, async () =>
      ok(await menuForConsole(ctx)),
    );

    app.post(
      '/admin/site/menu/:id',
      {
        preValidation: adminOnly,
        schema: { response: apiResponse(menuRowSchema), tags: ['admin'], params: z.object({ id: rowId }), body: menuBody },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await updateMenu(ctx, currentOperator(req), req.params.id, input, req.ip));
      },
    );

    app.post(
      '/admin/site/menu',
      {
        preValidation: adminOnly,
        schema: { response: apiResponse(menuRowSchema),
          tags: ['admin'],
          body: menuBody.extend({
            key: z
              .string()
              .trim()
              .regex(/^[a-z0-9_]{2,32}$/, 'field_invalid'),
          }),
        },
      },
      async (req) => {
        const { lang: _lang, key, ...input } = req.body;
        return ok(await createMenu(ctx, currentOperator(req), key, input, req.ip));
      },
    );
  };
}
