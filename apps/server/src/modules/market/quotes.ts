/**
 * Market views: the quotation list of GET /currency/quotation_new (a contract the home page
 * relies on), ticker entries for the realtime 'ticker' channel, klines and favourites.
 */
import type { Kline, MarketGroup, MarketItem, TickerEntry } from '@bourse/contract';
import { Dec } from '@bourse/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { queryCandles, stats24h, type Stats24h } from './candles';
import { findInstrument, listInstruments, requireListed, type Instrument } from './instruments';
import type { Period } from './periods';

/** The wire shapes are the contract's (packages/contract/src/api/market.ts). */
export type MarketView = MarketItem;
export type QuotationGroup = MarketGroup;
export type { TickerEntry };

/** A decimal string at `places` decimals (half up), "0.00…" when absent. */
export function fixed(value: string | undefined, places: number): string {
  if (!value) return new Dec(0).toFixed(places);
  return new Dec(value).toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed(places);
}

/** 24 h change in percent with 2 decimals ("-1.23"), "0.00" without history. */
export function changePercent(open: string | undefined, last: string | undefined): string {
  if (!open || !last) return '0.00';
  const o = new Dec(open);
  if (o.isZero()) return '0.00';
  return new Dec(last).sub(o).div(o).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
}

export function tickerFields(inst: Instrument, s: Stats24h | undefined) {
  const pp = inst.price_precision;
  return {
    last: fixed(s?.last, pp),
    change: changePercent(s?.open, s?.last),
    high: fixed(s?.high, pp),
    low: fixed(s?.low, pp),
    volume: fixed(s?.volume, inst.amount_precision),
    quote_volume: fixed(s?.quote_volume, 2),
  };
}

export function marketView(inst: Instrument, s: Stats24h | undefined, favourite: boolean): MarketView {
  return {
    instrument_id: inst.id,
    symbol: inst.symbol,
    base: inst.base,
    quote: inst.quote,
    kind: inst.kind,
    ...tickerFields(inst, s),
    price_precision: inst.price_precision,
    amount_precision: inst.amount_precision,
    favourite,
    source: inst.source,
  };
}

export async function favouriteIds(db: Database, userId: number | null): Promise<Set<number>> {
  if (userId === null) return new Set();
  const rows = await db.selectFrom('market_favourites').select('instrument_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.instrument_id));
}

/** Listed markets grouped by quote currency, in sort order, with 24 h statistics. */
export async function quotation(db: Database, userId: number | null, at: Date): Promise<QuotationGroup[]> {
  const [instruments, stats, favs] = await Promise.all([
    listInstruments(db, { listedOnly: true }),
    stats24h(db, at),
    favouriteIds(db, userId),
  ]);
  const groups = new Map<string, MarketView[]>();
  for (const inst of instruments) {
    const list = groups.get(inst.quote) ?? [];
    list.push(marketView(inst, stats.get(inst.id), favs.has(inst.id)));
    groups.set(inst.quote, list);
  }
  return [...groups.entries()].map(([group, markets]) => ({ group, markets }));
}

/** One listed market with its 24 h statistics (market detail page). */
export async function marketDetail(db: Database, userId: number | null, symbol: string, at: Date): Promise<MarketView> {
  const inst = await requireListed(db, symbol);
  const [stats, favs] = await Promise.all([stats24h(db, at), favouriteIds(db, userId)]);
  return marketView(inst, stats.get(inst.id), favs.has(inst.id));
}

export type KlineView = Kline;

export const KLINE_MAX = 1500;

/**
 * Klines of a listed market: candles whose open time lies in [from, to] (ms), the newest `limit`
 * of them, oldest first. Without `from`, the window is `limit` periods back from `to`.
 */
export async function klines(
  db: Database,
  symbol: string,
  period: Period,
  opts: { from?: number; to?: number; limit?: number },
  now: Date,
): Promise<KlineView[]> {
  const inst = await requireListed(db, symbol);
  const limit = Math.min(opts.limit ?? 500, KLINE_MAX);
  const to = opts.to ?? now.getTime();
  // Without `from`, the newest `limit` candles up to `to` (history may have gaps).
  const from = opts.from ?? 0;
  if (from > to) throw new AppError('kline_range_invalid');
  const rows = await queryCandles(db, inst.id, period, new Date(from), new Date(to), limit);
  const pp = inst.price_precision;
  return rows.map((r) => ({
    time: Math.floor(r.open_time.getTime() / 1000),
    open: fixed(r.open, pp),
    high: fixed(r.high, pp),
    low: fixed(r.low, pp),
    close: fixed(r.close, pp),
    volume: fixed(r.volume, inst.amount_precision),
    quote_volume: fixed(r.quote_volume, 2),
  }));
}

/** Stars a market (idempotent). */
export async function addFavourite(db: Database, userId: number, idOrSymbol: number | string, at: Date): Promise<void> {
  const inst = await requireListed(db, idOrSymbol);
  await db
    .insertInto('market_favourites')
    .values({ user_id: userId, instrument_id: inst.id, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'instrument_id']).doNothing())
    .execute();
}

/** Unstars a market (idempotent; suspended markets can still be removed). */
export async function removeFavourite(db: Database, userId: number, idOrSymbol: number | string): Promise<void> {
  const inst = await findInstrument(db, idOrSymbol);
  if (!inst) throw new AppError('instrument_not_found');
  await db.deleteFrom('market_favourites').where('user_id', '=', userId).where('instrument_id', '=', inst.id).execute();
}

/** The user's starred listed markets, in the order they were starred, with statistics. */
export async function listFavourites(db: Database, userId: number, at: Date): Promise<MarketView[]> {
  const rows = await db
    .selectFrom('market_favourites')
    .select('instrument_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('instrument_id')
    .execute();
  if (rows.length === 0) return [];
  const [instruments, stats] = await Promise.all([listInstruments(db, { listedOnly: true }), stats24h(db, at)]);
  const byId = new Map(instruments.map((i) => [i.id, i]));
  return rows.flatMap((r) => {
    const inst = byId.get(r.instrument_id);
    return inst ? [marketView(inst, stats.get(inst.id), true)] : [];
  });
}
