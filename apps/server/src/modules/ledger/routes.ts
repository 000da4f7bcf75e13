import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from '../identity';
import { walletList } from './balances';

export function ledgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    app.post(
      '/wallet/list',
      {
        preHandler: requireUser(ctx),
        schema: { tags: ['ledger'], summary: 'The signed-in user balances per account type', body: z.object({ lang: z.string().optional() }) },
      },
      async (req) => ok(await walletList(ctx, currentUser(req))),
    );
  };
}
