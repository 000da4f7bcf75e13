/** Savings calls (Savings/Mining and the newer pledge/machine calls): products, figures, join, records, early redemption. */
import {
  SAVINGS_KINDS,
  SAVINGS_RECORD_PAGE_SIZE,
  type SavingsCentre,
  type SavingsIncome,
  type SavingsIncomePage,
  type SavingsJoinResult,
  type SavingsKind,
  type SavingsOrderPage,
  type SavingsOrderView,
  type SavingsProductDetail,
  type SavingsProductView,
  type SavingsProfit,
  type SavingsRedeemQuote,
} from '@bourse/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type Kind = SavingsKind;
export const KINDS: readonly Kind[] = SAVINGS_KINDS;
export type Product = SavingsProductView;
export type Order = SavingsOrderView;

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
    queryFn: ({ signal }) => api.get<SavingsProductDetail>(`/lh/deposit/config/${id}`, {}, { signal, loading: false }),
    enabled: id !== null,
  });
}

export function useCentre(token: string | null) {
  return useQuery({
    queryKey: ['savings', 'centre', Boolean(token)],
    queryFn: ({ signal }) => api.get<SavingsCentre>('/mining', {}, { signal, loading: false }),
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
    paged<Order>(['orders', status], (page, signal) => api.get<SavingsOrderPage>('/lh/deposit/order', { status, page, limit: SAVINGS_RECORD_PAGE_SIZE }, { signal, loading: false }), enabled),
  );
}

export function useIncomes(enabled: boolean) {
  return useInfiniteQuery(
    paged<SavingsIncome>(['incomes'], (page, signal) => api.post<SavingsIncomePage>('/Mining/exchangeList', { page, limit: SAVINGS_RECORD_PAGE_SIZE }, { signal, loading: false }), enabled),
  );
}

export function useProfit(token: string | null) {
  return useQuery({
    queryKey: ['savings', 'profit', Boolean(token)],
    queryFn: ({ signal }) => api.get<SavingsProfit>('/lh/deposit/profit', {}, { signal, loading: false }),
    enabled: Boolean(token),
  });
}

export function joinProduct(productId: number, amount: string, idempotencyKey: string) {
  return api.post<SavingsJoinResult>('/lh/deposit', { config_id: productId, amount, idempotency_key: idempotencyKey });
}

export function fetchQuote(id: string) {
  return api.post<SavingsRedeemQuote>('/lh/deposit/order/quote', { id });
}

export function redeemEarly(id: string, expectedRefund: string) {
  return api.post<Order>('/lh/deposit/order/cancel', { id, expected_refund: expectedRefund });
}
