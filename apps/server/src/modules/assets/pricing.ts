/** Prices in USDT from stored ticks (market module), naming the tick used. */
import { Dec } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { latestTick, tickAt, usdtInstrumentId } from '../market';

export interface UsdtPrice {
  price: Dec;
  /** The stored tick the price came from; null for USDT itself (1 by definition). */
  tickId: string | null;
  stale: boolean;
}

/**
 * The USDT price of a currency at `at`. strict: only a fresh tick (STALE_MS rule) — for money
 * that moves (exchange); otherwise the latest tick even if stale, flagged — for display.
 * Null when there is no price (fiat, unlisted, or stale under strict).
 */
export async function usdtPrice(
  ctx: AppContext,
  currency: CurrencyRow,
  at: Date,
  strict: boolean,
): Promise<UsdtPrice | null> {
  if (currency.name === 'USDT') return { price: new Dec(1), tickId: null, stale: false };
  if (currency.is_fiat) return null;
  // The spot instrument quoting the currency in USDT (any USDT network), if listed.
  const inst = await usdtInstrumentId(ctx.db, currency.name);
  if (inst === null) return null;
  if (strict) {
    const t = await tickAt(ctx.db, inst, at);
    return t ? { price: new Dec(t.price), tickId: t.id, stale: false } : null;
  }
  const t = await latestTick(ctx.db, inst, at);
  return t ? { price: new Dec(t.price), tickId: t.id, stale: t.stale } : null;
}
