/** Console API of the market domain: instruments and the price feed (`/api/admin/market/*`). */
import type { FeedStatus, InstrumentBody, InstrumentView } from '@bourse/contract';
import { apiGet, apiPost } from './client';

/** A new instrument or a change to one (the contract's body types). */
export type InstrumentInput = InstrumentBody;

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
