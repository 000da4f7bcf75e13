/** The settlement scheduler of an app (one per app context, so two apps can run in one process). */
import type { AppContext } from '../../context';
import { attachSettler, attachedSettler } from './service';
import { ContractSettler } from './settle';

export function startSettler(ctx: AppContext): ContractSettler {
  const s = new ContractSettler(ctx);
  attachSettler(ctx, s);
  s.start();
  return s;
}

export async function stopSettler(ctx: AppContext, s: ContractSettler): Promise<void> {
  if (attachedSettler(ctx) === s) attachSettler(ctx, null);
  await s.stop();
}

/** For the console: whether this app settles, and its totals since start. */
export function settlerStatus(ctx: AppContext) {
  const current = attachedSettler(ctx);
  return current
    ? { running: true, ...current.totals, last_error: current.lastError }
    : { running: false, passes: 0, settled: 0, voided: 0, errors: 0, last_error: null };
}
