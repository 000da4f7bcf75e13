import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiResponse, fiatRateListSchema, langOnlySchema, menuSchema, publicSettingQuerySchema, siteConfigSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { fiatRates } from './fiat';
import { menu, publicSetting, siteConfig } from './service';

export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    app.get(
      '/getSetting',
      {
        schema: {
          tags: ['platform'],
          summary: 'One public site setting',
          querystring: publicSettingQuerySchema,
          response: apiResponse(z.unknown().describe('the setting value (JSON)')),
        },
      },
      async (req) => ok(await publicSetting(ctx, req.query.keyword)),
    );
    app.get(
      '/getercSetting',
      { schema: { response: apiResponse(siteConfigSchema), tags: ['platform'], summary: 'Site configuration for launch', querystring: langOnlySchema } },
      async () => ok(await siteConfig(ctx)),
    );
    app.post(
      '/index/config',
      { schema: { response: apiResponse(siteConfigSchema), tags: ['platform'], summary: 'Site configuration (newer API)', body: langOnlySchema } },
      async () => ok(await siteConfig(ctx)),
    );
    app.get(
      '/menu',
      {
        schema: { response: apiResponse(menuSchema),
          tags: ['platform'],
          summary: 'Home shortcuts in the caller language',
          querystring: langOnlySchema,
        },
      },
      async (req) => ok(await menu(ctx, req.lang)),
    );
    app.get(
      '/fiat/rates',
      { schema: { response: apiResponse(fiatRateListSchema), tags: ['platform'], summary: 'Fiat rates against USD', querystring: langOnlySchema } },
      async () => ok(await fiatRates(ctx)),
    );
  };
}
