/**
 * The market writers of this process, created on first use (the book is rebuilt from the open
 * orders before the first command), plus short caches of market parameters and index prices
 * so the order path does not re-read them per request.
 *
 * Several processes (DATABASE_URL): a writer exists only in the process holding the market's
 * advisory lock (writer-lock.ts); the others refuse that market's orders with `spot_busy` and
 * read its depth from the open orders in the database. Forwarding orders to the lock holder is
 * not built.
 */
import { channels } from '@bourse/contract';
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import { latestTick } from '../market';
import { loadMarket, lotsText, priceText, type SpotMarket } from './market';
import { orderView } from './views';
import { MarketWriter, type Committed } from './writer';
import { WriterLocks } from './writer-lock';
import { AppError } from '../../http/errors';
import { depthFromDb } from './repo';

const MARKET_TTL_MS = 5000;
const INDEX_TTL_MS = 500;

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

  constructor(private readonly ctx: AppContext) {
    this.locks = new WriterLocks(ctx.db, ctx.config.databaseUrl, () => {
      // The lock session is gone: another process may take the markets; stop writing here.
      for (const w of this.writers.values()) void w.then((x) => x.close()).catch(() => undefined);
      this.writers.clear();
    });
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
      const created = new MarketWriter(this.ctx.db, this.ctx.clock, m, (c) => this.publish(created, c));
      w = this.locks.acquire(m.instrumentId).then(async (mine) => {
        if (!mine) throw new AppError('spot_busy');
        await created.rebuild();
        return created;
      });
      this.writers.set(m.instrumentId, w);
      w.catch(() => this.writers.delete(m.instrumentId));
    }
    return w;
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
    const m = w.market;
    const rt = this.ctx.realtime;
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
      rt.publish(channels.user(userId), 'spot_order', orders, (queued, next) => [...(queued as unknown[]), ...(next as unknown[])]);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = await Promise.allSettled([...this.writers.values()]);
    for (const r of all) if (r.status === 'fulfilled') await r.value.close();
    this.writers.clear();
    await this.locks.close();
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
