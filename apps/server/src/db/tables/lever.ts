/** Tables of the lever domain (see db/schema.ts for the conventions; migration 028). */
import type { Generated } from 'kysely';
import type { Int8Id, Json, Numeric, Timestamp } from '../columns';

export interface LeverProductsTable {
  instrument_id: number;
  margin_currency_id: number;
  settlement: string;
  status: Generated<number>;
  /** JSON array of offered leverages. */
  leverages: Json;
  fee_rate: Numeric;
  min_qty: Numeric;
  qty_step: Numeric;
  max_position_qty: Numeric;
  /** JSON array of { max_notional: string | null, mmr: string }. */
  tiers: Json;
  is_demo: Generated<boolean>;
  updated_at: Timestamp;
}

export interface LeverPositionsTable {
  id: Int8Id;
  user_id: number;
  instrument_id: number;
  account_id: number;
  settlement: string;
  side: number;
  leverage: number;
  qty: Numeric;
  entry_price: Numeric;
  entry_tick_id: string;
  margin: Numeric;
  open_fee: Numeric;
  fee_rate: Numeric;
  tiers: Json;
  liq_price: Numeric | null;
  bankrupt_price: Numeric | null;
  tp: Numeric | null;
  sl: Numeric | null;
  stops_at: Timestamp | null;
  trigger_low: Numeric | null;
  trigger_high: Numeric | null;
  status: Generated<string>;
  exit_reason: string | null;
  exit_price: Numeric | null;
  exit_tick_id: string | null;
  close_fee: Numeric | null;
  pnl: Numeric | null;
  credited: Numeric | null;
  insurance: Numeric | null;
  shortfall: Numeric | null;
  opened_at: Timestamp;
  closed_at: Timestamp | null;
  client_key: string | null;
}

export interface LeverSweepCursorsTable {
  instrument_id: number;
  tick_id: string;
  tick_at: Timestamp;
}

export interface LeverTables {
  lever_products: LeverProductsTable;
  lever_positions: LeverPositionsTable;
  lever_sweep_cursors: LeverSweepCursorsTable;
}
