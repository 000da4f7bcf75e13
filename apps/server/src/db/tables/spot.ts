/** Tables of spot trading: market parameters, orders, trades (see db/schema.ts for the conventions). */
import type { ColumnType, Generated } from 'kysely';
import type { Int8Id, Numeric, NumericDefault, Timestamp, UpdatedAt } from '../columns';

type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Int8Default = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export interface SpotMarketsTable {
  instrument_id: number;
  trading: Generated<boolean>;
  maker_fee: NumericDefault;
  taker_fee: NumericDefault;
  min_notional: NumericDefault;
  price_band: NumericDefault;
  bot_enabled: Generated<boolean>;
  bot_spread: NumericDefault;
  bot_step: NumericDefault;
  bot_levels: Generated<number>;
  bot_level_notional: NumericDefault;
  updated_at: UpdatedAt;
}

export interface SpotOrdersTable {
  id: ColumnType<string, string | number | bigint, never>;
  user_id: number;
  instrument_id: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: 'gtc' | 'ioc' | 'post_only';
  price: string | null;
  price_ticks: Int8;
  amount: Numeric;
  amount_lots: Int8;
  filled_lots: Int8Default;
  filled: NumericDefault;
  quote_filled: NumericDefault;
  notional_exact: NumericDefault;
  fee: NumericDefault;
  frozen: Numeric;
  used: NumericDefault;
  released: NumericDefault;
  status: 'open' | 'filled' | 'cancelled';
  cancel_reason: string | null;
  client_order_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpotTradesTable {
  id: Int8Id;
  instrument_id: number;
  price: Numeric;
  amount: Numeric;
  quote_amount: Numeric;
  taker_side: 'buy' | 'sell';
  maker_order_id: Int8;
  taker_order_id: Int8;
  maker_user_id: number;
  taker_user_id: number;
  buyer_fee: Numeric;
  seller_fee: Numeric;
  entry_id: Int8;
  created_at: Timestamp;
}

/** A market writer's fence: its epoch × 2^32 plus the groups committed since (spot_commit_group2). */
export interface SpotWriterSeqTable {
  instrument_id: number;
  seq: Int8Default;
}

export interface SpotTables {
  spot_markets: SpotMarketsTable;
  spot_writer_seq: SpotWriterSeqTable;
  spot_orders: SpotOrdersTable;
  spot_trades: SpotTradesTable;
}
