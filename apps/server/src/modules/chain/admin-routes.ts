import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiResponse,
  chainAssetUpdateSchema,
  chainStatusSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import { chainStatus, updateChainAsset } from './admin-service';

/** Console API of the chain domain: watcher and hot-wallet status, deposit settings per currency. */
export function chainAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    app.get(
      '/admin/chain/status',
      { preValidation: requireOperator(ctx), schema: { response: apiResponse(chainStatusSchema), tags: ['admin'] } },
      async () => ok(await chainStatus(ctx)),
    );

    app.post(
      '/admin/chain/assets/:id',
      {
        preValidation: requireOperator(ctx, ['admin']),
        schema: { response: apiResponse(chainAssetUpdateSchema),
          tags: ['admin'],
          params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
          body: z.object({
            min_deposit: z.string().max(80).optional(),
            enabled: z.boolean().optional(),
            lang: z.string().optional(),
          }),
        },
      },
      async (req) => ok(await updateChainAsset(ctx, currentOperator(req), req.params.id, req.body, req.ip)),
    );
  };
}
