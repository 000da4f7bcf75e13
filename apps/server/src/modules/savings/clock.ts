/**
 * The clock of the savings engine. Normally the app clock (ctx.clock). With SAVINGS_DEMO_CLOCK
 * on (a demo/test build; off by default), the engine reads the app clock plus an offset that
 * operators advance from the console, so a demo can show a day of income without waiting.
 * Only this module reads the shifted time; every other module keeps ctx.clock.
 */
import type { AppContext } from '../../context';
import type { Clock } from '../../lib/clock';

export class OffsetClock implements Clock {
  offsetMs = 0;
  constructor(private readonly base: Clock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
}

const demoClocks = new WeakMap<AppContext, OffsetClock>();

/** The demo clock of this app, or null when SAVINGS_DEMO_CLOCK is off. */
export function demoClock(ctx: AppContext): OffsetClock | null {
  if (!ctx.config.savings.demoClock) return null;
  let c = demoClocks.get(ctx);
  if (!c) {
    c = new OffsetClock(ctx.clock);
    demoClocks.set(ctx, c);
  }
  return c;
}

export function savingsClock(ctx: AppContext): Clock {
  return demoClock(ctx) ?? ctx.clock;
}
