/** Tables of fixed-term yield products: savings, lock deposits, pledge, machine leasing (see db/schema.ts for the conventions). */
import type { Generated } from 'kysely';
import type { CreatedAt, Int8Id, Json, Numeric, NumericDefault, Timestamp, UpdatedAt } from '../columns';

export interface SavingsProductsTable {
  id: Generated<number>;
  kind: string;
  names: Json;
  currency_id: number;
  term_days: number;
  rate_mode: string;
  daily_rate: Numeric;
  rate_max: Numeric;
  min_amount: Numeric;
  max_amount: Numeric;
  total_quota: Numeric;
  sold: NumericDefault;
  window_start: Timestamp;
  window_end: Timestamp;
  penalty_rate: Numeric;
  early_redeem: Generated<boolean>;
  forfeit_income: Generated<boolean>;
  /** False for a prepaid lease (migration 018): the principal is a fee, never returned. */
  refund_principal: Generated<boolean>;
  payout: string;
  status: Generated<number>;
  accrual_status: Generated<string>;
  stalled_day: number | null;
  sort: Generated<number>;
  is_demo: Generated<boolean>;
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SavingsSubscriptionsTable {
  id: Int8Id;
  user_id: number;
  product_id: number;
  currency_id: number;
  account_type: number;
  account_id: number;
  principal: Numeric;
  balance: Numeric;
  start_day: number;
  end_day: number;
  next_day: number;
  accrued_exact: NumericDefault;
  income_paid: NumericDefault;
  pool_paid: NumericDefault;
  status: Generated<string>;
  penalty: NumericDefault;
  forfeited: NumericDefault;
  refund: NumericDefault;
  /** The product's rule when this order was sold (migration 018). */
  refund_principal: Generated<boolean>;
  client_key: string | null;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface SavingsIncomesTable {
  subscription_id: string;
  day: number;
  user_id: number;
  product_id: number;
  rate: Numeric;
  amount: Numeric;
  pool_amount: Numeric;
  entry_id: string | null;
  created_at: Timestamp;
}

export interface SavingsRunsTable {
  product_id: number;
  day: number;
  rate: Numeric;
  status: Generated<string>;
  paid_count: Generated<number>;
  total_paid: NumericDefault;
  pool_balance: Numeric | null;
  updated_at: Timestamp;
}

export interface SavingsTables {
  savings_products: SavingsProductsTable;
  savings_subscriptions: SavingsSubscriptionsTable;
  savings_incomes: SavingsIncomesTable;
  savings_runs: SavingsRunsTable;
}
