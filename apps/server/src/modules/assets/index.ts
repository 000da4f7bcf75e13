/** The assets domain: the asset centre: deposits, withdrawals, transfers between accounts, exchange, records. The only file other modules import. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Custody } from '../chain';
import { creditDeposit } from './deposits';
import { completeWithdrawal, listApprovedWithdrawals, markWithdrawalSent } from './withdrawal-review';
import { assetsAdminRoutes as adminRoutes } from './admin-routes';
import { assetsUserRoutes } from './routes';
import { seedDemoBankChannel } from './bank';
import { seedDemoConfig } from './config';

export { creditDeposit, type DepositCredit } from './deposits';
export { listApprovedWithdrawals, markWithdrawalSent, completeWithdrawal } from './withdrawal-review';

/** The asset centre's side of the chain jobs: deposits credited, withdrawals sent and completed. */
export const custody: Custody = { creditDeposit, listApprovedWithdrawals, markWithdrawalSent, completeWithdrawal };
export { DEPOSIT_ACCOUNT_TYPE, WITHDRAW_ACCOUNT_TYPE } from './accounts';

/** User API of the domain (mounted under /api). */
export function assetsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return assetsUserRoutes(ctx);
}

/** Console API of the domain (mounted under /api; paths under /admin/). */
export function assetsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return adminRoutes(ctx);
}

/** Background work of the domain: drops exchange quotes that expired long ago. */
export async function startAssetsJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const sweep = async () => {
    const cutoff = new Date(ctx.clock.now().getTime() - 3_600_000);
    await ctx.db
      .deleteFrom('asset_exchange_quotes')
      .where('used_at', 'is', null)
      .where('expires_at', '<', cutoff)
      .execute();
  };
  await sweep().catch((err: unknown) => ctx.log.warn({ err }, 'assets: quote sweep failed'));
  const timer = setInterval(
    () => void sweep().catch((err: unknown) => ctx.log.warn({ err }, 'assets: quote sweep failed')),
    600_000,
  );
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Promise.resolve();
    },
  };
}

/** Demo data of the domain (only with DEMO_DATA; idempotent): demo fees and limits per currency, a demo receiving bank account. */
export async function seedAssetsDemo(ctx: AppContext): Promise<void> {
  await seedDemoConfig(ctx);
  await seedDemoBankChannel(ctx);
}
export { exchangeTickReferences } from './tick-references';
