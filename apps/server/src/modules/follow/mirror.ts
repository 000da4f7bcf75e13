/**
 * The mirror (docs/product/follow.md): a pass every MIRROR_MS that
 * 1. copies every lead position opened since its cursor to each active follow that started
 *    before it (the copy is an ordinary leverage position of the follower, opened with the client
 *    key `copy:<follow>:<lead position>`, so a repeated pass opens nothing twice; a copy that cannot
 *    open is recorded as skipped with its reason);
 * 2. closes each open copy whose lead position has closed, at the lead's exit tick (reason 'lead');
 * 3. settles the profit share of follows left without open copies, and stops follows whose
 *    realised loss reached their stop-loss.
 * Everything it does is keyed or guarded, so a crash or a second process repeats nothing.
 */
import { Dec, decimalToUnits, unitsToDecimal } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  closeAllAtTick,
  lastPositionId,
  leverEquity,
  leverMarginCurrencyId,
  openPosition,
  positionsAfter,
  positionsByIds,
  type LeverPositionRow,
} from '../lever';
import { currenciesByIds } from '../market';
import * as repo from './repo';
import { followResult, settleShare } from './share';
import { stopFollowNow } from './stop';

export const MIRROR_MS = 300;
const SKIP_OF: Record<string, string> = {
  lever_qty_below_min: 'below_minimum',
  insufficient_balance: 'insufficient_balance',
  lever_position_limit: 'position_limit',
  lever_market_closed: 'market_closed',
  price_unavailable: 'price_unavailable',
};

/** The margin a copy puts up, in base units (before the lever checks): fixed, or the lead's share of equity × ratio, capped. */
async function copyMargin(
  ctx: AppContext,
  f: repo.FollowRow,
  lead: LeverPositionRow,
  currencyId: number,
  decimals: number,
): Promise<bigint> {
  const cap = BigInt(f.max_per_copy);
  let margin: bigint;
  if (f.mode === 'amount') margin = decimalToUnits(new Dec(f.number), decimals, 'down');
  else {
    // ratio = lead margin ÷ the lead's equity before the position (its margin and fee were in it).
    const leadEquity = (await leverEquity(ctx, lead.user_id, currencyId)) + BigInt(lead.open_fee);
    const mine = await leverEquity(ctx, f.follower_id, currencyId);
    if (leadEquity <= 0n) return 0n;
    margin = decimalToUnits(
      new Dec(lead.margin).div(leadEquity.toString()).mul(f.number).mul(mine.toString()),
      0,
      'down',
    );
  }
  return margin < cap ? margin : cap;
}

/** Mirrors one lead position to one follow (once). */
export async function mirrorOpen(
  ctx: AppContext,
  f: repo.FollowRow,
  lead: LeverPositionRow,
  currencyId: number,
  decimals: number,
): Promise<void> {
  if (await repo.copyOf(ctx.db, f.id, lead.id)) return;
  const skip = (reason: string) =>
    repo.insertCopy(ctx.db, {
      follow_id: f.id,
      lead_position_id: lead.id,
      copy_position_id: null,
      status: 'skipped',
      reason,
      created_at: ctx.clock.now(),
    });
  if (lead.status !== 'open') return void (await skip('lead_closed'));
  const margin = await copyMargin(ctx, f, lead, currencyId, decimals);
  if (margin <= 0n) return void (await skip('below_minimum'));
  try {
    const pos = await openPosition(ctx, f.follower_id, {
      instrument_id: lead.instrument_id,
      type: lead.side,
      multiple: lead.leverage,
      margin: unitsToDecimal(margin, decimals).toFixed(),
      client_key: `copy:${f.id}:${lead.id}`,
    });
    await repo.insertCopy(ctx.db, {
      follow_id: f.id,
      lead_position_id: lead.id,
      copy_position_id: pos.id,
      status: 'placed',
      reason: null,
      created_at: ctx.clock.now(),
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await skip(SKIP_OF[err.code] ?? 'failed');
  }
}

export interface MirrorTotals {
  passes: number;
  copied: number;
  closed: number;
  errors: number;
}

/** One pass of the mirror. */
export async function mirrorPass(ctx: AppContext, totals: MirrorTotals): Promise<void> {
  // 1. New lead positions. The cursor starts at the newest position when the mirror first runs.
  let cursor = await repo.cursor(ctx.db);
  if (cursor === null) {
    cursor = await lastPositionId(ctx);
    await repo.saveCursor(ctx.db, cursor);
  }
  const traders = await repo.followedTraderIds(ctx.db);
  // Nobody follows anyone and no copy is open: nothing to do (two reads a pass when idle).
  if (traders.length === 0 && (await repo.placedCopies(ctx.db)).length === 0) return;
  const currencyId = await leverMarginCurrencyId(ctx);
  const decimals = (await currenciesByIds(ctx.db, [currencyId])).get(currencyId)?.decimals ?? 6;
  const fresh = await positionsAfter(ctx, traders, cursor, 200);
  if (fresh.length) {
    const follows = await repo.activeFollowsOf(ctx.db, traders);
    for (const lead of fresh) {
      for (const f of follows) {
        if (f.trader_id !== lead.user_id || f.started_at >= lead.opened_at || f.follower_id === lead.user_id)
          continue;
        await mirrorOpen(ctx, f, lead, currencyId, decimals);
        totals.copied++;
      }
    }
    await repo.saveCursor(ctx.db, fresh[fresh.length - 1]!.id);
  }
  // 2. Copies whose lead closed: closed together at the lead's exit tick (the sweep's batch close).
  const placed = await repo.placedCopies(ctx.db);
  if (placed.length === 0) return;
  const positions = await positionsByIds(ctx, [
    ...new Set(placed.flatMap((c) => [c.lead_position_id, c.copy_position_id!])),
  ]);
  const byLead = new Map<string, LeverPositionRow[]>();
  for (const c of placed) {
    const lead = positions.get(c.lead_position_id)?.row;
    const copy = positions.get(c.copy_position_id!)?.row;
    if (lead?.status === 'closed' && lead.exit_tick_id && copy?.status === 'open')
      byLead.set(lead.id, [...(byLead.get(lead.id) ?? []), copy]);
  }
  const closedNow = new Set<string>();
  for (const [leadId, copies] of byLead) {
    const lead = positions.get(leadId)!.row;
    for (const row of await closeAllAtTick(ctx, copies, lead.exit_tick_id!, 'lead')) {
      closedNow.add(row.id);
      totals.closed++;
    }
  }
  const touched = new Set<string>();
  for (const c of placed) {
    const copy = positions.get(c.copy_position_id!)?.row;
    if (copy?.status === 'closed' || closedNow.has(c.copy_position_id!)) {
      await repo.markCopyClosed(ctx.db, c.id);
      touched.add(c.follow_id);
    }
  }
  // 3. Profit share and stop-loss of the follows whose copies closed.
  for (const id of touched) {
    const f = await repo.followById(ctx.db, id);
    if (!f || f.status !== 'active') continue;
    if (f.stop_loss !== null) {
      const { realized } = await followResult(ctx, id);
      if (-realized >= BigInt(f.stop_loss)) {
        await stopFollowNow(ctx, f, 'stop_loss', currencyId);
        continue;
      }
    }
    await settleShare(ctx, id, currencyId);
  }
}

/** The mirror scheduler of one app. */
export class FollowMirror {
  readonly totals: MirrorTotals = { passes: 0, copied: 0, closed: 0, errors: 0 };
  lastError: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.schedule(0);
  }

  /** Runs a pass soon (a lead opened or closed a position in this process). */
  nudge(): void {
    if (!this.running && this.timer) {
      clearTimeout(this.timer);
      this.schedule(0);
    }
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = mirrorPass(this.ctx, this.totals)
        .then(() => {
          this.totals.passes++;
          this.lastError = null;
        })
        .catch((err: unknown) => {
          this.totals.errors++;
          this.lastError = err instanceof Error ? err.message : String(err);
          this.ctx.log.error({ err }, 'follow: mirror pass failed');
        })
        .then(() => {
          this.running = null;
          this.schedule(MIRROR_MS);
        });
    }, delay);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
