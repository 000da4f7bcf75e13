/** Wire shapes of spot orders and trades: amounts as decimal strings. */
import type { SpotOrder } from '@bourse/contract';
import { formatUnits } from '@bourse/money';
import { lotUnits, lotsText, type SpotMarket } from './market';
import type { OrderState } from './types';

/** Average fill price: Σ ticks × lots / lots, in quote, rounded half up to 4 places beyond the tick. */
export function avgPrice(m: SpotMarket, notional: bigint, filledLots: number): string | null {
  if (filledLots === 0) return null;
  const lots = BigInt(filledLots);
  // notional / lots ticks = notional × 10^4 / lots units of 10^-(price precision + 4); half up.
  const units = (notional * 20_000n + lots) / (2n * lots);
  return formatUnits(units, m.pricePrecision + 4);
}

export function orderView(m: SpotMarket, o: OrderState): SpotOrder {
  const lot = lotUnits(m);
  return {
    id: String(o.id),
    symbol: m.symbol,
    currency_id: m.baseCurrencyId,
    legal_id: m.quoteCurrencyId,
    side: o.side,
    order_type: o.type,
    time_in_force: o.tif,
    price: o.price,
    amount: lotsText(m, o.amountLots),
    filled: lotsText(m, o.filledLots),
    remaining: lotsText(m, o.amountLots - o.filledLots),
    quote_filled: formatUnits(o.quoteFilled, m.quoteDecimals),
    avg_price: avgPrice(m, o.notional, o.filledLots),
    fee: formatUnits(o.fee, o.side === 'buy' ? m.baseDecimals : m.quoteDecimals),
    fee_currency: o.side === 'buy' ? m.base : m.quote,
    frozen: formatUnits(o.frozen - o.used - o.released, o.side === 'buy' ? m.quoteDecimals : m.baseDecimals),
    status: o.status,
    cancel_reason: o.cancelReason,
    client_order_id: o.clientOrderId,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    // Base units of what was bought/sold, for clients that compute in units.
    filled_units: (BigInt(o.filledLots) * lot).toString(),
  };
}

/** The contract's spot order (packages/contract/src/api/spot.ts). */
export type OrderView = SpotOrder;
