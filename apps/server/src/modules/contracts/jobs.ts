/** The settlement scheduler of this process. */
import type { AppContext } from '../../context';
import { attachSettler } from './service';
import { ContractSettler } from './settle';

let current: ContractSettler | null = null;

export function startSettler(ctx: AppContext): ContractSettler {
  const s = new ContractSettler(ctx);
  current = s;
  attachSettler(s);
  s.start();
  return s;
}

export async function stopSettler(s: ContractSettler): Promise<void> {
  if (current === s) {
    current = null;
    attachSettler(null);
  }
  await s.stop();
}

/** For the console: whether this process settles, and its totals since start. */
export function settlerStatus() {
  return current
    ? { running: true, ...current.totals, last_error: current.lastError }
    : { running: false, passes: 0, settled: 0, voided: 0, errors: 0, last_error: null };
}
