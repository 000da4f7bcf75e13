/**
 * Spot trading on the client: markets and their parameters (GET /coin/markets), the order book
 * (GET /coin/depth, then live on `depth:<symbol>`), recent trades (GET /coin/trades, then live on
 * `trades:<symbol>`), the user's balances and orders (GET /coin/balance, /coin/list) and the
 * order calls (POST /coin/trade, /coin/cancelTrade). Amounts and prices stay decimal strings.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  PAGE_SIZE_DEFAULT,
  SOCKET_EVENTS,
  channels,
  type SpotBalance,
  type SpotDepth,
  type SpotMarketInfo,
  type SpotOrder,
  type SpotOrderFills,
  type SpotOrderPage,
  type SpotTrade,
  type SpotTradeBody,
} from '@bourse/contract';
import { api } from '../../api/client';
import { useChannel, useUserEvent } from '../../api/socket';

export function useSpotMarkets() {
  return useQuery({
    queryKey: ['spot', 'markets'],
    queryFn: ({ signal }) => api.get<SpotMarketInfo[]>('/coin/markets', {}, { signal, loading: false, toast: false }),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
}

/** The book: one read, then every `depth` message replaces it (the server sends ≤ 10 per second). */
export function useDepth(symbol: string) {
  const [live, setLive] = useState<SpotDepth | null>(null);
  const q = useQuery({
    queryKey: ['spot', 'depth', symbol],
    queryFn: ({ signal }) => api.get<SpotDepth>('/coin/depth', { symbol, limit: 20 }, { signal, loading: false, toast: false }),
    enabled: symbol !== '',
    staleTime: 2_000,
  });
  useChannel<SpotDepth>(symbol ? channels.depth(symbol) : null, (d) => {
    if (d.symbol === symbol) setLive(d);
  });
  const data = live?.symbol === symbol ? live : q.data;
  return { ...q, data };
}

/** Recent trades: one read, then live ones prepended; `onTrade` hears about new ones. */
export function useTrades(symbol: string, onTrade?: () => void) {
  const [live, setLive] = useState<{ symbol: string; list: SpotTrade[] }>({ symbol, list: [] });
  const notify = useRef(onTrade);
  notify.current = onTrade;
  const q = useQuery({
    queryKey: ['spot', 'trades', symbol],
    queryFn: ({ signal }) => api.get<SpotTrade[]>('/coin/trades', { symbol, limit: 30 }, { signal, loading: false, toast: false }),
    enabled: symbol !== '',
    staleTime: 5_000,
  });
  useChannel<{ symbol: string; trades: SpotTrade[] }>(symbol ? channels.trades(symbol) : null, (m) => {
    if (m.symbol !== symbol) return;
    setLive((prev) => ({ symbol, list: [...[...m.trades].reverse(), ...(prev.symbol === symbol ? prev.list : [])].slice(0, 30) }));
    notify.current?.();
  });
  const seen = new Set<string>();
  const merged = [...(live.symbol === symbol ? live.list : []), ...(q.data ?? [])].filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true))).slice(0, 30);
  return { ...q, data: q.data ? merged : undefined };
}

export function useSpotBalance(symbol: string, enabled: boolean) {
  return useQuery({
    queryKey: ['spot', 'balance', symbol],
    queryFn: ({ signal }) => api.get<SpotBalance>('/coin/balance', { symbol }, { signal, loading: false, toast: false }),
    enabled: enabled && symbol !== '',
    staleTime: 5_000,
  });
}

export function useOrders(status: 'pending' | 'history', symbol: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['spot', 'orders', status, symbol],
    queryFn: ({ pageParam, signal }) =>
      api.get<SpotOrderPage>('/coin/list', { status, symbol, page: pageParam, limit: PAGE_SIZE_DEFAULT }, { signal, loading: false, toast: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}

/** One order's fills (GET /coin/order), loaded when the user opens them. */
export function useOrderFills(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['spot', 'fills', id],
    queryFn: ({ signal }) => api.get<SpotOrderFills>('/coin/order', { id }, { signal, loading: false, toast: false }),
    enabled,
    staleTime: 10_000,
  });
}

/**
 * Private order updates (`spot_order` on the user channel): the user's orders and balances are
 * refreshed (coalesced to one refresh per 300 ms), and `onFilled` hears about each resting order
 * that was open in the list and has now been filled by someone else's order.
 */
export function useSpotOrderUpdates(enabled: boolean, onFilled: (o: SpotOrder) => void) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useUserEvent<SpotOrder[]>(SOCKET_EVENTS.spotOrder, (orders) => {
    if (!enabled || !Array.isArray(orders)) return;
    const open = new Set(
      qc
        .getQueriesData<{ pages: SpotOrderPage[] }>({ queryKey: ['spot', 'orders', 'pending'] })
        .flatMap(([, d]) => d?.pages.flatMap((p) => p.list.map((o) => o.id)) ?? []),
    );
    for (const o of orders) if (o.status === 'filled' && open.has(o.id)) onFilled(o);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: ['spot', 'orders'] });
      void qc.invalidateQueries({ queryKey: ['spot', 'balance'] });
    }, 300);
  });
}

/** An order as the app places it (the contract's body type: by symbol, with type and time in force). */
export type PlaceParams = SpotTradeBody;

function useRefreshMine() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['spot', 'orders'] });
    void qc.invalidateQueries({ queryKey: ['spot', 'balance'] });
  };
}

export function usePlaceOrder() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (p: PlaceParams) => api.post<SpotOrder>('/coin/trade', { ...p }),
    onSettled: refresh,
  });
}

export function useCancelOrder() {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (id: string) => api.post<SpotOrder>('/coin/cancelTrade', { id }),
    onSettled: refresh,
  });
}

/** After trades in the market, the user's orders and balances may have changed: refresh, at most every 2 s. */
export function useThrottledRefresh() {
  const qc = useQueryClient();
  const last = useRef(0);
  return () => {
    const now = performance.now();
    if (now - last.current < 2000) return;
    last.current = now;
    void qc.invalidateQueries({ queryKey: ['spot', 'orders', 'pending'] });
    void qc.invalidateQueries({ queryKey: ['spot', 'balance'] });
  };
}
