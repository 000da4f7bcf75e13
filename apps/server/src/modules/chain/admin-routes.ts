import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, chainAssetBodySchema, chainAssetUpdateSchema, chainStatusSchema, idParamsSchema } from '@bourse/contract';
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
          params: idParamsSchema,
          body: chainAssetBodySchema,
        },
      },
      async (req) => ok(await updateChainAsset(ctx, currentOperator(req), req.params.id, req.body, req.ip)),
    );
  };
}
