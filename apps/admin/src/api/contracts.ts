/**
 * Console API of timed up/down contracts (`/api/admin/contracts/*`): products and expiry options
 * per market, open exposure, suspend/resume for new orders, the settlement log and house P&L.
 * Amounts are decimal strings in whole currency units. No call can set an order's outcome.
 */
import type {
  ContractAdminProducts,
  ContractConsoleProduct,
  ContractPnlDay,
  ContractProductStatus,
  ContractSettlementPage,
  ContractAdminProductBody,
} from '@bourse/contract';
import { apiGet, apiPost } from './client';

export type ProductInput = ContractAdminProductBody;

export const contractsApi = {
  products: () => apiGet<ContractAdminProducts>('/admin/contracts/products'),
  saveProduct: (input: ProductInput) => apiPost<ContractConsoleProduct | null>('/admin/contracts/products', { ...input }),
  setStatus: (productId: number, status: number) => apiPost<ContractProductStatus>(`/admin/contracts/products/${productId}/status`, { status }),
  settlements: (q: { page: number; limit: number; status?: string; instrument_id?: number; user_id?: number }) =>
    apiGet<ContractSettlementPage>('/admin/contracts/settlements', q),
  pnl: (days: number) => apiGet<ContractPnlDay[]>('/admin/contracts/pnl', { days }),
};

export const contractsKeys = {
  products: ['admin', 'contracts', 'products'] as const,
  settlements: (q: object) => ['admin', 'contracts', 'settlements', q] as const,
  pnl: (days: number) => ['admin', 'contracts', 'pnl', days] as const,
};
