/** Request schemas of the market domain: quotes, klines, favourites, instruments and currencies (modules/market routes). */
import { z } from 'zod';
import { rowId } from '../ids';
import { FEED_SOURCES, INSTRUMENT_KINDS } from './market';
import { langField } from './request-fields';

/** A market symbol as clients send it: "BTC/USDT", "btc_usdt", "BTC-USDT". */
export const marketSymbolField = z.string().trim().min(3).max(32).regex(/^[A-Za-z0-9]+[/_-][A-Za-z0-9]+$/, 'field_invalid');
/** Seconds (10 digits, docs/product/limits.md) or milliseconds. */
const instant = z.coerce.number().int().min(0).max(1e14).optional();
const klineLimit = z.coerce.number().int().min(1).max(1500).optional();

/** GET /currency/market_detail. */
export const marketDetailQuerySchema = z.object({ symbol: marketSymbolField, lang: langField });

/** GET /currency/new_timeshar. */
export const klineQuerySchema = z.object({
  symbol: marketSymbolField,
  period: z.string().trim().min(1).max(10).default('1min'),
  from: instant,
  to: instant,
  limit: klineLimit,
  lang: langField,
});

/** GET /contract/getKlineData (newer API): symbol or coin, interval or period. */
export const klineDataQuerySchema = z
  .object({
    symbol: marketSymbolField.optional(),
    coin: z.string().trim().min(1).max(16).regex(/^[A-Za-z0-9]+$/, 'field_invalid').optional(),
    interval: z.string().trim().min(1).max(10).optional(),
    period: z.string().trim().min(1).max(10).optional(),
    from: instant,
    to: instant,
    limit: klineLimit,
    lang: langField,
  })
  .refine((v) => v.symbol !== undefined || v.coin !== undefined, { message: 'field_required', path: ['symbol'] });

/** POST /optional/add, /optional/del: a market by id or symbol. */
export const favouriteBodySchema = z
  .object({
    instrument_id: rowId.optional(),
    symbol: marketSymbolField.optional(),
    lang: langField,
  })
  .refine((v) => v.instrument_id !== undefined || v.symbol !== undefined, { message: 'field_required', path: ['symbol'] });

// ---- console: instruments ----

const decimal = z.string().trim().regex(/^\d{1,20}(\.\d{1,18})?$/, 'field_invalid');
const positiveDecimal = decimal.refine((v) => /[1-9]/.test(v), 'field_invalid');
const precision = z.coerce.number().int().min(0).max(12);

/** The fields of an instrument an operator sets. */
const instrumentFields = {
  kind: z.enum(INSTRUMENT_KINDS),
  price_precision: precision,
  amount_precision: precision,
  sort: z.coerce.number().int().min(0).max(10000),
  source: z.enum(FEED_SOURCES),
  source_symbol: z.string().trim().max(40).regex(/^[A-Za-z0-9/_:.-]*$/, 'field_invalid'),
  sim_price: positiveDecimal,
  sim_volatility: z.string().trim().regex(/^\d(\.\d{1,6})?$/, 'field_invalid').refine((v) => /[1-9]/.test(v), 'field_invalid'),
  sim_volume: positiveDecimal,
};

/** POST /admin/market/instruments. */
export const instrumentCreateBodySchema = z.object({
  base_currency_id: rowId,
  quote_currency_id: rowId,
  ...instrumentFields,
  kind: instrumentFields.kind.default('spot'),
  sort: instrumentFields.sort.default(0),
  source: instrumentFields.source.default('simulated'),
  source_symbol: instrumentFields.source_symbol.optional(),
  sim_volatility: instrumentFields.sim_volatility.default('0.6'),
  sim_volume: instrumentFields.sim_volume.default('1'),
  lang: langField,
});

/** POST /admin/market/instruments/:id: any of the fields, and the status (0 suspended, 1 listed). */
export const instrumentUpdateBodySchema = z.object({
  ...(Object.fromEntries(Object.entries(instrumentFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof instrumentFields]: z.ZodOptional<(typeof instrumentFields)[K]>;
  }),
  status: z.coerce.number().int().min(0).max(1).optional(),
  lang: langField,
});

// ---- console: currencies ----

const currencyLook = {
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'field_invalid'),
  image: z.string().trim().max(300).regex(/^(\/[\w./-]*|https:\/\/[\w./%-]+)$/, 'field_invalid'),
  sort: z.coerce.number().int().min(0).max(10000),
};

/** POST /admin/currencies. */
export const currencyCreateBodySchema = z.object({
  name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,12}$/, 'field_invalid'),
  sub_name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{0,12}$/, 'field_invalid').default(''),
  decimals: z.coerce.number().int().min(0).max(30),
  is_fiat: z.boolean().default(false),
  ...currencyLook,
  lang: langField,
});

/** POST /admin/currencies/:id. */
export const currencyUpdateBodySchema = z.object({
  color: currencyLook.color.optional(),
  image: currencyLook.image.optional(),
  sort: currencyLook.sort.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  lang: langField,
});

// What the console sends (parsed field types: the values the server accepts as they are).
/** A new instrument or a change to one: any of its fields. */
export type InstrumentBody = Partial<Omit<z.output<typeof instrumentCreateBodySchema>, 'lang'>> & Omit<z.output<typeof instrumentUpdateBodySchema>, 'lang'>;
/** A new currency. */
export type CurrencyCreateBody = Omit<z.output<typeof currencyCreateBodySchema>, 'lang'>;
/** A change to a currency's look or status. */
export type CurrencyUpdateBody = Omit<z.output<typeof currencyUpdateBodySchema>, 'lang'>;
