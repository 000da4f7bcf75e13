/**
 * Market data on the client: the quotation list (GET /currency/quotation_new), one market
 * (GET /currency/market_detail), klines (GET /currency/new_timeshar), favourites
 * (POST /optional/add|del) and a per-symbol live ticker store fed by the socket channel 'ticker'.
 * Rows subscribe to their own symbol only, so a tick re-renders one row, never the whole list.
 * Prices stay decimal strings; only the chart turns them into numbers to draw.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Kline, MarketGroup, MarketItem, TickerEntry } from '@bourse/contract';
import { api } from '../../../api/client';
import { useChannel } from '../../../api/socket';

export const PERIODS = ['1min', '5min', '15min', '30min', '1h', '1day', '1week', '1mon'] as const;
export type Period = (typeof PERIODS)[number];

export const quotationKey = ['market', 'quotation'] as const;

export function useQuotationList() {
  return useQuery({
    queryKey: quotationKey,
    queryFn: ({ signal }) => api.get<MarketGroup[]>('/currency/quotation_new', {}, { signal, loading: false, toast: false }),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

export function useMarketDetail(symbol: string) {
  return useQuery({
    queryKey: ['market', 'detail', symbol],
    queryFn: ({ signal }) =>
      api.get<MarketItem>('/currency/market_detail', { symbol }, { signal, loading: false, toast: false }),
    enabled: symbol !== '',
    staleTime: 15_000,
    retry: false,
  });
}

export function fetchKlines(symbol: string, period: Period, signal?: AbortSignal): Promise<Kline[]> {
  return api.get<Kline[]>('/currency/new_timeshar', { symbol, period, limit: 300 }, { signal, loading: false, toast: false });
}

/** Stars or unstars a market; the lists refetch afterwards. */
export function useFavouriteToggle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, on }: { symbol: string; on: boolean }) =>
      api.post<null>(on ? '/optional/add' : '/optional/del', { symbol }, { loading: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['market'] }),
  });
}

// ---- live ticker store -----------------------------------------------------------------------

const latest = new Map<string, TickerEntry>();
const listeners = new Map<string, Set<() => void>>();

export function pushTicker(payload: TickerEntry[] | TickerEntry): void {
  const list = Array.isArray(payload) ? payload : [payload];
  for (const t of list) {
    if (!t || typeof t.symbol !== 'string') continue;
    latest.set(t.symbol, t);
    listeners.get(t.symbol)?.forEach((fn) => fn());
  }
}

function subscribe(symbol: string, fn: () => void): () => void {
  const set = listeners.get(symbol) ?? new Set();
  set.add(fn);
  listeners.set(symbol, set);
  return () => {
    set.delete(fn);
    if (set.size === 0) listeners.delete(symbol);
  };
}

/** The newest live ticker entry of one symbol (undefined until the first tick arrives). */
export function useLiveTicker(symbol: string): TickerEntry | undefined {
  return useSyncExternalStore(
    (fn) => subscribe(symbol, fn),
    () => latest.get(symbol),
  );
}

/** Joins the 'ticker' channel while mounted and feeds the store. */
export function useTickerFeed(enabled = true): void {
  useChannel<TickerEntry[] | TickerEntry>(enabled ? 'ticker' : null, pushTicker);
}

/** Market fields with the live ticker applied. */
export function withLive(m: MarketItem, live: TickerEntry | undefined): MarketItem {
  if (!live) return m;
  return { ...m, last: live.last, change: live.change, high: live.high, low: live.low, volume: live.volume, quote_volume: live.quote_volume };
}
