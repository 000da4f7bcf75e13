/** Savings calls (spec §7 Savings/Mining and the newer pledge/machine calls): products, figures, join, records, early redemption. */
import {
  SAVINGS_RECORD_PAGE_SIZE,
  type SavingsKind,
  type SavingsOrderView,
  type SavingsProductView,
} from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type Kind = SavingsKind;
export const KINDS: Kind[] = ['savings', 'lock', 'pledge', 'machine'];
export type Product = SavingsProductView;

export interface ProductDetail extends Product {
  available: string | null;
  my_active: string | null;
  now: string;
  value_date: string;
  maturity_date: string;
  /** The rates recorded for the product's last paid days, newest first (realized history). */
  realized_rates: Array<{ date: string; rate: string; status: string }>;
}

export interface Centre {
  now: string;
  platform: { total_output: Array<{ currency: string; currency_id: number; amount: string }>; participants: number; valid_nodes: number };
  user: Array<{ currency_id: number; currency: string; saving: string; orders: number; accumulated_income: string; yesterday_income: string }> | null;
}

export type Order = SavingsOrderView;

export interface Income {
  subscription_id: string;
  product_id: number;
  kind: Kind;
  name: string;
  currency: string;
  date: string;
  rate: string;
  amount: string;
  paid_at: string;
}

export interface Quote {
  id: string;
  currency: string;
  principal: string;
  balance: string;
  income_paid: string;
  penalty_rate: string;
  penalty: string;
  forfeited: string;
  refund: string;
  forfeit_income: boolean;
}

interface Page<T> {
  total: number;
  page: number;
  limit: number;
  list: T[];
}

export function useProducts() {
  return useQuery({
    queryKey: ['savings', 'products'],
    queryFn: ({ signal }) => api.get<Product[]>('/lh/deposit/config', {}, { signal, loading: false }),
  });
}

export function useProduct(id: number | null, token: string | null) {
  return useQuery({
    queryKey: ['savings', 'product', id, Boolean(token)],
    queryFn: ({ signal }) => api.get<ProductDetail>(`/lh/deposit/config/${id}`, {}, { signal, loading: false }),
    enabled: id !== null,
  });
}

export function useCentre(token: string | null) {
  return useQuery({
    queryKey: ['savings', 'centre', Boolean(token)],
    queryFn: ({ signal }) => api.get<Centre>('/mining', {}, { signal, loading: false }),
  });
}

function paged<T>(key: unknown[], fetch: (page: number, signal: AbortSignal) => Promise<Page<T>>, enabled: boolean) {
  return {
    queryKey: ['savings', ...key],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) => fetch(pageParam, signal),
    getNextPageParam: (last: Page<T>) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled,
  };
}

export function useOrders(status: Order['status'], enabled: boolean) {
  return useInfiniteQuery(
    paged<Order>(['orders', status], (page, signal) => api.get<Page<Order>>('/lh/deposit/order', { status, page, limit: SAVINGS_RECORD_PAGE_SIZE }, { signal, loading: false }), enabled),
  );
}

export function useIncomes(enabled: boolean) {
  return useInfiniteQuery(
    paged<Income>(['incomes'], (page, signal) => api.post<Page<Income>>('/Mining/exchangeList', { page, limit: SAVINGS_RECORD_PAGE_SIZE }, { signal, loading: false }), enabled),
  );
}

export interface ProfitCurrency {
  currency_id: number;
  currency: string;
  decimals: number;
  total: string;
  payments: number;
  yesterday: string;
  last_7_days: string;
  last_30_days: string;
  by_kind: Array<{ kind: Kind; total: string }>;
  penalties: string;
  forfeited: string;
  /** Prepaid machine-lease fees paid (never returned). */
  lease_fees: string;
  daily: Array<{ date: string; amount: string }>;
}

export function useProfit(token: string | null) {
  return useQuery({
    queryKey: ['savings', 'profit', Boolean(token)],
    queryFn: ({ signal }) => api.get<{ now: string; currencies: ProfitCurrency[] }>('/lh/deposit/profit', {}, { signal, loading: false }),
    enabled: Boolean(token),
  });
}

export function joinProduct(productId: number, amount: string, idempotencyKey: string) {
  return api.post<Order>('/lh/deposit', { config_id: productId, amount, idempotency_key: idempotencyKey });
}

export function fetchQuote(id: string) {
  return api.post<Quote>('/lh/deposit/order/quote', { id });
}

export function redeemEarly(id: string, expectedRefund: string) {
  return api.post<Order>('/lh/deposit/order/cancel', { id, expected_refund: expectedRefund });
}
