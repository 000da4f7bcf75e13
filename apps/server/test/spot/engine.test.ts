import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook, type Fill, type PlaceInput, type Side } from '../../src/modules/spot/engine/book';

const lim = (id: number, owner: number, side: Side, price: number, size: number, tif: PlaceInput['tif'] = 'gtc'): PlaceInput => ({
  id,
  owner,
  side,
  type: 'limit',
  tif,
  price,
  size,
});

describe('order book: matching rules', () => {
  it('rests non-crossing limits and reports depth best first', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'buy', 100, 5));
    b.place(lim(2, 1, 'buy', 101, 3));
    b.place(lim(3, 1, 'buy', 100, 2));
    b.place(lim(4, 2, 'sell', 105, 4));
    b.place(lim(5, 2, 'sell', 103, 1));
    expect(b.depth()).toEqual({ bids: [[101, 3], [100, 7]], asks: [[103, 1], [105, 4]] });
    expect(b.bestBid()).toBe(101);
    expect(b.bestAsk()).toBe(103);
    b.check();
  });

  it('matches at the maker price in price-time priority and rests the remainder', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'sell', 101, 2));
    b.place(lim(2, 2, 'sell', 100, 2));
    b.place(lim(3, 3, 'sell', 100, 2));
    const r = b.place(lim(4, 9, 'buy', 101, 7));
    expect(r.fills.map((f) => [f.makerId, f.price, f.size])).toEqual([
      [2, 100, 2],
      [3, 100, 2],
      [1, 101, 2],
    ]);
    expect(r.outcome).toBe('resting');
    expect(r.remaining).toBe(1);
    expect(b.depth()).toEqual({ bids: [[101, 1]], asks: [] });
    b.check();
  });

  it('a partially filled maker keeps its place at the head of its level', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'buy', 50, 10));
    b.place(lim(2, 2, 'buy', 50, 10));
    b.place(lim(3, 3, 'sell', 50, 4));
    expect(b.snapshot().bids).toEqual([{ price: 50, orders: [[1, 6], [2, 10]] }]);
  });

  it('market orders take without a limit, or up to a protection price, and never rest', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'sell', 100, 1));
    b.place(lim(2, 1, 'sell', 110, 1));
    b.place(lim(3, 1, 'sell', 130, 1));
    const r = b.place({ id: 4, owner: 2, side: 'buy', type: 'market', tif: 'ioc', price: 120, size: 5 });
    expect(r.fills.map((f) => f.price)).toEqual([100, 110]);
    expect(r).toMatchObject({ outcome: 'cancelled', filled: 2, remaining: 3, reason: 'ioc' });
    const r2 = b.place({ id: 5, owner: 2, side: 'buy', type: 'market', tif: 'ioc', price: 0, size: 5 });
    expect(r2).toMatchObject({ outcome: 'cancelled', filled: 1, remaining: 4 });
    const r3 = b.place({ id: 6, owner: 2, side: 'sell', type: 'market', tif: 'ioc', price: 0, size: 1 });
    expect(r3).toMatchObject({ outcome: 'cancelled', filled: 0, reason: 'no_liquidity' });
    expect(b.size).toBe(0);
  });

  it('IOC cancels its remainder; post-only refuses to take and rests otherwise', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'sell', 100, 1));
    expect(b.place(lim(2, 2, 'buy', 100, 3, 'ioc'))).toMatchObject({ outcome: 'cancelled', filled: 1, remaining: 2 });
    b.place(lim(3, 1, 'sell', 100, 1));
    expect(b.place(lim(4, 2, 'buy', 100, 1, 'post_only'))).toMatchObject({ outcome: 'rejected', reason: 'post_only', fills: [] });
    expect(b.place(lim(5, 2, 'buy', 99, 1, 'post_only'))).toMatchObject({ outcome: 'resting' });
    expect(b.depth()).toEqual({ bids: [[99, 1]], asks: [[100, 1]] });
  });

  it('self-trade prevention cancels the incoming remainder and leaves the own maker resting', () => {
    const b = new OrderBook();
    b.place(lim(1, 7, 'sell', 100, 1));
    b.place(lim(2, 8, 'sell', 101, 1));
    b.place(lim(3, 8, 'sell', 102, 1));
    const r = b.place(lim(4, 8, 'buy', 105, 3));
    expect(r).toMatchObject({ outcome: 'cancelled', filled: 1, remaining: 2, reason: 'self_trade' });
    expect(b.depth().asks).toEqual([[101, 1], [102, 1]]);
    b.check();
  });

  it('cancel is by id, frees empty levels, and is a no-op for unknown ids', () => {
    const b = new OrderBook();
    b.place(lim(1, 1, 'buy', 100, 2));
    b.place(lim(2, 1, 'buy', 99, 2));
    b.place(lim(3, 1, 'buy', 98, 2));
    expect(b.cancel(2)?.remaining).toBe(2);
    expect(b.cancel(2)).toBeUndefined();
    expect(b.depth().bids).toEqual([[100, 2], [98, 2]]);
    b.check();
  });

  it('restore rebuilds the same book as the live one', () => {
    const live = new OrderBook();
    live.place(lim(1, 1, 'buy', 100, 2));
    live.place(lim(2, 2, 'buy', 100, 3));
    live.place(lim(3, 2, 'sell', 104, 3));
    live.place(lim(4, 3, 'sell', 100, 1));
    const copy = new OrderBook();
    const rows = live.snapshot();
    const all = [...rows.bids.flatMap((l) => l.orders.map(([id, rem]) => ({ id, rem, price: l.price, side: 'buy' as const }))), ...rows.asks.flatMap((l) => l.orders.map(([id, rem]) => ({ id, rem, price: l.price, side: 'sell' as const })))];
    for (const o of all.sort((a, b) => a.id - b.id)) copy.restore({ id: o.id, owner: live.get(o.id)!.owner, side: o.side, price: o.price, remaining: o.rem });
    expect(copy.snapshot()).toEqual(live.snapshot());
  });

  it('refuses bad input', () => {
    const b = new OrderBook();
    expect(() => b.place(lim(1, 1, 'buy', 100, 0))).toThrow();
    expect(() => b.place(lim(1, 1, 'buy', 0, 1))).toThrow();
    expect(() => b.place(lim(1, 1, 'buy', 100, 1.5))).toThrow();
    b.place(lim(1, 1, 'buy', 100, 1));
    expect(() => b.place(lim(1, 1, 'buy', 100, 1))).toThrow(/duplicate/);
  });
});

/** The reference: every resting order in a plain list, matched by sorting. Slow and obvious. */
class Reference {
  orders: Array<{ id: number; owner: number; side: Side; price: number; remaining: number; seq: number }> = [];
  seq = 0;
  place(o: PlaceInput): { fills: Array<[number, number, number]>; remaining: number } {
    const buy = o.side === 'buy';
    const crosses = (p: number) => (o.price === 0 ? true : buy ? p <= o.price : p >= o.price);
    if (o.tif === 'post_only' && this.orders.some((m) => m.side !== o.side && crosses(m.price))) return { fills: [], remaining: o.size };
    let remaining = o.size;
    const fills: Array<[number, number, number]> = [];
    const book = this.orders
      .filter((m) => m.side !== o.side)
      .sort((a, b) => (buy ? a.price - b.price : b.price - a.price) || a.seq - b.seq);
    for (const m of book) {
      if (remaining === 0 || !crosses(m.price)) break;
      if (m.owner === o.owner) return this.finish(o, fills, remaining, true);
      const q = Math.min(m.remaining, remaining);
      m.remaining -= q;
      remaining -= q;
      fills.push([m.id, m.price, q]);
    }
    return this.finish(o, fills, remaining, false);
  }
  private finish(o: PlaceInput, fills: Array<[number, number, number]>, remaining: number, stp: boolean) {
    this.orders = this.orders.filter((m) => m.remaining > 0);
    if (remaining > 0 && !stp && o.type === 'limit' && o.tif !== 'ioc') {
      this.orders.push({ id: o.id, owner: o.owner, side: o.side, price: o.price, remaining, seq: this.seq++ });
    }
    return { fills, remaining };
  }
  cancel(id: number) {
    const had = this.orders.some((o) => o.id === id);
    this.orders = this.orders.filter((o) => o.id !== id);
    return had;
  }
  depth() {
    const agg = (side: Side) => {
      const m = new Map<number, number>();
      for (const o of this.orders) if (o.side === side) m.set(o.price, (m.get(o.price) ?? 0) + o.remaining);
      return [...m.entries()].sort((a, b) => (side === 'buy' ? b[0] - a[0] : a[0] - b[0]));
    };
    return { bids: agg('buy'), asks: agg('sell') };
  }
}

type Op = { kind: 'place'; owner: number; side: Side; price: number; size: number; type: 'limit' | 'market'; tif: PlaceInput['tif'] } | { kind: 'cancel'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      owner: fc.integer({ min: 1, max: 5 }),
      side: fc.constantFrom<Side>('buy', 'sell'),
      price: fc.integer({ min: 90, max: 110 }),
      size: fc.integer({ min: 1, max: 20 }),
      type: fc.constantFrom<'limit' | 'market'>('limit', 'limit', 'limit', 'market'),
      tif: fc.constantFrom<PlaceInput['tif']>('gtc', 'gtc', 'ioc', 'post_only'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

describe('order book: property (random order flow against a reference)', () => {
  it('never crosses, fills respect both limits, and matches the reference exactly', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 300 }), (ops) => {
        const book = new OrderBook();
        const ref = new Reference();
        const limits = new Map<number, { side: Side; price: number; owner: number; size: number }>();
        const filledOf = new Map<number, number>();
        let id = 0;
        for (const op of ops) {
          if (op.kind === 'cancel') {
            const ids = [...limits.keys()];
            const target = ids.length ? ids[op.pick % ids.length]! : 1;
            expect(book.cancel(target) !== undefined).toBe(ref.cancel(target));
          } else {
            id++;
            const input: PlaceInput = {
              id,
              owner: op.owner,
              side: op.side,
              type: op.type,
              tif: op.type === 'market' ? 'ioc' : op.tif,
              price: op.type === 'market' && op.price % 2 === 0 ? 0 : op.price,
              size: op.size,
            };
            limits.set(id, { side: op.side, price: input.price, owner: op.owner, size: op.size });
            const r = book.place(input);
            const expected = ref.place(input);
            expect(r.fills.map((f: Fill) => [f.makerId, f.price, f.size])).toEqual(expected.fills);
            expect(r.remaining).toBe(expected.remaining);
            for (const f of r.fills) {
              const maker = limits.get(f.makerId)!;
              // The maker's price is the trade price; the taker's limit (if any) is respected.
              expect(f.price).toBe(maker.price);
              if (input.price > 0) expect(input.side === 'buy' ? f.price <= input.price : f.price >= input.price).toBe(true);
              expect(maker.side).not.toBe(input.side);
              expect(maker.owner).not.toBe(input.owner);
              filledOf.set(f.makerId, (filledOf.get(f.makerId) ?? 0) + f.size);
              filledOf.set(id, (filledOf.get(id) ?? 0) + f.size);
            }
          }
          book.check();
          expect(book.depth(1000)).toEqual(ref.depth());
        }
        // Reconcile: every order's fills never exceed its size; resting remainder + filled ≤ size.
        for (const [oid, o] of limits) {
          const filled = filledOf.get(oid) ?? 0;
          expect(filled).toBeLessThanOrEqual(o.size);
          const resting = book.get(oid)?.remaining ?? 0;
          expect(filled + resting).toBeLessThanOrEqual(o.size);
        }
      }),
      { numRuns: 300 },
    );
  });
});
