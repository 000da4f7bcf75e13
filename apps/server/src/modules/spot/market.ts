/**
 * A spot market as the engine and the settlement see it: the instrument (precisions, currencies)
 * joined with the operator's trading parameters (fees, minimum notional, price band, bot), and
 * the exact conversions between the engine's integers and money.
 *
 * Price ticks are 10^-price_precision quote per base, lots 10^-amount_precision base. A fill of
 * q lots at p ticks is worth p·q·10^-(pp+ap) quote: an exact integer count of "notional units";
 * in quote base units that is p·q·10^e with e = quote decimals − pp − ap, which may be
 * fractional (e < 0): buyers pay it rounded up, sellers receive it rounded down, and the
 * difference goes to the `rounding` system account.
 */
import { Dec, formatUnits, parseUnits } from '@bourse/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { findInstrument, instrumentIdByPair, listCurrencies, listInstruments, type Instrument } from '../market';

export const RATE_SCALE = 10n ** 18n;

export interface SpotMarket {
  instrumentId: number;
  symbol: string;
  base: string;
  quote: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  baseDecimals: number;
  quoteDecimals: number;
  pricePrecision: number;
  amountPrecision: number;
  /** Instrument listed (market module) and trading switched on (operator). */
  listed: boolean;
  trading: boolean;
  /** Fee rates scaled by 1e18 (exact), and as text. */
  makerFee: bigint;
  takerFee: bigint;
  makerFeeText: string;
  takerFeeText: string;
  /** Minimum order value in quote (decimal text) and as notional units. */
  minNotionalText: string;
  minNotionalUnits: bigint;
  /** Allowed distance of a limit price from the index price (0.1 = ±10 %). */
  priceBandText: string;
  bot: { enabled: boolean; spread: string; step: string; levels: number; levelNotional: string };
}

export function rate(text: string): bigint {
  return parseUnits(Dec(text).toDecimalPlaces(18, Dec.ROUND_DOWN).toFixed(), 18);
}

/** Base units per lot (the instrument's amount precision never exceeds the currency's decimals). */
export function lotUnits(m: SpotMarket): bigint {
  return 10n ** BigInt(m.baseDecimals - m.amountPrecision);
}

/** Notional units (ticks × lots) → quote base units, rounded as asked. */
export function notionalToQuote(m: SpotMarket, n: bigint, rounding: 'up' | 'down'): bigint {
  const e = m.quoteDecimals - m.pricePrecision - m.amountPrecision;
  if (e >= 0) return n * 10n ** BigInt(e);
  const d = 10n ** BigInt(-e);
  const q = n / d;
  return rounding === 'up' && q * d !== n ? q + 1n : q;
}

/** Fee on an amount: rounded up (a debit to the user), never more than the amount. */
export function feeOf(amount: bigint, rate1e18: bigint): bigint {
  if (rate1e18 === 0n || amount === 0n) return 0n;
  const x = amount * rate1e18;
  const fee = x / RATE_SCALE + (x % RATE_SCALE === 0n ? 0n : 1n);
  return fee > amount ? amount : fee;
}

export const priceText = (m: SpotMarket, ticks: number | bigint) => formatUnits(BigInt(ticks), m.pricePrecision);
export const lotsText = (m: SpotMarket, lots: number | bigint) => formatUnits(BigInt(lots), m.amountPrecision);

/** An exact decimal string → integer ticks/lots; more decimals than the market allows is refused. */
export function toTicks(m: SpotMarket, price: string): bigint {
  try {
    return parseUnits(price, m.pricePrecision);
  } catch {
    throw new AppError('spot_price_precision', { places: m.pricePrecision });
  }
}

export function toLots(m: SpotMarket, amount: string): bigint {
  try {
    return parseUnits(amount, m.amountPrecision);
  } catch {
    throw new AppError('spot_amount_precision', { places: m.amountPrecision });
  }
}

function build(inst: Instrument, row: SpotMarketRow | undefined, decimals: Map<number, number>): SpotMarket {
  const r = row ?? DEFAULTS;
  const makerFeeText = Dec(r.maker_fee).toString();
  const takerFeeText = Dec(r.taker_fee).toString();
  const minNotionalText = Dec(r.min_notional).toString();
  return {
    instrumentId: inst.id,
    symbol: inst.symbol,
    base: inst.base,
    quote: inst.quote,
    baseCurrencyId: inst.base_currency_id,
    quoteCurrencyId: inst.quote_currency_id,
    baseDecimals: decimals.get(inst.base_currency_id) ?? 0,
    quoteDecimals: decimals.get(inst.quote_currency_id) ?? 0,
    pricePrecision: inst.price_precision,
    amountPrecision: inst.amount_precision,
    listed: inst.status === 1,
    trading: r.trading,
    makerFee: rate(r.maker_fee),
    takerFee: rate(r.taker_fee),
    makerFeeText,
    takerFeeText,
    minNotionalText,
    minNotionalUnits: parseUnits(
      Dec(r.min_notional).toDecimalPlaces(inst.price_precision + inst.amount_precision, Dec.ROUND_UP).toFixed(),
      inst.price_precision + inst.amount_precision,
    ),
    priceBandText: Dec(r.price_band).toString(),
    bot: {
      enabled: r.bot_enabled,
      spread: Dec(r.bot_spread).toString(),
      step: Dec(r.bot_step).toString(),
      levels: r.bot_levels,
      levelNotional: Dec(r.bot_level_notional).toString(),
    },
  };
}

interface SpotMarketRow {
  trading: boolean;
  maker_fee: string;
  taker_fee: string;
  min_notional: string;
  price_band: string;
  bot_enabled: boolean;
  bot_spread: string;
  bot_step: string;
  bot_levels: number;
  bot_level_notional: string;
}

/** Defaults of a market the operator has not configured (same as the table defaults). */
const DEFAULTS: SpotMarketRow = {
  trading: true,
  maker_fee: '0.001',
  taker_fee: '0.002',
  min_notional: '5',
  price_band: '0.1',
  bot_enabled: true,
  bot_spread: '0.0008',
  bot_step: '0.0004',
  bot_levels: 12,
  bot_level_notional: '1500',
};

async function currencyDecimals(db: Database): Promise<Map<number, number>> {
  return new Map((await listCurrencies(db)).map((c) => [c.id, c.decimals]));
}

/** Every spot instrument (listed or not) with its parameters. */
export async function loadMarkets(db: Database): Promise<SpotMarket[]> {
  const [insts, rows, decimals] = await Promise.all([
    listInstruments(db),
    db.selectFrom('spot_markets').selectAll().execute(),
    currencyDecimals(db),
  ]);
  const byId = new Map(rows.map((r) => [r.instrument_id, r]));
  return insts
    .filter((i) => i.kind === 'spot')
    .map((i) => build(i, byId.get(i.id), decimals))
    .filter((m) => m.baseDecimals >= m.amountPrecision);
}

/** One spot market by id or symbol; `spot_market_not_found` when missing or not spot. */
export async function loadMarket(db: Database, idOrSymbol: number | string): Promise<SpotMarket> {
  const inst = await findInstrument(db, idOrSymbol);
  if (!inst || inst.kind !== 'spot') throw new AppError('spot_market_not_found');
  const [row, decimals] = await Promise.all([
    db.selectFrom('spot_markets').selectAll().where('instrument_id', '=', inst.id).executeTakeFirst(),
    currencyDecimals(db),
  ]);
  const m = build(inst, row, decimals);
  if (m.baseDecimals < m.amountPrecision) throw new Error(`spot: ${m.symbol} amount precision exceeds the base currency's decimals`);
  return m;
}

/** The spot market of a base/quote currency pair (the coin trade's currency_id, legal_id). */
export async function marketByPair(db: Database, baseId: number, quoteId: number): Promise<SpotMarket> {
  const id = await instrumentIdByPair(db, 'spot', baseId, quoteId);
  if (id === null) throw new AppError('spot_market_not_found');
  return loadMarket(db, id);
}
