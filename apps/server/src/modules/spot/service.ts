/**
 * Spot trading rules: validation of an order against its market (precision, minimum value,
 * price band around the index price, trading switch), the freeze it needs, and the reads.
 * Matching and settlement happen in the market's writer (writer.ts, matcher.ts, settlement.ts).
 */
import type { SpotOrderFills } from '@bourse/contract';
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { findUserAccountId, accountBalance } from '../ledger';
import type { OrderType, Side, TimeInForce } from './engine/book';
import { spotEngines, type IndexPrice } from './engines';
import { loadMarkets, lotUnits, lotsText, marketByPair, notionalToQuote, priceText, toLots, toTicks, type SpotMarket } from './market';
import * as repo from './repo';
import { orderView, type OrderView } from './views';
import { SPOT_ACCOUNT_TYPE, type CancelReason } from './types';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export interface PlaceInput {
  symbol?: string;
  currencyId?: number;
  legalId?: number;
  side: Side;
  orderType: OrderType;
  tif: TimeInForce;
  price?: string;
  amount: string;
  clientOrderId?: string;
}

export async function resolveMarket(ctx: AppContext, ref: { symbol?: string; currencyId?: number; legalId?: number }): Promise<SpotMarket> {
  const engines = spotEngines(ctx);
  if (ref.symbol) return engines.market(ref.symbol);
  if (ref.currencyId !== undefined && ref.legalId !== undefined) {
    const m = await marketByPair(ctx.db, ref.currencyId, ref.legalId);
    return engines.market(m.instrumentId);
  }
  throw new AppError('spot_market_not_found');
}

const bands = new WeakMap<IndexPrice, { band: string; min: bigint | null; max: bigint | null }>();

/**
 * The allowed limit prices in ticks around an index price (null without one): index × (1 ∓ band),
 * rounded inwards. Computed once per index price (the engines cache it for half a second).
 */
export function priceBand(index: IndexPrice, band: string): { min: bigint | null; max: bigint | null } {
  const hit = bands.get(index);
  if (hit && hit.band === band) return hit;
  const b = Dec(band);
  const min = index.ticks === null ? null : BigInt(Dec(index.ticks.toString()).mul(Dec(1).sub(b)).ceil().toFixed(0));
  const max = index.ticks === null ? null : BigInt(Dec(index.ticks.toString()).mul(Dec(1).add(b)).floor().toFixed(0));
  const out = { band, min, max };
  bands.set(index, out);
  return out;
}

/** Places an order for a user (also the bot's path): validates, then queues it to the writer. */
export async function placeOrder(ctx: AppContext, userId: number, input: PlaceInput): Promise<OrderView> {
  const engines = spotEngines(ctx);
  const m = await resolveMarket(ctx, input);
  if (!m.listed || !m.trading) throw new AppError('spot_market_suspended');

  if (input.clientOrderId) {
    const existing = await repo.findByClientId(ctx.db, userId, input.clientOrderId);
    if (existing) return orderView(m, repo.rowToState(existing));
  }

  const lots = toLots(m, input.amount);
  if (lots <= 0n) throw new AppError('amount_not_positive');
  if (lots > MAX_SAFE) throw new AppError('spot_amount_too_large');

  const index = await engines.indexPrice(m);
  const { min: bandMin, max: bandMax } = priceBand(index, m.priceBandText);

  let ticks: bigint;
  let priceTextValue: string | null = null;
  let valueTicks: bigint;
  if (input.orderType === 'limit') {
    if (!input.price) throw new AppError('spot_price_required');
    ticks = toTicks(m, input.price);
    if (ticks <= 0n) throw new AppError('amount_not_positive');
    if (ticks > MAX_SAFE) throw new AppError('spot_price_out_of_band', { min: '0', max: '∞' });
    // Without a fresh index price, limit orders are checked against no band (market orders are refused).
    if (bandMin !== null && bandMax !== null && (ticks < bandMin || ticks > bandMax)) {
      throw new AppError('spot_price_out_of_band', { min: priceText(m, bandMin), max: priceText(m, bandMax) });
    }
    priceTextValue = priceText(m, ticks);
    valueTicks = ticks;
  } else {
    if (index.ticks === null || bandMin === null || bandMax === null) throw new AppError('spot_no_index_price');
    // A market order takes at most this far from the index price (its protection limit).
    ticks = input.side === 'buy' ? bandMax : bandMin > 0n ? bandMin : 1n;
    valueTicks = index.ticks;
  }
  if (valueTicks * lots < m.minNotionalUnits) throw new AppError('spot_below_min_notional', { min: `${m.minNotionalText} ${m.quote}` });

  const freeze = input.side === 'buy' ? notionalToQuote(m, ticks * lots, 'up') : lots * lotUnits(m);
  if (freeze <= 0n) throw new AppError('spot_below_min_notional', { min: `${m.minNotionalText} ${m.quote}` });

  try {
    const o = await engines.place(m, {
      userId,
      side: input.side,
      type: input.orderType,
      tif: input.orderType === 'market' ? 'ioc' : input.tif,
      priceTicks: Number(ticks),
      price: priceTextValue,
      amountLots: Number(lots),
      freeze,
      clientOrderId: input.clientOrderId ?? null,
    });
    return orderView(m, o);
  } catch (err) {
    // Two requests with one client order id: the unique index refused the second.
    if (input.clientOrderId && !(err instanceof AppError)) {
      const existing = await repo.findByClientId(ctx.db, userId, input.clientOrderId);
      if (existing) return orderView(m, repo.rowToState(existing));
    }
    throw err;
  }
}

/** Cancels an open order; `userId` null = operator (any user's order). */
export async function cancelOrder(ctx: AppContext, userId: number | null, orderId: number, reason: CancelReason = 'user'): Promise<OrderView> {
  const row = await repo.findOrder(ctx.db, orderId);
  if (!row || (userId !== null && row.user_id !== userId)) throw new AppError('spot_order_not_found');
  if (row.status !== 'open') throw new AppError('spot_order_not_open');
  const engines = spotEngines(ctx);
  const m = await engines.market(row.instrument_id);
  try {
    return orderView(m, await engines.cancel(m, orderId, userId, reason));
  } catch (err) {
    // Filled (or cancelled) between the read and the writer's turn.
    if (err instanceof AppError && err.code === 'spot_order_not_found') throw new AppError('spot_order_not_open');
    throw err;
  }
}

export async function listOrders(
  ctx: AppContext,
  userId: number | undefined,
  f: { status: 'pending' | 'history' | 'all'; page: number; limit: number; symbol?: string; userFilter?: number },
) {
  const engines = spotEngines(ctx);
  const instrumentId = f.symbol ? (await engines.market(f.symbol)).instrumentId : undefined;
  const { rows, total } = await repo.listOrders(ctx.db, {
    userId: userId ?? f.userFilter,
    instrumentId,
    open: f.status === 'pending' ? true : f.status === 'history' ? false : null,
    page: f.page,
    limit: f.limit,
  });
  const list = [];
  for (const r of rows) {
    const m = await engines.market(r.instrument_id);
    list.push({ ...orderView(m, repo.rowToState(r)), user_id: userId === undefined ? r.user_id : undefined });
  }
  return { list, page: f.page, limit: f.limit, total, has_more: f.page * f.limit < total };
}

/** The fills of one of the user's orders. */
export async function orderFills(ctx: AppContext, userId: number | null, orderId: number): Promise<SpotOrderFills> {
  const row = await repo.findOrder(ctx.db, orderId);
  if (!row || (userId !== null && row.user_id !== userId)) throw new AppError('spot_order_not_found');
  const m = await spotEngines(ctx).market(row.instrument_id);
  const trades = await repo.orderTrades(ctx.db, orderId);
  const order = orderView(m, repo.rowToState(row));
  return {
    order,
    fills: trades.map((t) => {
      const maker = t.maker_order_id === row.id;
      const buyer = row.side === 'buy';
      return {
        id: t.id,
        price: Dec(t.price).toFixed(),
        amount: formatUnits(BigInt(t.amount), m.baseDecimals),
        quote_amount: formatUnits(BigInt(t.quote_amount), m.quoteDecimals),
        role: maker ? 'maker' : 'taker',
        fee: formatUnits(BigInt(buyer ? t.buyer_fee : t.seller_fee), buyer ? m.baseDecimals : m.quoteDecimals),
        fee_currency: buyer ? m.base : m.quote,
        at: t.created_at.toISOString(),
      };
    }),
  };
}

export async function depth(ctx: AppContext, symbol: string, limit: number) {
  const engines = spotEngines(ctx);
  return engines.depth(await engines.market(symbol), limit);
}

export async function trades(ctx: AppContext, symbol: string, limit: number) {
  const m = await spotEngines(ctx).market(symbol);
  const rows = await repo.recentTrades(ctx.db, m.instrumentId, limit);
  return rows.map((t) => ({
    id: t.id,
    price: Dec(t.price).toFixed(),
    amount: formatUnits(BigInt(t.amount), m.baseDecimals),
    side: t.taker_side,
    at: t.created_at.toISOString(),
  }));
}

export function marketView(m: SpotMarket) {
  return {
    instrument_id: m.instrumentId,
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    currency_id: m.baseCurrencyId,
    legal_id: m.quoteCurrencyId,
    price_precision: m.pricePrecision,
    amount_precision: m.amountPrecision,
    min_amount: lotsText(m, 1),
    tick: priceText(m, 1),
    maker_fee: m.makerFeeText,
    taker_fee: m.takerFeeText,
    min_notional: m.minNotionalText,
    price_band: m.priceBandText,
    trading: m.listed && m.trading,
  };
}

/** Spot markets with their trading parameters, last trade price and index price. */
export async function markets(ctx: AppContext) {
  const engines = spotEngines(ctx);
  const all = await loadMarkets(ctx.db);
  const out = [];
  for (const m of all.filter((x) => x.listed)) {
    const [last, index] = await Promise.all([repo.lastTradePrice(ctx.db, m.instrumentId), engines.indexPrice(m)]);
    out.push({
      ...marketView(m),
      last: last === null ? null : Dec(last).toFixed(),
      index: index.ticks === null ? null : priceText(m, index.ticks),
      // The labelled demo market maker quotes this market (demo data only): the app says so.
      demo_bot: ctx.config.demoData && ctx.config.spotBot && m.bot.enabled,
    });
  }
  return out;
}

/** A user's spot-account balances (type 2) of a market's base and quote. */
export async function balances(ctx: AppContext, userId: number, symbol: string) {
  const m = await spotEngines(ctx).market(symbol);
  const read = async (currencyId: number, decimals: number) => {
    const id = await findUserAccountId(ctx.db, userId, currencyId, SPOT_ACCOUNT_TYPE);
    const b = id === null ? { available: 0n, frozen: 0n } : await accountBalance(ctx.db, id);
    return { available: formatUnits(b.available, decimals), frozen: formatUnits(b.frozen, decimals) };
  };
  const [base, quote] = await Promise.all([read(m.baseCurrencyId, m.baseDecimals), read(m.quoteCurrencyId, m.quoteDecimals)]);
  return { symbol: m.symbol, base: { currency: m.base, ...base }, quote: { currency: m.quote, ...quote } };
}
