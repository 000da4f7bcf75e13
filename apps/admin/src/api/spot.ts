/** Console API of spot trading (`/api/admin/spot/*`): market parameters and fees, orders, trades, the demo bot. */
import { apiGet, apiPost } from './client';

export interface BotConfig {
  enabled: boolean;
  spread: string;
  step: string;
  levels: number;
  levelNotional: string;
}

export interface SpotMarketRow {
  instrument_id: number;
  symbol: string;
  base: string;
  quote: string;
  price_precision: number;
  amount_precision: number;
  /** Smallest price step and amount (the instrument's precisions, edited on the Markets page). */
  tick: string;
  min_amount: string;
  maker_fee: string;
  taker_fee: string;
  min_notional: string;
  price_band: string;
  trading: boolean;
  listed: boolean;
  trading_switch: boolean;
  bot: BotConfig;
  engine: {
    resting_orders: number;
    best_bid: number | null;
    best_ask: number | null;
    queued: number;
    groups: number;
    commands: number;
    fills: number;
    rebuilds: number;
    maxGroup: number;
  } | null;
}

export interface SpotMarketPatch {
  trading?: boolean;
  maker_fee?: string;
  taker_fee?: string;
  min_notional?: string;
  price_band?: string;
  bot_enabled?: boolean;
  bot_spread?: string;
  bot_step?: string;
  bot_levels?: number;
  bot_level_notional?: string;
}

/** A user as the console lists them next to orders and trades. */
export interface UserLabel {
  label: string;
  demo: boolean;
}

export interface SpotOrderRow {
  id: string;
  symbol: string;
  user_id?: number;
  user?: UserLabel | null;
  side: 'buy' | 'sell';
  order_type: string;
  time_in_force: string;
  price: string | null;
  amount: string;
  filled: string;
  avg_price: string | null;
  fee: string;
  fee_currency: string;
  status: string;
  cancel_reason: string | null;
  created_at: string;
}

export interface SpotTradeRow {
  id: string;
  symbol: string;
  price: string;
  amount: string;
  quote_amount: string;
  taker_side: string;
  maker_user_id: number;
  taker_user_id: number;
  maker_user: UserLabel | null;
  taker_user: UserLabel | null;
  buyer_fee: string;
  seller_fee: string;
  entry_id: string;
  at: string;
}

export interface BotStatus {
  running: boolean;
  demo_data: boolean;
  markets: Array<{
    instrument_id: number;
    symbol: string;
    config: BotConfig;
    status: {
      enabled: boolean;
      lastCycleAt: string | null;
      lastError: string | null;
      orders: number;
      placed: number;
      cancelled: number;
      takerOrders: number;
      grid: string | null;
    } | null;
  }>;
}

export const spotKeys = {
  markets: ['admin', 'spot', 'markets'] as const,
  orders: (status: string, symbol: string | undefined, page: number, userId?: number) => ['admin', 'spot', 'orders', status, symbol, page, userId] as const,
  trades: (symbol: string | undefined) => ['admin', 'spot', 'trades', symbol] as const,
  bot: ['admin', 'spot', 'bot'] as const,
};

export const spotApi = {
  markets: () => apiGet<SpotMarketRow[]>('/admin/spot/markets'),
  updateMarket: (id: number, patch: SpotMarketPatch) => apiPost<unknown>(`/admin/spot/markets/${id}`, { ...patch }),
  orders: (status: string, symbol: string | undefined, page: number, userId?: number) =>
    apiGet<{ list: SpotOrderRow[]; total: number; page: number; limit: number }>('/admin/spot/orders', { status, symbol, page, limit: 20, user_id: userId }),
  cancel: (id: string) => apiPost<SpotOrderRow>(`/admin/spot/orders/${id}/cancel`, {}),
  trades: (symbol: string | undefined) => apiGet<SpotTradeRow[]>('/admin/spot/trades', { symbol, limit: 100 }),
  bot: () => apiGet<BotStatus>('/admin/spot/bot'),
};
