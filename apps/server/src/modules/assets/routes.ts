/**
 * User API of the asset centre (docs/product/api.md, Wallet calls and their "Newer API" aliases).
 * Thin: schema (from @bourse/contract) → service → ok(). Split by concern: balances, deposits and
 * withdrawals (routes-wallet.ts), transfers and exchange (routes-transfer.ts), records (routes-records.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { recordRoutes } from './routes-records';
import { transferRoutes } from './routes-transfer';
import { walletRoutes } from './routes-wallet';

export function assetsUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(walletRoutes(ctx));
    await app.register(transferRoutes(ctx));
    await app.register(recordRoutes(ctx));
  };
}
