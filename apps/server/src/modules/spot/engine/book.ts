/**
 * The in-memory order book of one market: price-time priority, limit and market orders,
 * good-till-cancelled, immediate-or-cancel and post-only, self-trade prevention.
 *
 * Pure and synchronous (no I/O, no clock). Prices are integer ticks and sizes integer lots
 * (JavaScript safe integers; the service converts exactly at the boundary and refuses anything
 * beyond Number.MAX_SAFE_INTEGER), so the hot path uses no decimal library and no BigInt.
 *
 * Structure per side: a sorted array of level prices with the best price LAST (bids ascending,
 * asks descending), so taking or emptying the best level is an O(1) pop; a Map from price to
 * level; each level a doubly linked FIFO of orders. An id index makes cancel O(1) (plus the
 * removal of the level from the price array when it empties, a binary search and memmove).
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** gtc rests, ioc takes what it can and cancels the rest, post_only is refused if it would take. */
export type TimeInForce = 'gtc' | 'ioc' | 'post_only';

export interface PlaceInput {
  id: number;
  owner: number;
  side: Side;
  type: OrderType;
  tif: TimeInForce;
  /** Limit price in ticks. For a market order: a protection limit, or 0 for none. */
  price: number;
  /** Size in lots (> 0). */
  size: number;
}

/** One match: the taker traded `size` lots at the maker's price. */
export interface Fill {
  makerId: number;
  makerOwner: number;
  takerId: number;
  price: number;
  size: number;
  /** Lots the maker has left after this fill (0 = the maker is done and left the book). */
  makerRemaining: number;
}

export type Outcome =
  /** Rests on the book with `remaining` lots (possibly after fills). */
  | 'resting'
  /** Completely filled. */
  | 'filled'
  /** Ended with lots unfilled: IOC/market remainder, or self-trade prevention. */
  | 'cancelled'
  /** Post-only order that would have taken: refused, nothing happened. */
  | 'rejected';

export interface PlaceResult {
  outcome: Outcome;
  filled: number;
  remaining: number;
  fills: Fill[];
  /** Why the remainder was cancelled or the order refused. */
  reason?: 'ioc' | 'self_trade' | 'post_only' | 'no_liquidity';
}

export class RestingOrder {
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;
  constructor(
    readonly id: number,
    readonly owner: number,
    readonly side: Side,
    readonly price: number,
    public remaining: number,
    public level: Level,
  ) {}
}

export class Level {
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  total = 0;
  count = 0;
  constructor(readonly price: number) {}

  push(o: RestingOrder): void {
    o.prev = this.tail;
    o.next = null;
    if (this.tail) this.tail.next = o;
    else this.head = o;
    this.tail = o;
    this.total += o.remaining;
    this.count++;
  }

  unlink(o: RestingOrder): void {
    if (o.prev) o.prev.next = o.next;
    else this.head = o.next;
    if (o.next) o.next.prev = o.prev;
    else this.tail = o.prev;
    o.prev = o.next = null;
    this.total -= o.remaining;
    this.count--;
  }
}

class BookSide {
  /** Level prices, best last. */
  readonly prices: number[] = [];
  readonly levels = new Map<number, Level>();
  /** bids: best = highest (ascending array); asks: best = lowest (descending array). */
  constructor(private readonly ascending: boolean) {}

  best(): Level | undefined {
    const n = this.prices.length;
    return n === 0 ? undefined : this.levels.get(this.prices[n - 1]!);
  }

  /** Index of the first element that sorts at or after `price`. */
  private search(price: number): number {
    const a = this.prices;
    let lo = 0;
    let hi = a.length;
    if (this.ascending) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (a[mid]! < price) lo = mid + 1;
        else hi = mid;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (a[mid]! > price) lo = mid + 1;
        else hi = mid;
      }
    }
    return lo;
  }

  levelFor(price: number): Level {
    let level = this.levels.get(price);
    if (level) return level;
    level = new Level(price);
    this.levels.set(price, level);
    const a = this.prices;
    const n = a.length;
    // New best (the common case for a quoting market maker) or worse than all: no search.
    if (n === 0 || (this.ascending ? price > a[n - 1]! : price < a[n - 1]!)) a.push(price);
    else a.splice(this.search(price), 0, price);
    return level;
  }

  removeLevel(level: Level): void {
    this.levels.delete(level.price);
    const a = this.prices;
    const n = a.length;
    if (a[n - 1] === level.price) a.pop();
    else a.splice(this.search(level.price), 1);
  }
}

export class OrderBook {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  private readonly index = new Map<number, RestingOrder>();

  /** Number of resting orders. */
  get size(): number {
    return this.index.size;
  }

  has(id: number): boolean {
    return this.index.has(id);
  }

  get(id: number): RestingOrder | undefined {
    return this.index.get(id);
  }

  bestBid(): number | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.price ?? null;
  }

  /** Would a buy/sell at `price` (ticks) take liquidity now? */
  wouldCross(side: Side, price: number): boolean {
    const best = side === 'buy' ? this.asks.best() : this.bids.best();
    if (!best) return false;
    return side === 'buy' ? best.price <= price : best.price >= price;
  }

  place(o: PlaceInput): PlaceResult {
    if (!(o.size > 0) || !Number.isSafeInteger(o.size)) throw new RangeError('size must be a positive safe integer');
    if (!Number.isSafeInteger(o.price) || o.price < 0 || (o.type === 'limit' && o.price === 0)) throw new RangeError('bad price');
    if (this.index.has(o.id)) throw new RangeError(`duplicate order id ${o.id}`);
    const buy = o.side === 'buy';
    if (o.tif === 'post_only' && (o.type === 'market' || this.wouldCross(o.side, o.price))) {
      return { outcome: 'rejected', filled: 0, remaining: o.size, fills: [], reason: 'post_only' };
    }
    const opposite = buy ? this.asks : this.bids;
    const limit = o.price;
    const hasLimit = limit > 0;
    let remaining = o.size;
    const fills: Fill[] = [];
    let stopped: PlaceResult['reason'];

    outer: while (remaining > 0) {
      const level = opposite.best();
      if (!level) break;
      if (hasLimit && (buy ? level.price > limit : level.price < limit)) break;
      let maker = level.head;
      while (maker && remaining > 0) {
        if (maker.owner === o.owner) {
          // Self-trade prevention: the incoming order's remainder is cancelled (expire taker).
          stopped = 'self_trade';
          break outer;
        }
        const qty = maker.remaining < remaining ? maker.remaining : remaining;
        maker.remaining -= qty;
        level.total -= qty;
        remaining -= qty;
        fills.push({ makerId: maker.id, makerOwner: maker.owner, takerId: o.id, price: level.price, size: qty, makerRemaining: maker.remaining });
        const next: RestingOrder | null = maker.next;
        if (maker.remaining === 0) {
          level.unlink(maker);
          this.index.delete(maker.id);
        }
        maker = next;
      }
      if (level.count === 0) opposite.removeLevel(level);
    }

    const filled = o.size - remaining;
    if (remaining === 0) return { outcome: 'filled', filled, remaining: 0, fills };
    if (stopped) return { outcome: 'cancelled', filled, remaining, fills, reason: stopped };
    if (o.type === 'market' || o.tif === 'ioc') {
      return { outcome: 'cancelled', filled, remaining, fills, reason: filled === 0 ? 'no_liquidity' : 'ioc' };
    }
    const side = buy ? this.bids : this.asks;
    const level = side.levelFor(o.price);
    const resting = new RestingOrder(o.id, o.owner, o.side, o.price, remaining, level);
    level.push(resting);
    this.index.set(o.id, resting);
    return { outcome: 'resting', filled, remaining, fills };
  }

  /** Removes a resting order; returns it (with its unfilled lots) or undefined when not resting. */
  cancel(id: number): RestingOrder | undefined {
    const o = this.index.get(id);
    if (!o) return undefined;
    const level = o.level;
    level.unlink(o);
    this.index.delete(id);
    if (level.count === 0) (o.side === 'buy' ? this.bids : this.asks).removeLevel(level);
    return o;
  }

  /**
   * Puts an order back exactly as it rested (rebuild on start): no matching, appended to its
   * level's FIFO. Callers restore in the original time order.
   */
  restore(o: { id: number; owner: number; side: Side; price: number; remaining: number }): void {
    if (this.index.has(o.id)) throw new RangeError(`duplicate order id ${o.id}`);
    if (!(o.remaining > 0) || !Number.isSafeInteger(o.remaining) || !(o.price > 0)) throw new RangeError('bad resting order');
    const side = o.side === 'buy' ? this.bids : this.asks;
    const level = side.levelFor(o.price);
    const resting = new RestingOrder(o.id, o.owner, o.side, o.price, o.remaining, level);
    level.push(resting);
    this.index.set(o.id, resting);
  }

  /** Aggregated levels, best first: [price, total lots]. */
  depth(limit = 20): { bids: Array<[number, number]>; asks: Array<[number, number]> } {
    return { bids: this.sideDepth(this.bids, limit), asks: this.sideDepth(this.asks, limit) };
  }

  private sideDepth(side: BookSide, limit: number): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = side.prices.length - 1; i >= 0 && out.length < limit; i--) {
      const level = side.levels.get(side.prices[i]!)!;
      out.push([level.price, level.total]);
    }
    return out;
  }

  /** Every resting order per level, best first, FIFO within a level (tests compare books). */
  snapshot(): { bids: Array<{ price: number; orders: Array<[number, number]> }>; asks: Array<{ price: number; orders: Array<[number, number]> }> } {
    const dump = (side: BookSide) => {
      const out: Array<{ price: number; orders: Array<[number, number]> }> = [];
      for (let i = side.prices.length - 1; i >= 0; i--) {
        const level = side.levels.get(side.prices[i]!)!;
        const orders: Array<[number, number]> = [];
        for (let o = level.head; o; o = o.next) orders.push([o.id, o.remaining]);
        out.push({ price: level.price, orders });
      }
      return out;
    };
    return { bids: dump(this.bids), asks: dump(this.asks) };
  }

  /** Resting orders of one owner (the bot re-quotes its own). */
  ordersOf(owner: number): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const o of this.index.values()) if (o.owner === owner) out.push(o);
    return out;
  }

  /** Internal consistency: sorted prices, level totals and counts, index ↔ levels, uncrossed. */
  check(): void {
    for (const [side, asc] of [
      [this.bids, true],
      [this.asks, false],
    ] as const) {
      const a = side.prices;
      if (a.length !== side.levels.size) throw new Error('price array and level map differ');
      for (let i = 1; i < a.length; i++) if (asc ? a[i - 1]! >= a[i]! : a[i - 1]! <= a[i]!) throw new Error('prices out of order');
      for (const level of side.levels.values()) {
        let total = 0;
        let count = 0;
        for (let o = level.head; o; o = o.next) {
          if (o.remaining <= 0 || o.level !== level || this.index.get(o.id) !== o) throw new Error('bad order in level');
          total += o.remaining;
          count++;
        }
        if (count === 0 || total !== level.total || count !== level.count) throw new Error('level totals wrong');
      }
    }
    const bb = this.bestBid();
    const ba = this.bestAsk();
    if (bb !== null && ba !== null && bb >= ba) throw new Error('book is crossed');
  }
}
