/** Tables of timed up/down contracts (contract orders and seconds contracts) (see db/schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { CreatedAt, Int8Id, Numeric, NumericDefault, Timestamp, UpdatedAt } from '../columns';

export interface ContractProductsTable {
  id: Generated<number>;
  instrument_id: number;
  status: Generated<number>;
  fee_rate: NumericDefault;
  is_demo: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ContractExpiriesTable {
  product_id: number;
  seconds: number;
  payout_rate: Numeric;
  status: Generated<number>;
}

export interface ContractProductCurrenciesTable {
  product_id: number;
  currency_id: number;
  min_stake: Numeric;
  max_stake: Numeric;
  exposure_cap: Numeric;
  open_up: NumericDefault;
  open_down: NumericDefault;
  status: Generated<number>;
}

export interface ContractOrdersTable {
  id: Int8Id;
  user_id: number;
  product_id: number;
  instrument_id: number;
  currency_id: number;
  account_id: number;
  direction: number;
  seconds: number;
  payout_rate: Numeric;
  fee_rate: Numeric;
  stake: Numeric;
  open_tick_id: string;
  open_price: Numeric;
  open_tick_at: Timestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
  status: Generated<string>;
  close_tick_id: string | null;
  close_price: string | null;
  close_tick_at: Timestamp | null;
  payout: string | null;
  fee: string | null;
  profit: string | null;
  settled_at: Timestamp | null;
  client_key: string | null;
}

export interface ContractsTables {
  contract_products: ContractProductsTable;
  contract_expiries: ContractExpiriesTable;
  contract_product_currencies: ContractProductCurrenciesTable;
  contract_orders: ContractOrdersTable;
}
