/**
 * Settlement of timed up/down contracts (docs/product/settlement.md).
 *
 * Rule: the close price is the first stored tick of the order's market at or after its expiry
 * instant. If no tick is stored with a time in [expiry, expiry + VOID_AFTER_MS), the order is
 * voided and the stake refunded — never settled on an older or later price. The decision to void
 * is taken only once the clock is past expiry + VOID_AFTER_MS + VOID_GRACE_MS, so a tick of the
 * window that is still being written is not missed.
 *
 * Exactly once: each batch is one transaction holding the guarded transition
 * (`update … where status = 'open'`) of its orders, one journal entry per order that moved (with
 * the idempotency key `contracts:<id>:settle`), and the release of their open exposure. A crash
 * rolls the whole batch back; the next pass (at start-up too) settles it again.
 *
 * The scheduler keeps only the next wake-up instant in memory: the earliest expiry of an open
 * order (one index probe), moved earlier by orders placed in this process. It reads due orders
 * through the partial index on open orders, never the whole table, retries every RETRY_MS while
 * an expired order waits for its closing tick (so it settles within RETRY_MS of that tick being
 * stored), and looks again at least every IDLE_MS (orders placed by other processes).
 */
import { SOCKET_EVENTS, channels } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ledger, type Leg } from '../ledger';
import { STALE_MS } from '../market';
import { amountsFor, outcomeOf, type Outcome } from './payout';
import * as repo from './repo';
import { orderView, type OrderView } from './views';

/** No tick within this long after expiry → void and refund (equal to the index staleness limit). */
export const VOID_AFTER_MS = STALE_MS;
export const VOID_GRACE_MS = 1000;
export const RETRY_MS = 250;
export const IDLE_MS = 5000;

export interface SettleOptions {
  batchSize: number;
  voidAfterMs: number;
  graceMs: number;
  /** The scheduler's idle poll (orders placed by other processes). */
  idleMs: number;
}

const DEFAULTS: SettleOptions = {
  batchSize: 500,
  voidAfterMs: VOID_AFTER_MS,
  graceMs: VOID_GRACE_MS,
  idleMs: IDLE_MS,
};

export interface PassResult {
  settled: number;
  voided: number;
  /** Expired orders still waiting for their closing tick. */
  waiting: number;
}

/** Realtime event of the user channel: settled orders (held messages are concatenated, never dropped). */
export const CONTRACT_EVENT = SOCKET_EVENTS.contract;
const mergeSettled = (queued: unknown, next: unknown) => {
  const a = (queued as { orders?: OrderView[] } | undefined)?.orders ?? [];
  const b = (next as { orders?: OrderView[] }).orders ?? [];
  return { kind: 'contract_settled', orders: [...a, ...b] };
};

interface Decision {
  id: string;
  tick: repo.CloseTick | null;
}

/**
 * Settles (or voids) the given orders in one transaction. Orders that are no longer open are
 * skipped by the guarded update, so calling this twice for the same orders changes nothing.
 */
export async function settleBatch(
  ctx: AppContext,
  decisions: Decision[],
  voidAfterMs = VOID_AFTER_MS,
): Promise<{ moved: string[]; outcomes: Map<string, Outcome> }> {
  const at = ctx.clock.now();
  const byId = new Map(decisions.map((d) => [d.id, d.tick]));
  const outcomes = new Map<string, Outcome>();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const rows = await repo.openOrders(trx, [...byId.keys()]);
    const writes: repo.SettlementWrite[] = [];
    const plans = new Map<
      string,
      { row: repo.OrderRow; outcome: Outcome; amounts: ReturnType<typeof amountsFor> }
    >();
    for (const row of rows) {
      const tick = byId.get(row.id) ?? null;
      // A tick that is not at or after expiry, or outside the window, can never settle an order.
      if (
        tick &&
        (tick.at.getTime() < row.expires_at.getTime() ||
          tick.at.getTime() >= row.expires_at.getTime() + voidAfterMs)
      ) {
        throw new Error(`contracts: tick ${tick.id} is outside the closing window of order ${row.id}`);
      }
      const outcome: Outcome = tick ? outcomeOf(row.direction, row.open_price, tick.price) : 'void';
      const stake = BigInt(row.stake);
      const amounts = amountsFor(outcome, stake, row.payout_rate, row.fee_rate);
      plans.set(row.id, { row, outcome, amounts });
      writes.push({
        id: row.id,
        status: outcome,
        tickId: tick?.id ?? null,
        price: tick?.price ?? null,
        tickAt: tick?.at ?? null,
        payout: amounts.payout,
        fee: amounts.fee,
        profit: amounts.profit,
      });
    }
    const movedIds = await repo.applySettlements(trx, writes, at);
    // Open exposure is released before the money moves, so locks are taken in the same order as
    // when placing (product currency row, then accounts) and the two never deadlock.
    const release = new Map<
      string,
      { productId: number; currencyId: number; direction: number; amount: bigint }
    >();
    for (const id of movedIds) {
      const { row } = plans.get(id)!;
      const key = `${row.product_id}:${row.currency_id}:${row.direction}`;
      const r = release.get(key) ?? {
        productId: row.product_id,
        currencyId: row.currency_id,
        direction: row.direction,
        amount: 0n,
      };
      r.amount += BigInt(row.stake);
      release.set(key, r);
    }
    for (const key of [...release.keys()].sort()) {
      const r = release.get(key)!;
      await repo.releaseExposure(trx, r.productId, r.currencyId, r.direction, r.amount);
    }
    const house = new Map<number, number>();
    const fees = new Map<number, number>();
    for (const id of movedIds) {
      const plan = plans.get(id)!;
      const { row, outcome, amounts } = plan;
      const stake = BigInt(row.stake);
      const legs: Leg[] = [{ accountId: row.account_id, bucket: 'frozen', amount: -stake }];
      if (amounts.payout > 0n)
        legs.push({ accountId: row.account_id, bucket: 'available', amount: amounts.payout });
      if (amounts.house !== 0n) {
        let h = house.get(row.currency_id);
        if (h === undefined)
          house.set(row.currency_id, (h = await ledger.systemAccount(trx, 'house', row.currency_id)));
        legs.push({ accountId: h, bucket: 'available', amount: amounts.house });
      }
      if (amounts.fee > 0n) {
        let f = fees.get(row.currency_id);
        if (f === undefined)
          fees.set(row.currency_id, (f = await ledger.systemAccount(trx, 'fees', row.currency_id)));
        legs.push({ accountId: f, bucket: 'available', amount: amounts.fee });
      }
      await ledger.post(
        trx,
        {
          kind: 'contract_settle',
          refType: 'contract_order',
          refId: row.id,
          idempotencyKey: `contracts:${row.id}:settle`,
          memo: outcome,
          legs,
        },
        at,
      );
      outcomes.set(id, outcome);
    }
    return [...movedIds];
  });
  return { moved, outcomes };
}

/** Tells each owner's open pages which of their orders settled (after the commit). */
async function publishSettled(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (let i = 0; i < ids.length; i += 1000) {
    const views = await repo.orderViews(ctx.db, ids.slice(i, i + 1000));
    const byUser = new Map<number, OrderView[]>();
    for (const v of views) {
      const list = byUser.get(v.user_id) ?? [];
      list.push(orderView(v));
      byUser.set(v.user_id, list);
    }
    for (const [userId, orders] of byUser) {
      ctx.realtime.publish(
        channels.user(userId),
        CONTRACT_EVENT,
        { kind: 'contract_settled', orders },
        mergeSettled,
      );
    }
  }
}

/**
 * One settlement pass at `now`: every open order expired by then is settled against its closing
 * tick, voided when its window passed without one, or left waiting.
 */
export async function settleDue(ctx: AppContext, options: Partial<SettleOptions> = {}): Promise<PassResult> {
  const opts = { ...DEFAULTS, ...options };
  const now = ctx.clock.now();
  const result: PassResult = { settled: 0, voided: 0, waiting: 0 };
  let cursor: { at: Date; id: string } | null = null;
  for (;;) {
    const due = await repo.dueOrders(ctx.db, now, cursor, opts.batchSize * 4);
    if (due.length === 0) break;
    const last = due[due.length - 1]!;
    cursor = { at: last.expires_at, id: last.id };

    const byMarket = new Map<number, Map<number, Date>>();
    for (const d of due) {
      const m = byMarket.get(d.instrument_id) ?? new Map<number, Date>();
      m.set(d.expires_at.getTime(), d.expires_at);
      byMarket.set(d.instrument_id, m);
    }
    const ticks = new Map<number, Map<number, repo.CloseTick>>();
    for (const [instrumentId, instants] of byMarket) {
      ticks.set(
        instrumentId,
        await repo.closeTicks(ctx.db, instrumentId, [...instants.values()], opts.voidAfterMs),
      );
    }
    const ready: Decision[] = [];
    for (const d of due) {
      const exp = d.expires_at.getTime();
      const tick = ticks.get(d.instrument_id)?.get(exp) ?? null;
      if (tick) ready.push({ id: d.id, tick });
      else if (now.getTime() >= exp + opts.voidAfterMs + opts.graceMs) ready.push({ id: d.id, tick: null });
      else result.waiting++;
    }
    for (let i = 0; i < ready.length; i += opts.batchSize) {
      const { moved, outcomes } = await settleBatch(
        ctx,
        ready.slice(i, i + opts.batchSize),
        opts.voidAfterMs,
      );
      for (const id of moved) {
        if (outcomes.get(id) === 'void') result.voided++;
        else result.settled++;
      }
      await publishSettled(ctx, moved).catch((err: unknown) =>
        ctx.log.warn({ err }, 'contract settlement event failed'),
      );
    }
    if (due.length < opts.batchSize * 4) break;
  }
  return result;
}

/** The scheduler: wakes at the next expiry, settles, retries while a closing tick is awaited. */
export class ContractSettler {
  private timer: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  readonly totals = { passes: 0, settled: 0, voided: 0, errors: 0 };
  lastError: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: Partial<SettleOptions> = {},
  ) {}

  /** First pass right away: orders that expired while the server was down settle now. */
  start(): void {
    this.kick();
  }

  /** An order placed in this process expires at `at`: wake then if that is earlier than planned. */
  notify(at: Date): void {
    if (this.stopped) return;
    if (at.getTime() < this.wakeAt) this.schedule(at.getTime());
  }

  private schedule(at: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeAt = at;
    const delay = Math.max(0, Math.min(at - this.ctx.clock.now().getTime(), this.options.idleMs ?? IDLE_MS));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.kick();
    }, delay);
    this.timer.unref();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => {
        this.totals.errors++;
        this.lastError = err instanceof Error ? err.message : String(err);
        this.ctx.log.error({ err }, 'contract settlement pass failed');
        return this.ctx.clock.now().getTime() + 1000;
      })
      .then((next) => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.schedule(Math.min(next, this.wakeAt));
        }
      });
  }

  /** One pass; returns when to wake next. */
  private async pass(): Promise<number> {
    const r = await settleDue(this.ctx, this.options);
    this.totals.passes++;
    this.totals.settled += r.settled;
    this.totals.voided += r.voided;
    this.lastError = null;
    const now = this.ctx.clock.now().getTime();
    if (r.waiting > 0) return now + RETRY_MS;
    const next = await repo.nextExpiry(this.ctx.db, new Date(now));
    return next ? next.getTime() : now + (this.options.idleMs ?? IDLE_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
