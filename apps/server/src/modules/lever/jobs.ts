/** The trigger sweeper of an app (one per app context, so two apps can run in one process). */
import type { AppContext } from '../../context';
import { LeverSweeper } from './sweep';

const sweepers = new WeakMap<AppContext, LeverSweeper>();

export function startSweeper(ctx: AppContext): LeverSweeper {
  const s = new LeverSweeper(ctx);
  sweepers.set(ctx, s);
  s.start();
  return s;
}

export async function stopSweeper(ctx: AppContext, s: LeverSweeper): Promise<void> {
  if (sweepers.get(ctx) === s) sweepers.delete(ctx);
  await s.stop();
}

/** For the console: whether this app sweeps, and its totals since start. */
export function sweeperStatus(ctx: AppContext) {
  const s = sweepers.get(ctx);
  return s
    ? { running: true, ...s.totals, last_error: s.lastError }
    : { running: false, ticks: 0, closed: 0, errors: 0, last_error: null };
}
