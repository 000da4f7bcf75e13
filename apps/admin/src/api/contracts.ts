/**
 * Console API of timed up/down contracts (`/api/admin/contracts/*`): products and expiry options
 * per market, open exposure, suspend/resume for new orders, the settlement log and house P&L.
 * Amounts are decimal strings in whole currency units. No call can set an order's outcome.
 */
import { apiGet, apiPost } from './client';

export interface ProductCurrency {
  currency_id: number;
  name: string;
  sub_name: string;
  decimals: number;
  min: string;
  max: string;
  status: number;
  exposure_cap: string;
  open_up: string;
  open_down: string;
}

export interface ContractProduct {
  product_id: number;
  match_id: number;
  instrument_id: number;
  symbol: string;
  source: string;
  is_demo: boolean;
  tradable: boolean;
  status: number;
  instrument_status: number;
  fee_rate: string;
  seconds: Array<{ seconds: number; payout_rate: string; status: number }>;
  currencies: ProductCurrency[];
  open_orders: Array<{ currency_id: number; direction: 'up' | 'down'; orders: number; stake: string }>;
}

export interface SettlerStatus {
  running: boolean;
  passes: number;
  settled: number;
  voided: number;
  errors: number;
  last_error: string | null;
}

export interface ProductInput {
  instrument_id: number;
  status: number;
  fee_rate: string;
  seconds: Array<{ seconds: number; payout_rate: string; status?: number }>;
  currencies: Array<{ currency_id: number; min: string; max: string; exposure_cap: string }>;
}

export interface Settlement {
  id: string;
  user_id: number;
  symbol: string;
  currency: string;
  direction: 'up' | 'down';
  seconds: number;
  number: string;
  payout_rate: string;
  open_price: string;
  open_tick_id: string;
  open_tick_at: string;
  expires_at: string;
  status: 'won' | 'lost' | 'tie' | 'void';
  close_price: string | null;
  close_tick_id: string | null;
  close_tick_at: string | null;
  settled_at: string;
  payout: string;
  fee: string;
  profit: string;
}

export interface PnlDay {
  day: string;
  currency_id: number;
  currency: string;
  orders: number;
  won: number;
  lost: number;
  tie: number;
  void: number;
  stake: string;
  user_profit: string;
  fees: string;
  house_pnl: string;
}

export const contractsApi = {
  products: () => apiGet<{ products: ContractProduct[]; settler: SettlerStatus }>('/admin/contracts/products'),
  saveProduct: (input: ProductInput) => apiPost<ContractProduct>('/admin/contracts/products', { ...input }),
  setStatus: (productId: number, status: number) => apiPost<{ product_id: number; status: number }>(`/admin/contracts/products/${productId}/status`, { status }),
  settlements: (q: { page: number; limit: number; status?: string; instrument_id?: number; user_id?: number }) =>
    apiGet<{ items: Settlement[]; total: number }>('/admin/contracts/settlements', q),
  pnl: (days: number) => apiGet<PnlDay[]>('/admin/contracts/pnl', { days }),
};

export const contractsKeys = {
  products: ['admin', 'contracts', 'products'] as const,
  settlements: (q: object) => ['admin', 'contracts', 'settlements', q] as const,
  pnl: (days: number) => ['admin', 'contracts', 'pnl', days] as const,
};
