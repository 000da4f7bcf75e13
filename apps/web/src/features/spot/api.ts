/**
 * Spot trading on the client: markets and their parameters (GET /coin/markets), the order book
 * (GET /coin/depth, then live on `depth:<symbol>`), recent trades (GET /coin/trades, then live on
 * `trades:<symbol>`), the user's balances and orders (GET /coin/balance, /coin/list) and the
 * order calls (POST /coin/trade, /coin/cancelTrade). Amounts and prices stay decimal strings.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { PAGE_SIZE_DEFAULT, SOCKET_EVENTS, channels } from '@bourse/contract';
import { api } from '../../api/client';
import { useChannel, useUserEvent } from '../../api/socket';

export interface SpotMarketInfo {
  instrument_id: number;
  symbol: string;
  base: string;
  quote: string;
  currency_id: number;
  legal_id: number;
  price_precision: number;
  amount_precision: number;
  min_amount: string;
  tick: string;
  maker_fee: string;
  taker_fee: string;
  min_notional: string;
  price_band: string;
  trading: boolean;
  last: string | null;
  index: string | null;
  /** The labelled demo market-making bot quotes this market. */
  demo_bot?: boolean;
}

export interface Depth {
  symbol: string;
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

export interface SpotTrade {
  id: string;
  price: string;
  amount: string;
  side: 'buy' | 'sell';
  at: string;
}

export interface SpotOrder {
  id: string;
  symbol: string;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  time_in_force: 'gtc' | 'ioc' | 'post_only';
  price: string | null;
  amount: string;
  filled: string;
  remaining: string;
  quote_filled: string;
  avg_price: string | null;
  fee: string;
  fee_currency: string;
  status: 'open' | 'filled' | 'cancelled';
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface SpotFill {
  id: string;
  price: string;
  amount: string;
  quote_amount: string;
  role: 'maker' | 'taker';
  fee: string;
  fee_currency: string;
  at: string;
}

export interface SpotBalance {
  symbol: string;
  base: { currency: string; available: string; frozen: string };
  quote: { currency: string; available: string; frozen: string };
}

export interface OrderPage {
  list: SpotOrder[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

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
  const [live, setLive] = useState<Depth | null>(null);
  const q = useQuery({
    queryKey: ['spot', 'depth', symbol],
    queryFn: ({ signal }) => api.get<Depth>('/coin/depth', { symbol, limit: 20 }, { signal, loading: false, toast: false }),
    enabled: symbol !== '',
    staleTime: 2_000,
  });
  useChannel<Depth>(symbol ? channels.depth(symbol) : null, (d) => {
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
      api.get<OrderPage>('/coin/list', { status, symbol, page: pageParam, limit: PAGE_SIZE_DEFAULT }, { signal, loading: false, toast: false }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}

/** One order's fills (GET /coin/order), loaded when the user opens them. */
export function useOrderFills(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['spot', 'fills', id],
    queryFn: ({ signal }) => api.get<{ order: SpotOrder; fills: SpotFill[] }>('/coin/order', { id }, { signal, loading: false, toast: false }),
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
        .getQueriesData<{ pages: OrderPage[] }>({ queryKey: ['spot', 'orders', 'pending'] })
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

export interface PlaceParams {
  symbol: string;
  type: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  time_in_force: 'gtc' | 'ioc' | 'post_only';
  target_price?: string;
  amount: string;
  client_order_id: string;
}

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
