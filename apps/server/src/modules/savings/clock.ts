/**
 * The clock of the savings engine. Normally the app clock (ctx.clock). With SAVINGS_DEMO_CLOCK
 * on (a demo/test build; off by default), the engine reads the app clock plus an offset that
 * operators advance from the console, so a demo can show a day of income without waiting.
 * Only this module reads the shifted time; every other module keeps ctx.clock.
 */
import type { AppContext } from '../../context';
import type { Clock } from '../../lib/clock';
import { getSetting, putSetting } from '../platform';
import { z } from 'zod';

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

/** Where the demo clock's offset is kept, so a restart does not move the engine's time back. */
const OFFSET_KEY = 'savings_demo_clock_offset_ms';

/** Reads the stored offset into the demo clock (at start; no-op when the demo clock is off). */
export async function loadDemoClock(ctx: AppContext): Promise<void> {
  const c = demoClock(ctx);
  if (!c) return;
  const ms = await getSetting(ctx.db, OFFSET_KEY, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), 0);
  // Time only moves forward: an offset advanced in this process is never taken back.
  if (ms > c.offsetMs) c.offsetMs = ms;
}

/** Moves the demo clock forward and stores the new offset. */
export async function advanceDemoClock(ctx: AppContext, c: OffsetClock, hours: number): Promise<void> {
  c.offsetMs += hours * 3600_000;
  await putSetting(ctx.db, OFFSET_KEY, c.offsetMs, ctx.clock.now());
}
