/**
 * The market writers of this process, created on first use (the book is rebuilt from the open
 * orders before the first command), plus short caches of market parameters and index prices
 * so the order path does not re-read them per request.
 *
 * Several processes (DATABASE_URL): a writer exists only in the process holding the market's
 * advisory lock (writer-lock.ts). With REDIS_URL the others forward the market's orders to it
 * (forward.ts), and take the lock themselves when no process writes the market (its writer
 * died); without Redis they refuse the orders with `spot_busy`. A process that does not write a
 * market reads its depth from the open orders in the database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { SOCKET_EVENTS, channels } from '@bourse/contract';
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import { openSidePool, type Database } from '../../db/database';
import { latestTick } from '../market';
import { loadMarket, lotsText, priceText, type SpotMarket } from './market';
import { orderView } from './views';
import type { CancelReason, Committed, NewOrder, OrderState } from './types';
import { MarketWriter } from './writer';
import { WriterLocks } from './writer-lock';
import { ForwardTimeout, SpotForwarder, type SpotCommand } from './forward';
import { AppError } from '../../http/errors';
import { depthFromDb } from './repo';

const MARKET_TTL_MS = 5000;
const INDEX_TTL_MS = 500;
/** Connections the market writers of a process share for their group commits (one per busy market). */
const WRITER_POOL_SIZE = 4;
/** How long an order waits for a market nobody writes to get a writer (one starting elsewhere). */
const TAKEOVER_WAIT_MS = 1000;
const TAKEOVER_POLL_MS = 50;

export interface IndexPrice {
  /** In ticks (rounded to the market's price precision); null when stale or missing. */
  ticks: bigint | null;
  tickId: string | null;
}

export class SpotEngines {
  private writers = new Map<number, Promise<MarketWriter>>();
  private markets = new Map<string, { at: number; market: Promise<SpotMarket> }>();
  private index = new Map<number, { at: number; price: Promise<IndexPrice> }>();
  private closed = false;
  private readonly locks: WriterLocks;
  private sidePool: Promise<Database | null> | null = null;
  /** Orders of markets another process writes go there (several processes: PostgreSQL and Redis). */
  private readonly forward: SpotForwarder | null;

  constructor(private readonly ctx: AppContext) {
    this.locks = new WriterLocks(ctx.db, ctx.config.databaseUrl, () => {
      // The lock session is gone: another process may take the markets; stop writing (and taking
      // forwarded orders) here.
      void this.forward?.unlistenAll();
      for (const w of this.writers.values()) void w.then((x) => x.close()).catch(() => undefined);
      this.writers.clear();
    });
    this.forward =
      ctx.config.databaseUrl && ctx.config.redisUrl
        ? new SpotForwarder(ctx.config.redisUrl, () => this.locks.namespace(), ctx.log, (id, cmd, deadline) => this.serve(id, cmd, deadline))
        : null;
  }

  /** A spot market by id or symbol, cached for a few seconds (operator edits call refresh). */
  market(idOrSymbol: number | string): Promise<SpotMarket> {
    const key = String(idOrSymbol);
    const now = Date.now();
    const hit = this.markets.get(key);
    if (hit && now - hit.at < MARKET_TTL_MS) return hit.market;
    const market = loadMarket(this.ctx.db, idOrSymbol);
    this.markets.set(key, { at: now, market });
    market.catch(() => this.markets.delete(key));
    return market.then((m) => {
      // Writers follow parameter changes (fees, trading switch).
      void this.writers.get(m.instrumentId)?.then((w) => (w.market = m));
      return m;
    });
  }

  /** Drops cached parameters after an operator change; the writer takes the new ones. */
  async refresh(instrumentId: number): Promise<SpotMarket> {
    this.markets.clear();
    return this.market(instrumentId);
  }

  /** The index price under the market module's staleness rule, cached for half a second. */
  indexPrice(m: SpotMarket): Promise<IndexPrice> {
    const now = this.ctx.clock.now();
    const hit = this.index.get(m.instrumentId);
    if (hit && Math.abs(now.getTime() - hit.at) < INDEX_TTL_MS) return hit.price;
    const price = latestTick(this.ctx.db, m.instrumentId, now).then((t): IndexPrice => {
      if (!t || t.stale) return { ticks: null, tickId: null };
      const ticks = BigInt(Dec(t.price).toDecimalPlaces(m.pricePrecision, Dec.ROUND_HALF_UP).mul(Dec(10).pow(m.pricePrecision)).toFixed(0));
      return { ticks: ticks > 0n ? ticks : null, tickId: t.id };
    });
    this.index.set(m.instrumentId, { at: now.getTime(), price });
    price.catch(() => this.index.delete(m.instrumentId));
    return price;
  }

  writer(m: SpotMarket): Promise<MarketWriter> {
    let w = this.writers.get(m.instrumentId);
    if (!w) {
      w = this.locks.acquire(m.instrumentId).then(async (mine) => {
        if (!mine) throw new AppError('spot_busy');
        const created: MarketWriter = new MarketWriter(await this.writerDb(), this.ctx.clock, m, (c) => this.publish(created, c));
        await created.rebuild();
        // From now on the other processes forward this market's orders here.
        await this.forward?.listen(m.instrumentId);
        return created;
      });
      this.writers.set(m.instrumentId, w);
      w.catch(() => this.writers.delete(m.instrumentId));
    }
    return w;
  }

  /**
   * The writers' own small pool on PostgreSQL: group commits never queue behind request traffic
   * for one of the shared pool's connections (on PGlite, the one shared connection).
   */
  private writerDb(): Promise<Database> {
    this.sidePool ??= openSidePool(this.ctx.db, this.ctx.config.databaseUrl, WRITER_POOL_SIZE);
    return this.sidePool.then((d) => d ?? this.ctx.db);
  }

  /** Places an order with the market's writer: this process's, or forwarded to the process writing the market. */
  place(m: SpotMarket, order: NewOrder): Promise<OrderState> {
    return this.submit(m, { kind: 'place', order });
  }

  /** Cancels an order through the market's writer (here or forwarded); `userId` null = any user's. */
  cancel(m: SpotMarket, orderId: number, userId: number | null, reason: CancelReason): Promise<OrderState> {
    return this.submit(m, { kind: 'cancel', orderId, userId, reason });
  }

  private async submit(m: SpotMarket, cmd: SpotCommand): Promise<OrderState> {
    const forward = this.forward;
    if (!forward) return apply(await this.writer(m), cmd);
    const f = forward.command(m.instrumentId, cmd);
    const giveUp = Date.now() + TAKEOVER_WAIT_MS;
    for (;;) {
      const local = this.writers.get(m.instrumentId);
      if (local) {
        const w = await local.catch(() => null);
        if (w) return apply(w, cmd);
      } else {
        const order = await forward.send(f).catch((err: unknown) => {
          // No answer: if the writer is gone (a vanished host whose Redis connection still looks
          // alive), its lock is free and this process takes the market for the next orders.
          if (err instanceof ForwardTimeout) void this.writer(m).catch(() => undefined);
          throw err;
        });
        if (order) return order;
        // Nobody writes the market (its writer died, or one is starting): take it if the lock is free.
        const w = await this.writer(m).catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'spot_busy') return null;
          throw err;
        });
        if (w) return apply(w, cmd);
      }
      if (Date.now() >= giveUp) throw new AppError('spot_busy');
      await sleep(TAKEOVER_POLL_MS);
    }
  }

  /** A command another process forwarded: applied by this process's writer of the market (null: none here). */
  private async serve(instrumentId: number, cmd: SpotCommand, deadline: number): Promise<OrderState | null> {
    const w = await this.writers.get(instrumentId)?.catch(() => null);
    if (!w) return null;
    // Parameter changes (fees, trading switch) reach the writer through the cache, as for local orders.
    await this.market(instrumentId);
    return apply(w, cmd, deadline);
  }

  /** Writers already running (console status). */
  async running(): Promise<MarketWriter[]> {
    return Promise.all([...this.writers.values()]);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Realtime after each commit: depth (coalesced by Realtime to ≤ 10/s), trades, private order updates. */
  private publish(w: MarketWriter, c: Committed): void {
    const rt = this.ctx.realtime;
    // No socket server in this process (API-only processes, tests): nothing would be sent.
    if (!rt.attached) return;
    const m = w.market;
    rt.publish(channels.depth(m.symbol), 'depth', depthView(w, 20));
    if (c.trades.length) {
      const trades = c.trades.map((t) => ({
        id: t.id,
        price: priceText(m, t.price),
        amount: lotsText(m, t.lots),
        side: t.takerSide,
        at: t.at.toISOString(),
      }));
      rt.publish(channels.trades(m.symbol), 'trades', { symbol: m.symbol, trades }, (queued, next) => {
        const q = queued as { trades: unknown[] };
        const n = next as { symbol: string; trades: unknown[] };
        return { symbol: n.symbol, trades: [...q.trades, ...n.trades].slice(-100) };
      });
    }
    const byUser = new Map<number, unknown[]>();
    for (const o of c.orders) {
      const list = byUser.get(o.userId) ?? [];
      list.push(orderView(m, o));
      byUser.set(o.userId, list);
    }
    for (const [userId, orders] of byUser) {
      rt.publish(channels.user(userId), SOCKET_EVENTS.spotOrder, orders, (queued, next) => [...(queued as unknown[]), ...(next as unknown[])]);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // Stop taking forwarded orders first: once the locks are released, the others take over.
    await this.forward?.unlistenAll();
    const all = await Promise.allSettled([...this.writers.values()]);
    for (const r of all) if (r.status === 'fulfilled') await r.value.close();
    this.writers.clear();
    await this.locks.close();
    await this.forward?.close();
    const side = await this.sidePool?.catch(() => null);
    this.sidePool = null;
    await side?.destroy();
  }

  /** Depth from this process's writer, or from the open orders when another process writes the market. */
  async depth(m: SpotMarket, limit: number) {
    try {
      return depthView(await this.writer(m), limit);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'spot_busy') throw err;
      const d = await depthFromDb(this.ctx.db, m.instrumentId, limit);
      const fmt = (side: Array<[number, number]>) => side.map(([p, s]) => [priceText(m, p), lotsText(m, s)] as [string, string]);
      return { symbol: m.symbol, bids: fmt(d.bids), asks: fmt(d.asks) };
    }
  }
}

function apply(w: MarketWriter, cmd: SpotCommand, deadline?: number): Promise<OrderState> {
  return cmd.kind === 'place' ? w.place(cmd.order, deadline) : w.cancel(cmd.orderId, cmd.userId, cmd.reason, deadline);
}

/** Aggregated depth as decimal strings, best first. */
export function depthView(w: MarketWriter, limit: number) {
  const m = w.market;
  const d = w.book.depth(limit);
  const fmt = (side: Array<[number, number]>) => side.map(([p, s]) => [priceText(m, p), lotsText(m, s)] as [string, string]);
  return { symbol: m.symbol, bids: fmt(d.bids), asks: fmt(d.asks) };
}

const registries = new WeakMap<Database, SpotEngines>();

/** The engines of this process for the context's database (tests open several apps). */
export function spotEngines(ctx: AppContext): SpotEngines {
  let r = registries.get(ctx.db);
  if (!r || r.isClosed) {
    r = new SpotEngines(ctx);
    registries.set(ctx.db, r);
  }
  return r;
}
