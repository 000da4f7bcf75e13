/** Console API of the market domain: instruments and the price feed (`/api/admin/market/*`). */
import type { FeedStatus, InstrumentView } from '@bourse/contract';
import { apiGet, apiPost } from './client';

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

export const marketApi = {
  instruments: () => apiGet<InstrumentView[]>('/admin/market/instruments'),
  createInstrument: (body: InstrumentInput) => apiPost<InstrumentView>('/admin/market/instruments', { ...body }),
  updateInstrument: (id: number, patch: InstrumentInput) => apiPost<InstrumentView>(`/admin/market/instruments/${id}`, { ...patch }),
  feed: () => apiGet<FeedStatus>('/admin/market/feed'),
};

export const marketKeys = {
  instruments: ['admin', 'market', 'instruments'] as const,
  feed: ['admin', 'market', 'feed'] as const,
};
