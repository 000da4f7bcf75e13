/** Console API of the savings domain (`/api/admin/savings/*`). */
import type {
  SavingsAccrualSummary,
  SavingsAdminProduct,
  SavingsClock,
  SavingsClockAdvance,
  SavingsKind,
  SavingsOrderPage,
  SavingsPool,
  SavingsProductId,
  SavingsProductOpen,
  SavingsRunPage,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

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

export const savingsApi = {
  products: () => apiGet<SavingsAdminProduct[]>('/admin/savings/products'),
  createProduct: (p: ProductInput) => apiPost<SavingsProductId>('/admin/savings/products', { ...p }),
  updateProduct: (id: number, p: ProductInput) => apiPost<SavingsProductId>(`/admin/savings/products/${id}`, { ...p }),
  setOpen: (id: number, open: boolean) => apiPost<SavingsProductOpen>(`/admin/savings/products/${id}/status`, { open }),
  orders: (q: { status?: string; user_id?: number; product_id?: number; page: number; limit: number }) =>
    apiGet<SavingsOrderPage>('/admin/savings/subscriptions', q),
  runs: (q: { product_id?: number; page: number; limit: number }) =>
    apiGet<SavingsRunPage>('/admin/savings/runs', q),
  runNow: () => apiPost<SavingsAccrualSummary>('/admin/savings/runs'),
  pools: () => apiGet<SavingsPool[]>('/admin/savings/pools'),
  fund: (currency_id: number, amount: string, direction: 'in' | 'out') => apiPost<SavingsPool[]>('/admin/savings/pools/fund', { currency_id, amount, direction }),
  clock: () => apiGet<SavingsClock>('/admin/savings/clock'),
  advance: (hours: number) => apiPost<SavingsClockAdvance>('/admin/savings/clock/advance', { hours }),
};
