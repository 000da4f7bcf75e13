/**
 * Market API (apps/server/src/modules/market): currencies, the quotation list, one market,
 * klines, favourites, and the console's instruments, price feed and currencies. Prices and
 * volumes are decimal strings at the market's precisions; times are ISO strings unless a field
 * says otherwise. The web app and the console type their calls with these.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';

// ---- currencies ----------------------------------------------------------------------------

/** A currency as GET /currency/list and the console's /admin/currencies send it. */
export const currencyViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The network of a token listed once per chain (ERC20, TRC20), else ''. */
  subName: z.string(),
  status: z.number(),
  image: z.string(),
  decimals: z.number(),
  color: z.string(),
  isFiat: z.boolean(),
});
export type CurrencyView = z.infer<typeof currencyViewSchema>;
export const currencyListSchema = z.array(currencyViewSchema);

// ---- markets (GET /currency/quotation_new, /currency/market_detail, /optional/list) --------

export const marketItemSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  kind: z.string(),
  last: decimalText,
  /** 24 h change in percent, two decimals ("-1.23"). */
  change: decimalText,
  high: decimalText,
  low: decimalText,
  volume: decimalText,
  quote_volume: decimalText,
  price_precision: z.number(),
  amount_precision: z.number(),
  favourite: z.boolean(),
  /** Where prices come from: 'simulated' is demo data and is labelled so in the apps. */
  source: z.string(),
});
export type MarketItem = z.infer<typeof marketItemSchema>;

export const marketGroupSchema = z.object({ group: z.string(), markets: z.array(marketItemSchema) });
export type MarketGroup = z.infer<typeof marketGroupSchema>;
export const quotationSchema = z.array(marketGroupSchema);
export const marketListSchema = z.array(marketItemSchema);

/** An entry of the realtime 'ticker' channel (socket payload; `ts` in ms). */
export const tickerEntrySchema = z.object({
  symbol: z.string(),
  last: decimalText,
  change: decimalText,
  high: decimalText,
  low: decimalText,
  volume: decimalText,
  quote_volume: decimalText,
  ts: z.number(),
});
export type TickerEntry = z.infer<typeof tickerEntrySchema>;

/** A candle of GET /currency/new_timeshar and /contract/getKlineData. */
export const klineSchema = z.object({
  /** Candle open time in seconds. */
  time: z.number(),
  open: decimalText,
  high: decimalText,
  low: decimalText,
  close: decimalText,
  volume: decimalText,
  quote_volume: decimalText,
});
export type Kline = z.infer<typeof klineSchema>;
export const klineListSchema = z.array(klineSchema);

// ---- console: instruments and the feed (/admin/market/*) -------------------------------------

export const INSTRUMENT_KINDS = ['spot', 'contract', 'lever', 'forex'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];
export const FEED_SOURCES = ['simulated', 'ccxt'] as const;
export type FeedSource = (typeof FEED_SOURCES)[number];

export const instrumentSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  base_currency_id: z.number(),
  quote_currency_id: z.number(),
  kind: z.enum(INSTRUMENT_KINDS),
  price_precision: z.number(),
  amount_precision: z.number(),
  status: z.number(),
  sort: z.number(),
  source: z.enum(FEED_SOURCES),
  source_symbol: z.string().nullable(),
  sim_price: decimalText,
  sim_volatility: decimalText,
  sim_volume: decimalText,
  created_at: isoTime,
});
export type InstrumentView = z.infer<typeof instrumentSchema>;
export const instrumentListSchema = z.array(instrumentSchema);

export const feedMarketSchema = z.object({
  instrument_id: z.number(),
  symbol: z.string(),
  source: z.string(),
  status: z.number(),
  last_price: decimalText.nullable(),
  last_tick_at: isoTime.nullable(),
  age_ms: z.number().nullable(),
  stale: z.boolean(),
});
export type FeedMarket = z.infer<typeof feedMarketSchema>;

export const feedStatusSchema = z.object({
  mode: z.enum(['simulated', 'ccxt', 'off', 'stopped']),
  running: z.boolean(),
  /** single: the only process (PGlite); leader / standby: several processes share one database. */
  role: z.enum(['single', 'leader', 'standby']),
  tick_retention_days: z.number(),
  last_prune: z.object({ at: isoTime, deleted: z.number(), cutoff: isoTime }).nullable(),
  tick_ms: z.number(),
  seed: z.number(),
  backfill_days: z.number(),
  stale_ms: z.number(),
  steps: z.number(),
  last_error: z.string().nullable(),
  ccxt: z.object({
    exchange: z.string(),
    symbols: z.array(z.string()),
    polls: z.number(),
    last_poll_at: isoTime.nullable(),
    last_error: z.string().nullable(),
  }),
  markets: z.array(feedMarketSchema),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;
