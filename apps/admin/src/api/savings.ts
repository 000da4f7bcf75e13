/** Console API of the savings domain (`/api/admin/savings/*`). */
import type {
  SavingsAccrualSummary,
  SavingsAdminProduct,
  SavingsClock,
  SavingsClockAdvance,
  SavingsOrderPage,
  SavingsPool,
  SavingsProductId,
  SavingsProductOpen,
  SavingsRunPage,
  SavingsAdminProductBody,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

export type ProductInput = SavingsAdminProductBody;

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
