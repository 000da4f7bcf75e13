/** Tables of the market domain (see db/schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { CreatedAt, Int8Id, Numeric, NumericDefault, Timestamp } from '../columns';

export interface InstrumentsTable {
  id: Generated<number>;
  symbol: string;
  base_currency_id: number;
  quote_currency_id: number;
  kind: Generated<string>;
  price_precision: number;
  amount_precision: number;
  status: Generated<number>;
  sort: Generated<number>;
  source: Generated<string>;
  source_symbol: string | null;
  sim_price: Numeric;
  sim_volatility: NumericDefault;
  sim_volume: NumericDefault;
  created_at: CreatedAt;
}

export interface MarketTicksTable {
  id: Int8Id;
  instrument_id: number;
  price: Numeric;
  volume: NumericDefault;
  at: Timestamp;
  source: string;
}

export interface MarketCandlesTable {
  instrument_id: number;
  period: string;
  open_time: Timestamp;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
  volume: NumericDefault;
  quote_volume: NumericDefault;
}

export interface MarketFavouritesTable {
  user_id: number;
  instrument_id: number;
  created_at: CreatedAt;
}

export interface MarketTables {
  instruments: InstrumentsTable;
  market_ticks: MarketTicksTable;
  market_candles: MarketCandlesTable;
  market_favourites: MarketFavouritesTable;
}
