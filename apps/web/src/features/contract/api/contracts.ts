/**
 * Timed up/down contracts on the client: products (GET /microtrade/seconds), payable currencies
 * with the contract-account balance, placing (POST /microtrade/submit), lists by tab (page size 5),
 * one order (GET /microtrade/get_result), and the private settlement events.
 * Amounts and prices stay decimal strings.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  SOCKET_EVENTS,
  type ContractOrder,
  type ContractOrderDetail,
  type ContractOrderPage,
  type ContractPayableCurrency,
  type ContractProduct,
} from '@bourse/contract';
import { api } from '../../../api/client';
import { useUserEvent } from '../../../api/socket';
import { useToken } from '../../../api/session';

/** Tabs in their order, with the list status they ask for. */
export const ORDER_TABS = [
  { key: 'pending', status: 2 },
  { key: 'holding', status: 1 },
  { key: 'history', status: 3 },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]['key'];

export const PAGE_SIZE = 5;

export function useProducts() {
  return useQuery({
    queryKey: ['contract', 'products'],
    queryFn: ({ signal }) => api.get<ContractProduct[]>('/microtrade/seconds', {}, { signal, loading: false, toast: false }),
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

export function usePayable(matchId: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['contract', 'payable', matchId, Boolean(token)],
    queryFn: ({ signal }) =>
      api.get<ContractPayableCurrency[]>('/microtrade/payable_currencies', { match_id: matchId ?? undefined }, { signal, loading: false, toast: false }),
    enabled: matchId !== null,
    staleTime: 5_000,
  });
}

export function useSubmitOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { match_id: number; currency_id: number; type: number; seconds: number; number: string; client_key: string }) =>
      api.post<ContractOrderDetail>('/microtrade/submit', p),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['contract'] }),
  });
}

export function useOrders(status: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['contract', 'orders', status],
    queryFn: ({ pageParam, signal }) =>
      api.get<ContractOrderPage>('/microtrade/lists', { status, page: pageParam, limit: PAGE_SIZE }, { signal, loading: false, toast: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}

export function useOrder(id: string | null, poll = false) {
  return useQuery({
    queryKey: ['contract', 'order', id],
    queryFn: ({ signal }) => api.get<ContractOrderDetail>('/microtrade/get_result', { id: id ?? '' }, { signal, loading: false, toast: false }),
    enabled: id !== null && id !== '',
    refetchInterval: (q) => (poll && q.state.data && !q.state.data.settled ? 1000 : false),
  });
}

/**
 * Settlement events of the signed-in user, on the shared socket's private channel. Pages also
 * poll an awaited order once it has expired, so a missed event never leaves a result hidden.
 */
export function useSettledOrders(onSettled: (orders: ContractOrder[]) => void): void {
  useUserEvent<{ kind?: string; orders?: ContractOrder[] }>(SOCKET_EVENTS.contract, (msg) => {
    if (msg?.kind === 'contract_settled' && Array.isArray(msg.orders)) onSettled(msg.orders);
  });
}

/**
 * Puts settled orders where the pages read them: in place in every cached order list (a Holding
 * card turns into its result at once) and as the order's own entry; the lists are marked stale
 * (not refetched now), so a tab opened next loads them fresh — the order under Historical.
 */
export function applySettled(qc: QueryClient, orders: ContractOrder[]): void {
  if (orders.length === 0) return;
  const byId = new Map(orders.map((o) => [o.id, o]));
  qc.setQueriesData<InfiniteData<ContractOrderPage>>({ queryKey: ['contract', 'orders'] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, list: p.list.map((o) => byId.get(o.id) ?? o) })) } : data,
  );
  for (const o of orders) qc.setQueryData(['contract', 'order', o.id], o);
  void qc.invalidateQueries({ queryKey: ['contract', 'orders'], refetchType: 'none' });
  // Balances changed (payout or refund).
  void qc.invalidateQueries({ queryKey: ['contract', 'payable'] });
}

/** Milliseconds between the server clock and this device (server − local), from an order's server_time. */
export function clockSkew(serverTime: string | undefined, receivedAt: number): number {
  return serverTime ? new Date(serverTime).getTime() - receivedAt : 0;
}
