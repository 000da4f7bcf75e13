import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** The ledger has no user routes of its own: POST /wallet/list lives in modules/assets (balances with converted values). */
export function ledgerRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
