/** Console API of the market domain: instruments and the price feed (`/api/admin/market/*`). */
import { apiGet, apiPost } from './client';

export const INSTRUMENT_KINDS = ['spot', 'contract', 'lever', 'forex'] as const;
export const FEED_SOURCES = ['simulated', 'ccxt'] as const;

export interface InstrumentRow {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  base_currency_id: number;
  quote_currency_id: number;
  kind: (typeof INSTRUMENT_KINDS)[number];
  price_precision: number;
  amount_precision: number;
  status: number;
  sort: number;
  source: (typeof FEED_SOURCES)[number];
  source_symbol: string | null;
  sim_price: string;
  sim_volatility: string;
  sim_volume: string;
  created_at: string;
}

export interface InstrumentInput {
  base_currency_id?: number;
  quote_currency_id?: number;
  kind?: string;
  price_precision?: number;
  amount_precision?: number;
  sort?: number;
  source?: string;
  source_symbol?: string;
  sim_price?: string;
  sim_volatility?: string;
  sim_volume?: string;
  status?: number;
}

export interface FeedMarket {
  instrument_id: number;
  symbol: string;
  source: string;
  status: number;
  last_price: string | null;
  last_tick_at: string | null;
  age_ms: number | null;
  stale: boolean;
}

export interface FeedStatus {
  mode: string;
  running: boolean;
  /** single: the only process (PGlite); leader / standby: several processes share one database. */
  role: 'single' | 'leader' | 'standby';
  tick_retention_days: number;
  last_prune: { at: string; deleted: number; cutoff: string } | null;
  tick_ms: number;
  seed: number;
  backfill_days: number;
  stale_ms: number;
  steps: number;
  last_error: string | null;
  ccxt: { exchange: string; symbols: string[]; polls: number; last_poll_at: string | null; last_error: string | null };
  markets: FeedMarket[];
}

export const marketApi = {
  instruments: () => apiGet<InstrumentRow[]>('/admin/market/instruments'),
  createInstrument: (body: InstrumentInput) => apiPost<InstrumentRow>('/admin/market/instruments', { ...body }),
  updateInstrument: (id: number, patch: InstrumentInput) => apiPost<InstrumentRow>(`/admin/market/instruments/${id}`, { ...patch }),
  feed: () => apiGet<FeedStatus>('/admin/market/feed'),
};

export const marketKeys = {
  instruments: ['admin', 'market', 'instruments'] as const,
  feed: ['admin', 'market', 'feed'] as const,
};
