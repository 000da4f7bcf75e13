import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, depositAddressBodySchema, depositAddressSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { currentUser, requireUser } from '../sessions';
import { getInAddress } from './service';

/** User API of the chain domain: the deposit address (POST /wallet/get_in_address, docs/product/api.md). */
export function chainRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);
    app.post(
      '/wallet/get_in_address',
      {
        preValidation: user,
        schema: { response: apiResponse(depositAddressSchema),
          tags: ['chain'],
          summary: "The caller's deposit address for a currency (one per user and chain, never reused)",
          body: depositAddressBodySchema,
        },
      },
      async (req) => {
        // The documented payload names the user; it can only ever be the caller.
        if (req.body.user_id !== undefined && req.body.user_id !== currentUser(req))
          throw new AppError('chain_user_mismatch');
        return ok(await getInAddress(ctx, currentUser(req), req.body.currency));
      },
    );
  };
}
