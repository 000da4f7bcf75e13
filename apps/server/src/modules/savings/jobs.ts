/** The accrual scheduler: checks every SAVINGS_JOB_MS and pays what is due (idempotent). */
import type { AppContext } from '../../context';
import { runAccrual } from './accrual';

export function startAccrualScheduler(ctx: AppContext): { stop(): Promise<void> } {
  const every = ctx.config.savings.jobMs;
  if (every <= 0) return { stop: () => Promise.resolve() };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    running = runAccrual(ctx)
      .then((r) => {
        if (r.paid || r.matured || r.stalled.length) ctx.log.info({ savings: r }, 'savings accrual');
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'savings accrual failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, every);
      });
  };
  // First run at start: catches up days missed while the process was down.
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running;
    },
  };
}
