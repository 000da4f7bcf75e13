/** The lever domain: leveraged positions on crypto and FX-style markets (docs/product/lever.md). The only file other modules import. */
import type { AppContext } from '../../context';
import { seedLeverDemo } from './demo';
import { startSweeper, stopSweeper } from './jobs';

export { leverRoutes } from './routes';
export { leverAdminRoutes } from './admin-routes';
export { LeverSweeper, sweepMarket } from './sweep';

/** Background work of the domain: the trigger sweeper; started by server.ts after listen. */
// eslint-disable-next-line @typescript-eslint/require-await -- the interface of domain jobs is async
export async function startLeverJobs(ctx: AppContext): Promise<{ stop(): Promise<void> }> {
  const sweeper = startSweeper(ctx);
  return { stop: () => stopSweeper(ctx, sweeper) };
}

/** Demo data of the domain (only with DEMO_DATA; idempotent): products for the demo markets, a demo insurance fund. */
export async function seedLeverDemoData(ctx: AppContext): Promise<void> {
  await seedLeverDemo(ctx);
}
export { leverTickReferences } from './tick-references';
export {
  openPosition,
  closeAtTick,
  closeAllAtTick,
  closeNow,
  positionsByIds,
  positionRowsByIds,
  positionsAfter,
  lastPositionId,
  closedPositions,
  openPositionsOf,
  leverEquity,
  type OpenInput as LeverOpenInput,
  type PositionRow as LeverPositionRow,
} from './positions-api';
export { marginCurrencyId as leverMarginCurrencyId } from './admin-service';
