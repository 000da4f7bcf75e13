/**
 * The trigger sweep (docs/product/lever.md): reads every stored tick of each leverage market in
 * order since its cursor and closes what each tick triggers — liquidation first, then stop-loss,
 * then take-profit — at that tick's price. A market that is closed (FX at weekends) triggers
 * nothing. Crash safety: a close is guarded and keyed (closed at most once); the cursor moves after
 * a batch of ticks is done, so a crash repeats a batch, which then finds those positions closed.
 */
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import { latestTick, marketOpen, ticksAfter, type Tick } from '../market';
import { closeBatch } from './close';
import { loadProducts, type LeverProduct } from './products';
import * as repo from './repo';
import { triggered, type Side } from './rules';

/** Ticks read per market per pass. */
const BATCH = 500;
export const SWEEP_INTERVAL_MS = 250;
/** With nothing open, how often the cursors catch up with the ticks. */
const IDLE_CURSOR_MS = 5000;
/** Positions closed per transaction by the sweep. */
const CLOSE_BATCH = 500;

export interface SweepTotals {
  ticks: number;
  closed: number;
  errors: number;
}

export interface SweepOptions {
  /** Log failed closes (default true). */
  log?: boolean;
  /** Called after each committed close (the crash test kills mid-sweep on it). */
  onClose?: (positionId: string) => void;
  /** Positions closed per transaction (default CLOSE_BATCH). */
  batchSize?: number;
}

/** Sweeps one market's new ticks; returns how many ticks it read. */
export async function sweepMarket(
  ctx: AppContext,
  p: LeverProduct,
  totals: SweepTotals,
  opts: SweepOptions = {},
): Promise<number> {
  const id = p.inst.id;
  let cur = await repo.cursor(ctx.db, id);
  if (!cur) {
    // A market's first sweep starts at its latest tick: no position can predate the product.
    const last = await latestTick(ctx.db, id, ctx.clock.now(), Number.MAX_SAFE_INTEGER);
    if (!last) return 0;
    await repo.saveCursor(ctx.db, id, last.id, last.at);
    cur = { tick_id: last.id, tick_at: last.at };
  }
  const ticks = await ticksAfter(ctx.db, id, cur.tick_id, BATCH);
  if (ticks.length === 0) return 0;
  const live = ticks.filter((t) => marketOpen(p.inst.kind, t.at));
  if (live.length > 0) {
    let low = new Dec(live[0]!.price);
    let high = low;
    for (const t of live) {
      const x = new Dec(t.price);
      if (x.lt(low)) low = x;
      if (x.gt(high)) high = x;
    }
    const candidates = await repo.triggerCandidates(ctx.db, id, low.toFixed(), high.toFixed());
    // Closed in tick order (then position id), so the insurance fund pays out in the order losses happened.
    const hits = candidates
      .flatMap((row) => {
        const hit = firstTrigger(row, live);
        return hit ? [{ row, tick: hit.tick, reason: hit.reason }] : [];
      })
      .sort(
        (a, b) =>
          Number(BigInt(a.tick.id) - BigInt(b.tick.id)) || Number(BigInt(a.row.id) - BigInt(b.row.id)),
      );
    const size = opts.batchSize ?? CLOSE_BATCH;
    const chunks: Array<typeof hits> = [];
    for (let i = 0; i < hits.length; i += size) chunks.push(hits.slice(i, i + size));
    // Each batch's rows are read whole while the previous batch commits (a second connection).
    const load = (chunk: typeof hits) =>
      repo.openPositionsByIds(
        ctx.db,
        chunk.map((h) => h.row.id),
      );
    let next = chunks.length ? load(chunks[0]!) : null;
    for (const [k, chunk] of chunks.entries()) {
      try {
        const rows = new Map((await next!).map((r) => [r.id, r]));
        next = k + 1 < chunks.length ? load(chunks[k + 1]!) : null;
        const items = chunk.flatMap((h) => {
          const row = rows.get(h.row.id);
          return row ? [{ row, tick: h.tick, reason: h.reason }] : [];
        });
        for (const row of await closeBatch(ctx, p, items)) {
          totals.closed++;
          opts.onClose?.(row.id);
        }
      } catch (err) {
        // The cursor stays: the next pass reads these ticks again (what closed stays closed).
        await next?.catch(() => undefined);
        totals.errors++;
        if (opts.log !== false)
          ctx.log.error({ err, positions: chunk.length }, 'lever: trigger closes failed');
        return 0;
      }
    }
  }
  const last = ticks[ticks.length - 1]!;
  await repo.saveCursor(ctx.db, id, last.id, last.at);
  totals.ticks += ticks.length;
  return ticks.length;
}

/** The first tick (in order) that triggers the position, and what it triggers. */
export function firstTrigger(
  row: repo.TriggerRow,
  ticks: Tick[],
): { tick: Tick; reason: 'liquidation' | 'sl' | 'tp' } | null {
  const d = (v: string | null) => (v === null ? null : new Dec(v));
  const stops = {
    liq: d(row.liq_price),
    tp: d(row.tp),
    sl: d(row.sl),
    openedAt: row.opened_at,
    stopsAt: row.stops_at,
  };
  for (const tick of ticks) {
    const reason = triggered(row.side as Side, stops, new Dec(tick.price), tick.at);
    if (reason) return { tick, reason };
  }
  return null;
}

/** The sweep scheduler of one app: a pass over every leverage market every SWEEP_INTERVAL_MS. */
export class LeverSweeper {
  readonly totals: SweepTotals = { ticks: 0, closed: 0, errors: 0 };
  lastError: string | null = null;
  private idleMovedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().then((more) => {
        this.running = null;
        this.schedule(more ? 0 : SWEEP_INTERVAL_MS);
      });
    }, delay);
    this.timer.unref();
  }

  /** One pass; true when a market had a full batch (more ticks wait). */
  async pass(): Promise<boolean> {
    let more = false;
    try {
      // With no open position anywhere, only move the cursors now and then (tick retention follows
      // them), to the latest tick before this check: a position opened after it sees every later tick.
      const checkedAt = this.ctx.clock.now();
      if (!(await repo.anyOpen(this.ctx.db))) {
        if (checkedAt.getTime() - this.idleMovedAt < IDLE_CURSOR_MS) return false;
        this.idleMovedAt = checkedAt.getTime();
        for (const p of await loadProducts(this.ctx)) {
          const last = await latestTick(this.ctx.db, p.inst.id, checkedAt, Number.MAX_SAFE_INTEGER);
          if (last) await repo.saveCursor(this.ctx.db, p.inst.id, last.id, last.at);
        }
        return false;
      }
      for (const p of await loadProducts(this.ctx)) {
        if (this.stopped) break;
        if ((await sweepMarket(this.ctx, p, this.totals)) >= BATCH) more = true;
      }
      this.lastError = null;
    } catch (err) {
      this.totals.errors++;
      this.lastError = err instanceof Error ? err.message : String(err);
      this.ctx.log.error({ err }, 'lever: sweep pass failed');
    }
    return more;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
