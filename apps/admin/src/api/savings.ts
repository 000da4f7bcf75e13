/** Console API of the savings domain (`/api/admin/savings/*`). */
import type { SavingsKind, SavingsOrderView, SavingsProductView } from '@bourse/contract';
import { apiGet, apiPost } from './client';

/** The console's product: the public view plus the fields only operators edit. */
export interface SavingsProduct extends SavingsProductView {
  names: Record<string, string>;
  status: number;
  sort: number;
}

export interface ProductInput {
  kind: SavingsKind;
  names: Record<string, string>;
  currency_id: number;
  term_days: number;
  rate_mode: 'fixed' | 'range';
  daily_rate: string;
  rate_max?: string;
  min_amount: string;
  max_amount: string;
  total_quota: string;
  start_time: string;
  end_time: string;
  penalty_rate: string;
  early_redeem: boolean;
  forfeit_income: boolean;
  /** False: a prepaid lease (the amount is a fee, never returned; no early exit, account payout). */
  refund_principal: boolean;
  payout: 'account' | 'compound';
  status: 0 | 1;
  sort: number;
}

/** A subscription in the console's list: the user's view plus whose it is. */
export interface SavingsOrder extends SavingsOrderView {
  user_id: number;
}

export interface SavingsRun {
  product_id: number;
  product: string;
  kind: SavingsKind;
  currency: string;
  date: string;
  rate: string;
  status: 'paying' | 'paid' | 'stalled';
  paid_count: number;
  total_paid: string;
  pool_balance: string | null;
  updated_at: string;
}

export interface PoolRow {
  currency_id: number;
  currency: string;
  yield_pool: string;
  savings_pool: string;
  savings_revenue: string;
}

export interface AccrualSummary {
  dueDay: number;
  paid: number;
  stalled: Array<{ productId: number; day: number }>;
  matured: number;
}

export const savingsApi = {
  products: () => apiGet<SavingsProduct[]>('/admin/savings/products'),
  createProduct: (p: ProductInput) => apiPost<{ id: number }>('/admin/savings/products', { ...p }),
  updateProduct: (id: number, p: ProductInput) => apiPost<{ id: number }>(`/admin/savings/products/${id}`, { ...p }),
  setOpen: (id: number, open: boolean) => apiPost<unknown>(`/admin/savings/products/${id}/status`, { open }),
  orders: (q: { status?: string; user_id?: number; product_id?: number; page: number; limit: number }) =>
    apiGet<{ total: number; list: SavingsOrder[] }>('/admin/savings/subscriptions', q),
  runs: (q: { product_id?: number; page: number; limit: number }) =>
    apiGet<{ total: number; list: SavingsRun[]; now: string; due_date: string; accrual_minute: number }>('/admin/savings/runs', q),
  runNow: () => apiPost<AccrualSummary>('/admin/savings/runs'),
  pools: () => apiGet<PoolRow[]>('/admin/savings/pools'),
  fund: (currency_id: number, amount: string, direction: 'in' | 'out') => apiPost<PoolRow[]>('/admin/savings/pools/fund', { currency_id, amount, direction }),
  clock: () => apiGet<{ enabled: boolean; now: string; offset_ms: number }>('/admin/savings/clock'),
  advance: (hours: number) => apiPost<{ now: string; offset_ms: number; accrual: AccrualSummary | null }>('/admin/savings/clock/advance', { hours }),
};
