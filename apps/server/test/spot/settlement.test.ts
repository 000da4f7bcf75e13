/**
 * The spot accounting on its own (settlement.ts), without a database: the journal entries of a
 * freeze, a fill and a release, and the orders' running totals.
 *
 * - A known fill posts exactly the expected legs (fees, the rounding residue).
 * - For random markets, prices, sizes and fill sequences: every entry balances per currency, the
 *   buyer has paid exactly its cumulative notional rounded up and never more than it froze, the
 *   seller received each fill's notional rounded down, the residue of a fill is 0 or 1 unit, fees
 *   never exceed what they are charged on, and after the releases every order has spent or got
 *   back exactly what it froze.
 * - A fill beyond what an order froze is refused before anything changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManyEntry } from '../../src/modules/ledger';
import { lotUnits, notionalToQuote, rate, type SpotMarket } from '../../src/modules/spot/market';
import { freezeEntry, releaseEntry, settleFill, type AccountOf } from '../../src/modules/spot/settlement';
import type { OrderState } from '../../src/modules/spot/types';

const BASE = 2;
const QUOTE = 1;

function market(p: Partial<SpotMarket> = {}): SpotMarket {
  return {
    instrumentId: 1,
    symbol: 'BTC/USDT',
    base: 'BTC',
    quote: 'USDT',
    baseCurrencyId: BASE,
    quoteCurrencyId: QUOTE,
    baseDecimals: 8,
    quoteDecimals: 6,
    pricePrecision: 2,
    amountPrecision: 4,
    listed: true,
    trading: true,
    makerFee: rate('0.001'),
    takerFee: rate('0.002'),
    makerFeeText: '0.001',
    takerFeeText: '0.002',
    minNotionalText: '0',
    minNotionalUnits: 0n,
    priceBandText: '0.1',
    bot: { enabled: false, spread: '0', step: '0', levels: 0, levelNotional: '0' },
    ...p,
  };
}

/** Accounts: user u in currency c is u * 10 + c; fees 1000 + c, rounding 2000 + c. */
const accountOf: AccountOf = (owner, c) => (owner === 'fees' ? 1000 + c : owner === 'rounding' ? 2000 + c : owner * 10 + c);

function order(id: number, userId: number, side: 'buy' | 'sell', frozen: bigint, priceTicks = 0): OrderState {
  const at = new Date(0);
  return {
    id,
    userId,
    instrumentId: 1,
    side,
    type: 'limit',
    tif: 'gtc',
    priceTicks,
    price: null,
    amountLots: 0,
    filledLots: 0,
    frozen,
    used: 0n,
    released: 0n,
    quoteFilled: 0n,
    notional: 0n,
    fee: 0n,
    status: 'open',
    cancelReason: null,
    clientOrderId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** Net change per account and bucket of some entries, each checked to balance per currency. */
function net(entries: ManyEntry[]): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const e of entries) {
    const perCurrency = new Map<number, bigint>();
    for (const l of e.legs) {
      expect(l.amount).not.toBe(0n);
      perCurrency.set(l.currencyId, (perCurrency.get(l.currencyId) ?? 0n) + l.amount);
      const k = `${l.accountId}:${l.bucket}`;
      out.set(k, (out.get(k) ?? 0n) + l.amount);
    }
    for (const s of perCurrency.values()) expect(s).toBe(0n);
  }
  return out;
}

const at = new Date('2026-11-22T08:00:00Z');

describe('spot settlement (no database)', () => {
  it('a freeze moves the spend currency from available to frozen', () => {
    const m = market();
    expect(freezeEntry(m, 7, 'buy', 31, 500n)).toEqual({
      kind: 'spot_freeze',
      refType: 'spot_order',
      refId: '7',
      idempotencyKey: 'spot:7:freeze',
      legs: [
        { accountId: 31, currencyId: QUOTE, bucket: 'available', amount: -500n },
        { accountId: 31, currencyId: QUOTE, bucket: 'frozen', amount: 500n },
      ],
    });
    expect(freezeEntry(m, 8, 'sell', 32, 9n).legs.map((l) => l.currencyId)).toEqual([BASE, BASE]);
  });

  it('a known fill: buyer pays up, seller receives down, the residue to rounding, fees to fees', () => {
    // Quote 6 decimals, price 4 places, amount 6 places: a notional unit is 10^-4 quote units.
    const m = market({ pricePrecision: 4, amountPrecision: 6, baseDecimals: 8 });
    const taker = order(2, 5, 'buy', 10_000_000n);
    const maker = order(1, 6, 'sell', 1_000n);
    // 3 lots at 123,456,789 ticks = 370,370,367 notional units = 37,037.0367 quote units.
    const { entry, trade } = settleFill(m, accountOf, { price: 123_456_789, size: 3 }, taker, maker, 0, at);
    const base = 3n * lotUnits(m); // 300 base units
    const buyerFee = (base * 2n + 999n) / 1000n; // taker: 0.2 %, rounded up
    const sellerFee = (37_037n * 1n + 999n) / 1000n; // maker: 0.1 % of the gross, rounded up
    expect(entry).toMatchObject({ kind: 'spot_fill', refId: '2', idempotencyKey: 'spot:2:fill:0' });
    expect(entry.legs).toEqual([
      { accountId: 51, currencyId: QUOTE, bucket: 'frozen', amount: -37_038n },
      { accountId: 61, currencyId: QUOTE, bucket: 'available', amount: 37_037n - sellerFee },
      { accountId: 1001, currencyId: QUOTE, bucket: 'available', amount: sellerFee },
      { accountId: 2001, currencyId: QUOTE, bucket: 'available', amount: 1n },
      { accountId: 62, currencyId: BASE, bucket: 'frozen', amount: -base },
      { accountId: 52, currencyId: BASE, bucket: 'available', amount: base - buyerFee },
      { accountId: 1002, currencyId: BASE, bucket: 'available', amount: buyerFee },
    ]);
    expect(trade).toMatchObject({ price: 123_456_789, lots: 3, quote: 37_038n, takerSide: 'buy', makerOrderId: 1, takerOrderId: 2, buyerFee, sellerFee });
    expect(taker).toMatchObject({ used: 37_038n, quoteFilled: 37_038n, fee: buyerFee, filledLots: 3, notional: 370_370_367n, updatedAt: at });
    expect(maker).toMatchObject({ used: base, quoteFilled: 37_037n, fee: sellerFee, filledLots: 3, notional: 370_370_367n });
    net([entry]);
  });

  it('for any market and fills: entries balance, payments round as stated, and every order ends square', () => {
    fc.assert(
      fc.property(
        fc.record({
          quoteDecimals: fc.integer({ min: 0, max: 8 }),
          pricePrecision: fc.integer({ min: 0, max: 6 }),
          amountPrecision: fc.integer({ min: 0, max: 6 }),
          makerFee: fc.integer({ min: 0, max: 5_000 }),
          takerFee: fc.integer({ min: 0, max: 5_000 }),
          takerBuys: fc.boolean(),
          fills: fc.array(fc.record({ price: fc.integer({ min: 1, max: 10_000_000 }), size: fc.integer({ min: 1, max: 100_000 }) }), { minLength: 1, maxLength: 12 }),
        }),
        (p) => {
          const m = market({
            quoteDecimals: p.quoteDecimals,
            pricePrecision: p.pricePrecision,
            amountPrecision: p.amountPrecision,
            baseDecimals: p.amountPrecision + 2,
            makerFee: rate(`0.${String(p.makerFee).padStart(6, '0')}`),
            takerFee: rate(`0.${String(p.takerFee).padStart(6, '0')}`),
          });
          const notional = p.fills.reduce((s, f) => s + BigInt(f.price) * BigInt(f.size), 0n);
          const lots = p.fills.reduce((s, f) => s + BigInt(f.size), 0n);
          // The buyer freezes a little more than it will pay, the sellers exactly their base.
          const buyerFrozen = notionalToQuote(m, notional, 'up') + 7n;
          const taker = order(100, 1, p.takerBuys ? 'buy' : 'sell', p.takerBuys ? buyerFrozen : lots * lotUnits(m));
          const makers = p.fills.map((f, i) => order(i + 1, i + 2, p.takerBuys ? 'sell' : 'buy', p.takerBuys ? BigInt(f.size) * lotUnits(m) : notionalToQuote(m, BigInt(f.price) * BigInt(f.size), 'up')));
          const entries: ManyEntry[] = [taker, ...makers].map((o) => freezeEntry(m, o.id, o.side, accountOf(o.userId, o.side === 'buy' ? QUOTE : BASE), o.frozen));
          p.fills.forEach((f, i) => {
            const maker = makers[i]!;
            const buyer = p.takerBuys ? taker : maker;
            const seller = p.takerBuys ? maker : taker;
            const paidBefore = buyer.used;
            const receivedBefore = seller.quoteFilled;
            const { entry, trade } = settleFill(m, accountOf, f, taker, maker, i, at);
            entries.push(entry);
            const gross = seller.quoteFilled - receivedBefore;
            const n = BigInt(f.price) * BigInt(f.size);
            expect(gross).toBe(notionalToQuote(m, n, 'down'));
            expect(buyer.used).toBe(notionalToQuote(m, buyer.notional, 'up'));
            expect(trade.quote).toBe(buyer.used - paidBefore);
            expect(trade.quote - gross >= 0n && trade.quote - gross <= 1n).toBe(true);
            expect(trade.buyerFee <= BigInt(f.size) * lotUnits(m) && trade.sellerFee <= gross).toBe(true);
          });
          if (p.takerBuys) expect(taker.used).toBe(notionalToQuote(m, notional, 'up'));
          for (const o of [taker, ...makers]) {
            const r = releaseEntry(m, accountOf, o);
            if (r) entries.push(r);
            expect(o.used + o.released).toBe(o.frozen);
            expect(o.used <= o.frozen).toBe(true);
          }
          // Frozen, spent on fills or released: every frozen bucket is back where it started, and
          // each user's available moved by exactly what its order paid and received.
          const moved = net(entries);
          for (const [k, v] of moved) if (k.endsWith(':frozen')) expect(v, k).toBe(0n);
          for (const o of [taker, ...makers]) {
            const [spend, get] = o.side === 'buy' ? [QUOTE, BASE] : [BASE, QUOTE];
            expect(moved.get(`${accountOf(o.userId, spend)}:available`) ?? 0n).toBe(-o.used);
            const received = o.side === 'buy' ? BigInt(o.filledLots) * lotUnits(m) - o.fee : o.quoteFilled - o.fee;
            expect(moved.get(`${accountOf(o.userId, get)}:available`) ?? 0n).toBe(received);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a fill beyond what an order froze is refused before anything changes', () => {
    const m = market();
    const taker = order(2, 5, 'buy', 100n);
    const maker = order(1, 6, 'sell', 10n ** 12n);
    const before = { taker: { ...taker }, maker: { ...maker } };
    expect(() => settleFill(m, accountOf, { price: 9_000_000, size: 10 }, taker, maker, 0, at)).toThrow(/frozen/);
    expect({ taker, maker }).toEqual(before);
  });

  it('a release returns what stayed frozen, once', () => {
    const m = market();
    const o = order(3, 4, 'sell', 1_000n);
    o.used = 400n;
    const r = releaseEntry(m, accountOf, o)!;
    expect(r).toMatchObject({ kind: 'spot_release', idempotencyKey: 'spot:3:release' });
    expect(r.legs).toEqual([
      { accountId: 42, currencyId: BASE, bucket: 'frozen', amount: -600n },
      { accountId: 42, currencyId: BASE, bucket: 'available', amount: 600n },
    ]);
    expect(o.released).toBe(600n);
    expect(releaseEntry(m, accountOf, o)).toBeNull();
  });
});
