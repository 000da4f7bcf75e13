/**
 * Instruments (markets): symbol, base/quote currency, precisions, kind, status, sort, and where
 * prices come from. The demo markets are seeded idempotently with the currencies they need.
 * Their 'simulated' source is demo data and is labelled so wherever prices are shown.
 */
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { InstrumentsTable } from '../../db/tables/market';
import { AppError } from '../../http/errors';

export type InstrumentRow = Selectable<InstrumentsTable>;
export { INSTRUMENT_KINDS, FEED_SOURCES, type InstrumentKind } from '@bourse/contract';

/** Currencies the demo markets need beyond the base ones (colours: LTC grey-purple). */
export const MARKET_CURRENCIES = [
  { name: 'LTC', sub_name: '', decimals: 8, color: '#a6a9d0', image: '/coins/ltc.webp', sort: 6 },
  { name: 'SOL', sub_name: '', decimals: 9, color: '#9945ff', image: '/coins/sol.webp', sort: 7 },
  { name: 'XRP', sub_name: '', decimals: 6, color: '#23292f', image: '/coins/xrp.webp', sort: 8 },
  { name: 'DOGE', sub_name: '', decimals: 8, color: '#c2a633', image: '/coins/doge.webp', sort: 9 },
] as const;

/**
 * Demo markets. sim_price is where a fresh simulation starts, sim_volatility the annualised
 * volatility of its random walk, sim_volume the mean base volume per minute.
 */
export const DEMO_MARKETS = [
  { symbol: 'BTC/USDT', base: 'BTC', pp: 2, ap: 6, price: '92000', vol: '0.55', volume: '4', sort: 1 },
  { symbol: 'ETH/USDT', base: 'ETH', pp: 2, ap: 4, price: '3100', vol: '0.7', volume: '60', sort: 2 },
  { symbol: 'LTC/USDT', base: 'LTC', pp: 2, ap: 3, price: '88', vol: '0.8', volume: '400', sort: 3 },
  { symbol: 'SOL/USDT', base: 'SOL', pp: 3, ap: 2, price: '140', vol: '0.9', volume: '900', sort: 4 },
  { symbol: 'XRP/USDT', base: 'XRP', pp: 4, ap: 1, price: '2.2', vol: '0.85', volume: '60000', sort: 5 },
  { symbol: 'DOGE/USDT', base: 'DOGE', pp: 5, ap: 0, price: '0.16', vol: '1', volume: '400000', sort: 6 },
] as const;

/**
 * FX-style and metal markets (kind 'forex', traded with leverage only; closed at weekends, see
 * trading-hours.ts). Their currencies are listed as fiat with status 0: they name the markets'
 * sides and are never held in a wallet. Simulated prices are demo data like the others.
 */
export const FX_CURRENCIES = [
  { name: 'USD', decimals: 2, color: '#2e7d32', sort: 20 },
  { name: 'EUR', decimals: 2, color: '#1e4fa3', sort: 21 },
  { name: 'GBP', decimals: 2, color: '#6a1b9a', sort: 22 },
  { name: 'JPY', decimals: 0, color: '#c62828', sort: 23 },
  { name: 'XAU', decimals: 6, color: '#c9a227', sort: 24 },
] as const;

export const FX_MARKETS = [
  { symbol: 'EUR/USD', base: 'EUR', quote: 'USD', pp: 5, ap: 2, price: '1.0850', vol: '0.08', volume: '2000000', sort: 20 },
  { symbol: 'GBP/USD', base: 'GBP', quote: 'USD', pp: 5, ap: 2, price: '1.2700', vol: '0.09', volume: '1200000', sort: 21 },
  { symbol: 'USD/JPY', base: 'USD', quote: 'JPY', pp: 3, ap: 2, price: '151.20', vol: '0.1', volume: '1500000', sort: 22 },
  { symbol: 'XAU/USD', base: 'XAU', quote: 'USD', pp: 2, ap: 3, price: '2650', vol: '0.15', volume: '800', sort: 23 },
] as const;

/** Inserts missing market currencies and demo markets (idempotent; runs at every start). */
export async function ensureMarkets(db: Database): Promise<void> {
  for (const c of MARKET_CURRENCIES) {
    await db
      .insertInto('currencies')
      .values({ ...c })
      .onConflict((oc) => oc.columns(['name', 'sub_name']).doNothing())
      .execute();
  }
  const currencies = await db.selectFrom('currencies').select(['id', 'name', 'sub_name']).execute();
  const idOf = (name: string) =>
    currencies.filter((c) => c.name === name).sort((a, b) => (a.sub_name === 'ERC20' ? -1 : b.sub_name === 'ERC20' ? 1 : a.id - b.id))[0]
      ?.id;
  await ensureFxMarkets(db);
  const quote = idOf('USDT');
  if (quote === undefined) return;
  for (const m of DEMO_MARKETS) {
    const base = idOf(m.base);
    if (base === undefined) continue;
    await db
      .insertInto('instruments')
      .values({
        symbol: m.symbol,
        base_currency_id: base,
        quote_currency_id: quote,
        kind: 'spot',
        price_precision: m.pp,
        amount_precision: m.ap,
        sort: m.sort,
        source: 'simulated',
        source_symbol: m.symbol,
        sim_price: m.price,
        sim_volatility: m.vol,
        sim_volume: m.volume,
      })
      .onConflict((oc) => oc.column('symbol').doNothing())
      .execute();
  }
}

async function ensureFxMarkets(db: Database): Promise<void> {
  for (const c of FX_CURRENCIES) {
    await db
      .insertInto('currencies')
      .values({ ...c, sub_name: '', image: '', status: 0, is_fiat: true })
      .onConflict((oc) => oc.columns(['name', 'sub_name']).doNothing())
      .execute();
  }
  const currencies = await db.selectFrom('currencies').select(['id', 'name']).where('sub_name', '=', '').execute();
  const idOf = (name: string) => currencies.find((c) => c.name === name)?.id;
  for (const m of FX_MARKETS) {
    const base = idOf(m.base);
    const quote = idOf(m.quote);
    if (base === undefined || quote === undefined) continue;
    await db
      .insertInto('instruments')
      .values({
        symbol: m.symbol,
        base_currency_id: base,
        quote_currency_id: quote,
        kind: 'forex',
        price_precision: m.pp,
        amount_precision: m.ap,
        sort: m.sort,
        source: 'simulated',
        source_symbol: m.symbol,
        sim_price: m.price,
        sim_volatility: m.vol,
        sim_volume: m.volume,
      })
      .onConflict((oc) => oc.column('symbol').doNothing())
      .execute();
  }
}

/** An instrument with its currency names, as the API and the feed use it. */
export interface Instrument extends InstrumentRow {
  base: string;
  quote: string;
}

function withNames(db: Database) {
  return db
    .selectFrom('instruments as i')
    .innerJoin('currencies as b', 'b.id', 'i.base_currency_id')
    .innerJoin('currencies as q', 'q.id', 'i.quote_currency_id')
    .selectAll('i')
    .select(['b.name as base', 'q.name as quote']);
}

export async function listInstruments(db: Database, opts: { listedOnly?: boolean } = {}): Promise<Instrument[]> {
  let q = withNames(db).orderBy('i.sort').orderBy('i.id');
  if (opts.listedOnly) q = q.where('i.status', '=', 1);
  return q.execute();
}

export async function findInstrument(db: Database, idOrSymbol: number | string): Promise<Instrument | undefined> {
  const q = withNames(db);
  return (typeof idOrSymbol === 'number'
    ? q.where('i.id', '=', idOrSymbol)
    : q.where('i.symbol', '=', normaliseSymbol(idOrSymbol))
  ).executeTakeFirst();
}

/** "btc_usdt", "BTC-USDT", "btcusdt"? → "BTC/USDT" (the separator forms; bare concatenations are matched by callers). */
export function normaliseSymbol(symbol: string): string {
  return symbol.trim().toUpperCase().replace(/[_-]/g, '/');
}

/** A listed instrument by symbol or id, or the matching AppError. */
export async function requireListed(db: Database, idOrSymbol: number | string): Promise<Instrument> {
  const inst = await findInstrument(db, idOrSymbol);
  if (!inst) throw new AppError('instrument_not_found');
  if (inst.status !== 1) throw new AppError('instrument_suspended');
  return inst;
}
