/**
 * Savings (spec §4, §7 Savings/Mining) as the server sends it to both the web app and the console:
 * a product, and a user's subscription to one ("order"). Amounts are decimal strings in the
 * currency's units, rates are decimal strings per day.
 */

/** Product family: flexible savings, fixed-term lock, pledge mining, machine mining. */
export type SavingsKind = 'savings' | 'lock' | 'pledge' | 'machine';

export interface SavingsCurrencyRef {
  id: number;
  name: string;
  sub_name: string;
  decimals: number;
  image: string;
}

export interface SavingsProductView {
  id: number;
  kind: SavingsKind;
  name: string;
  currency_id: number;
  currency: SavingsCurrencyRef;
  term_days: number;
  rate_mode: 'fixed' | 'range';
  daily_rate: string;
  rate_max: string;
  min_amount: string;
  max_amount: string;
  total_quota: string;
  sold: string;
  remaining_quota: string;
  start_time: string;
  end_time: string;
  /** Spec §4 helper: 2 before start, 1 open, 0 closed/ended. */
  window_status: 0 | 1 | 2;
  penalty_rate: string;
  early_redeem: boolean;
  forfeit_income: boolean;
  /** False: a prepaid lease (machine leasing); the amount is a fee, never returned. */
  refund_principal: boolean;
  payout: 'account' | 'compound';
  accrual_status: 'ok' | 'stalled';
  stalled_day: string | null;
  is_demo: boolean;
}

export interface SavingsOrderView {
  id: string;
  product_id: number;
  kind: SavingsKind;
  name: string;
  currency: SavingsCurrencyRef;
  principal: string;
  balance: string;
  income: string;
  status: 'active' | 'matured' | 'redeemed';
  term_days: number;
  days_paid: number;
  daily_rate: string;
  rate_max: string;
  rate_mode: 'fixed' | 'range';
  payout: 'account' | 'compound';
  early_redeem: boolean;
  storage_time: string;
  start_time: string;
  expiry_time: string;
  penalty: string;
  forfeited: string;
  refund: string;
  /** False: a prepaid lease; at maturity it ends with nothing returned. */
  refund_principal: boolean;
  closed_at: string | null;
}
