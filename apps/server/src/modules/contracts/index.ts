/** The contracts domain: timed up/down contracts (contract orders and seconds contracts). The only file other modules import. */
import type { AppContext } from '../../context';
import { seedDemoProducts } from './demo';
import { startSettler, stopSettler } from './jobs';

export { contractsRoutes } from './routes';
export { contractsAdminRoutes } from './admin-routes';
export { settleDue, settleBatch, ContractSettler, VOID_AFTER_MS } from './settle';

/** Background work of the domain: the settlement scheduler; started by server.ts after listen. */
// eslint-disable-next-line @typescript-eslint/require-await -- the interface of domain jobs is async
export async function startContractsJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const settler = startSettler(ctx);
  return { stop: () => stopSettler(ctx, settler) };
}

/** Demo data of the domain (only with DEMO_DATA; idempotent): demo products for the demo markets. */
export async function seedContractsDemo(ctx: AppContext): Promise<void> {
  await seedDemoProducts(ctx);
}
export { contractTickReferences } from './tick-references';
