/** The savings domain: fixed-term yield products: savings, lock deposits, pledge, machine leasing. The only file other modules import. */
import type { AppContext } from '../../context';
import { loadDemoClock } from './clock';
import { startAccrualScheduler } from './jobs';

/** User API of the domain (mounted under /api). */
export { savingsUserRoutes as savingsRoutes } from './routes';

/** Console API of the domain (mounted under /api; paths under /admin/). */
export { savingsConsoleRoutes as savingsAdminRoutes } from './admin-routes';

/** Demo data of the domain (only with DEMO_DATA; idempotent). */
export { seedSavingsDemo } from './demo';

export { runAccrual, type AccrualSummary } from './accrual';
export { purchaseWindowStatus } from '@bourse/contract';

/** Background work of the domain: the accrual scheduler; stops cleanly (waits for a run in flight). */
export async function startSavingsJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  // The demo clock (SAVINGS_DEMO_CLOCK only) resumes where operators left it.
  await loadDemoClock(ctx);
  return startAccrualScheduler(ctx);
}
