import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  idParamsSchema,
  menuItemBodySchema,
  menuItemCreateBodySchema,
  menuRowListSchema,
  menuRowSchema,
  siteSettingsBodySchema,
  siteSettingsSchema,
} from '@bourse/contract';
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
          body: siteSettingsBodySchema,
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
        schema: { response: apiResponse(menuRowSchema), tags: ['admin'], params: idParamsSchema, body: menuItemBodySchema },
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
          body: menuItemCreateBodySchema,
        },
      },
      async (req) => {
        const { lang: _lang, key, ...input } = req.body;
        return ok(await createMenu(ctx, currentOperator(req), key, input, req.ip));
      },
    );
  };
}
