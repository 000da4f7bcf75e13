import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currencyView, listCurrencies } from './currencies';

export function marketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    app.get(
      '/currency/list',
      { schema: { tags: ['market'], summary: 'Enabled currencies', querystring: z.object({ lang: z.string().optional() }) } },
      async () => ok((await listCurrencies(ctx.db, { enabledOnly: true })).map(currencyView)),
    );
  };
}
