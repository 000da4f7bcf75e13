/**
 * The accounting of spot orders, without a database: the journal entries a freeze, a fill and a
 * release post, and how a fill moves the two orders' running totals. Deterministic and free of
 * I/O (account ids come from the caller), so it is tested on its own (test/spot/settlement.test.ts);
 * the writer collects the entries of a group and the ledger checks and applies them.
 *
 * - A freeze moves what the order may spend from available to frozen (quote for a buy, base for
 *   a sell).
 * - A fill is ONE entry settling both sides: the buyer pays its cumulative notional rounded up
 *   (never above what it froze), the seller receives this fill's notional rounded down, the
 *   difference (0 or 1 unit) goes to `rounding`; the seller's base goes to the buyer; fees are
 *   charged on what each receives (taker or maker rate), rounded up, to `fees`.
 * - A release returns what stayed frozen of a finished order (cancelled, filled, IOC remainder).
 */
import type { ManyEntry } from '../ledger';
import type { Fill } from './engine/book';
import { feeOf, lotUnits, notionalToQuote, type SpotMarket } from './market';
import type { OrderState, SettledTrade } from './types';

/** The id of a user's spot account (owner: the user's id) or of a system account, in a currency. */
export type AccountOf = (owner: number | 'fees' | 'rounding', currencyId: number) => number;

type Leg = ManyEntry['legs'][number];

/** The currency an order spends: quote for a buy, base for a sell. */
export function spendCurrency(m: SpotMarket, side: 'buy' | 'sell'): number {
  return side === 'buy' ? m.quoteCurrencyId : m.baseCurrencyId;
}

/** A new order's freeze of `amount` in its spend currency, from the user's account `accountId`. */
export function freezeEntry(m: SpotMarket, orderId: number, side: 'buy' | 'sell', accountId: number, amount: bigint): ManyEntry {
  const currencyId = spendCurrency(m, side);
  return {
    kind: 'spot_freeze',
    refType: 'spot_order',
    refId: String(orderId),
    idempotencyKey: `spot:${orderId}:freeze`,
    legs: [
      { accountId, currencyId, bucket: 'available', amount: -amount },
      { accountId, currencyId, bucket: 'frozen', amount },
    ],
  };
}

/**
 * One fill between a taker and a resting maker: its journal entry and its trade (`entry` left 0:
 * the entry's place in the group is the caller's). Adds the fill to both orders' totals (`used`,
 * `quoteFilled`, `fee`, `filledLots`, `notional`, `updatedAt`); `seq` numbers the taker's fills
 * (the entry's idempotency key). Throws, before changing anything, if either side would spend
 * more than it froze.
 */
export function settleFill(
  m: SpotMarket,
  accountOf: AccountOf,
  f: Pick<Fill, 'price' | 'size'>,
  taker: OrderState,
  maker: OrderState,
  seq: number,
  at: Date,
): { entry: ManyEntry; trade: SettledTrade } {
  const buyer = taker.side === 'buy' ? taker : maker;
  const seller = taker.side === 'buy' ? maker : taker;
  const n = BigInt(f.price) * BigInt(f.size);
  const paidBefore = notionalToQuote(m, buyer.notional, 'up');
  const pay = notionalToQuote(m, buyer.notional + n, 'up') - paidBefore;
  const gross = notionalToQuote(m, n, 'down');
  const residue = pay - gross;
  const base = BigInt(f.size) * lotUnits(m);
  const buyerFee = feeOf(base, buyer === taker ? m.takerFee : m.makerFee);
  const sellerFee = feeOf(gross, seller === taker ? m.takerFee : m.makerFee);
  if (buyer.used + pay > buyer.frozen || seller.used + base > seller.frozen) throw new Error('spot: fill exceeds the frozen funds');

  const q = m.quoteCurrencyId;
  const b = m.baseCurrencyId;
  const legs: Leg[] = [];
  const leg = (accountId: number, currencyId: number, bucket: Leg['bucket'], amount: bigint) => {
    if (amount !== 0n) legs.push({ accountId, currencyId, bucket, amount });
  };
  leg(accountOf(buyer.userId, q), q, 'frozen', -pay);
  leg(accountOf(seller.userId, q), q, 'available', gross - sellerFee);
  if (sellerFee) leg(accountOf('fees', q), q, 'available', sellerFee);
  if (residue) leg(accountOf('rounding', q), q, 'available', residue);
  leg(accountOf(seller.userId, b), b, 'frozen', -base);
  leg(accountOf(buyer.userId, b), b, 'available', base - buyerFee);
  if (buyerFee) leg(accountOf('fees', b), b, 'available', buyerFee);
  const entry: ManyEntry = {
    kind: 'spot_fill',
    refType: 'spot_order',
    refId: String(taker.id),
    idempotencyKey: `spot:${taker.id}:fill:${seq}`,
    memo: `${m.symbol} ${f.size} lots @ ${f.price} ticks (maker ${maker.id})`,
    legs,
  };

  buyer.notional += n;
  buyer.used += pay;
  buyer.quoteFilled += pay;
  buyer.fee += buyerFee;
  buyer.filledLots += f.size;
  buyer.updatedAt = at;
  seller.notional += n;
  seller.used += base;
  seller.quoteFilled += gross;
  seller.fee += sellerFee;
  seller.filledLots += f.size;
  seller.updatedAt = at;
  const trade: SettledTrade = {
    id: '',
    price: f.price,
    lots: f.size,
    quote: pay,
    takerSide: taker.side,
    makerOrderId: maker.id,
    takerOrderId: taker.id,
    makerUserId: maker.userId,
    takerUserId: taker.userId,
    at,
    entry: 0,
    buyerFee,
    sellerFee,
  };
  return { entry, trade };
}

/**
 * What stayed frozen of a finished order, returned to available (null when nothing did). Marks
 * it released on the order.
 */
export function releaseEntry(m: SpotMarket, accountOf: AccountOf, o: OrderState): ManyEntry | null {
  const left = o.frozen - o.used - o.released;
  if (left <= 0n) return null;
  const currencyId = spendCurrency(m, o.side);
  const accountId = accountOf(o.userId, currencyId);
  o.released += left;
  return {
    kind: 'spot_release',
    refType: 'spot_order',
    refId: String(o.id),
    idempotencyKey: `spot:${o.id}:release`,
    legs: [
      { accountId, currencyId, bucket: 'frozen', amount: -left },
      { accountId, currencyId, bucket: 'available', amount: left },
    ],
  };
}
