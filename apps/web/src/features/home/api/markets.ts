/**
 * Top markets (GET /api/currency/quotation_new, market-data contract) with live updates from the
 * socket channel 'ticker' (event 'ticker', payload [{symbol, last, change, ...}]).
 * Prices stay decimal strings end to end.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { useChannel } from '../../../api/socket';

export interface Market {
  instrument_id: number;
  symbol: string;
  base: string;
  quote: string;
  kind?: string;
  last: string;
  change: string;
  high?: string;
  low?: string;
  volume?: string;
  quote_volume?: string;
  price_precision?: number;
  amount_precision?: number;
  favourite?: boolean;
}

export interface MarketGroup {
  group: string;
  markets: Market[];
}

export interface Tick {
  symbol: string;
  last: string;
  change: string;
  high?: string;
  low?: string;
  volume?: string;
  quote_volume?: string;
  ts?: number;
}

export function useQuotation() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['quotation_new', i18n.language],
    queryFn: ({ signal }) =>
      api.get<MarketGroup[]>('/currency/quotation_new', {}, { signal, loading: false, toast: false }),
    staleTime: 30_000,
    retry: false,
  });
}

/** Every listed market in the server order (USDT group first), merged with live ticks. */
function useLiveMarkets() {
  const q = useQuotation();
  const [ticks, setTicks] = useState<Record<string, Tick>>({});
  useChannel<Tick[] | Tick>(q.isSuccess ? 'ticker' : null, (payload) => {
    const list = Array.isArray(payload) ? payload : [payload];
    setTicks((prev) => {
      const next = { ...prev };
      for (const t of list) if (t && typeof t.symbol === 'string') next[t.symbol] = t;
      return next;
    });
  });
  const groups = Array.isArray(q.data) ? q.data : [];
  const all = groups.flatMap((g) => (Array.isArray(g.markets) ? g.markets : []));
  const markets = all.map((m) => {
    const t = ticks[m.symbol];
    return t
      ? { ...m, last: t.last ?? m.last, change: t.change ?? m.change, live: true }
      : { ...m, live: false };
  });
  return { query: q, markets };
}

/** The first markets in the server order (USDT group first), merged with live ticks. */
export function useTopMarkets(count: number) {
  const { query, markets } = useLiveMarkets();
  return { query, markets: markets.slice(0, count) };
}

/**
 * The live price of each coin in USDT (its <coin>/USDT market), for values in the chosen fiat
 * (USDT taken 1:1 as USD, as the quotes do). USDT itself is worth 1.
 */
export function useUsdtPrices(): { query: ReturnType<typeof useQuotation>; prices: Map<string, string> } {
  const { query, markets } = useLiveMarkets();
  const prices = new Map<string, string>([['USDT', '1']]);
  for (const m of markets) if (m.quote === 'USDT' && !prices.has(m.base)) prices.set(m.base, m.last);
  return { query, prices };
}
