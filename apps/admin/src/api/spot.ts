/** Console API of spot trading (`/api/admin/spot/*`): market parameters and fees, orders, trades, the demo bot. */
import type { SpotAdminMarket, SpotAdminOrderPage, SpotAdminTrade, SpotBotStatus, SpotMarketParams, SpotOrder, SpotAdminMarketBody } from '@bourse/contract';
import { apiGet, apiPost } from './client';

export type SpotMarketPatch = SpotAdminMarketBody;

export const spotKeys = {
  markets: ['admin', 'spot', 'markets'] as const,
  orders: (status: string, symbol: string | undefined, page: number, userId?: number) => ['admin', 'spot', 'orders', status, symbol, page, userId] as const,
  trades: (symbol: string | undefined) => ['admin', 'spot', 'trades', symbol] as const,
  bot: ['admin', 'spot', 'bot'] as const,
};

export const spotApi = {
  markets: () => apiGet<SpotAdminMarket[]>('/admin/spot/markets'),
  updateMarket: (id: number, patch: SpotMarketPatch) => apiPost<SpotMarketParams>(`/admin/spot/markets/${id}`, { ...patch }),
  orders: (status: string, symbol: string | undefined, page: number, userId?: number) =>
    apiGet<SpotAdminOrderPage>('/admin/spot/orders', { status, symbol, page, limit: 20, user_id: userId }),
  cancel: (id: string) => apiPost<SpotOrder>(`/admin/spot/orders/${id}/cancel`, {}),
  trades: (symbol: string | undefined) => apiGet<SpotAdminTrade[]>('/admin/spot/trades', { symbol, limit: 100 }),
  bot: () => apiGet<SpotBotStatus>('/admin/spot/bot'),
};
