/** Tables of the asset centre: deposits, withdrawals, transfers between accounts, exchange, records (see db/schema.ts for the conventions). */
import type { ColumnType, Generated } from 'kysely';
import type { Numeric, NumericDefault, Timestamp } from '../columns';

type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface AssetCurrencyConfigTable {
  currency_id: number;
  deposit_enabled: Flag;
  withdraw_enabled: Flag;
  withdraw_min: NumericDefault;
  withdraw_max: NumericDefault;
  withdraw_fee: NumericDefault;
  withdraw_daily_limit: NumericDefault;
  two_approval_threshold: NumericDefault;
  transfer_fee: NumericDefault;
  exchange_enabled: Flag;
  exchange_spread: NumericDefault;
  exchange_fee_rate: NumericDefault;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type DepositSource = 'chain' | 'demo' | 'manual';
export type DepositStatus = 'review' | 'credited' | 'rejected';

export interface AssetDepositsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  account_type: number;
  amount: Numeric;
  source: DepositSource;
  status: DepositStatus;
  chain: string | null;
  tx_hash: string | null;
  log_index: number | null;
  address: string | null;
  proof: string | null;
  reason: string | null;
  operator_id: number | null;
  entry_id: string | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
}

export type WithdrawalStatus = 'review' | 'approved' | 'sent' | 'completed' | 'rejected';

export interface AssetWithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  account_type: number;
  address_id: number | null;
  address: string;
  network: Generated<string>;
  amount: Numeric;
  fee: Numeric;
  receive: Numeric;
  rate: string | null;
  fiat: string | null;
  status: WithdrawalStatus;
  needs_two: Flag;
  approver1_id: number | null;
  approver2_id: number | null;
  reason: string | null;
  tx_hash: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  reviewed_at: Timestamp | null;
  sent_at: Timestamp | null;
  completed_at: Timestamp | null;
  sent_by: number | null;
}

export interface AssetTransfersTable {
  id: Generated<number>;
  user_id: number;
  currency_id: number;
  from_type: number;
  to_type: number;
  amount: Numeric;
  fee: NumericDefault;
  idempotency_key: string | null;
  created_at: Timestamp;
}

export interface AssetExchangeQuotesTable {
  id: string;
  user_id: number;
  from_currency_id: number;
  to_currency_id: number;
  amount: Numeric;
  fee: Numeric;
  receive: Numeric;
  index_price: string;
  price: string;
  spread: string;
  tick_ids: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AssetExchangesTable {
  id: Generated<number>;
  quote_id: string;
  user_id: number;
  from_currency_id: number;
  to_currency_id: number;
  amount: Numeric;
  fee: Numeric;
  receive: Numeric;
  price: string;
  tick_ids: string;
  created_at: Timestamp;
}

export interface AssetsTables {
  asset_currency_config: AssetCurrencyConfigTable;
  asset_deposits: AssetDepositsTable;
  asset_withdrawals: AssetWithdrawalsTable;
  asset_transfers: AssetTransfersTable;
  asset_exchange_quotes: AssetExchangeQuotesTable;
  asset_exchanges: AssetExchangesTable;
}
