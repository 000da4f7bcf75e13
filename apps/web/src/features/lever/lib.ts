/**
 * Pure helpers of the leverage screens: live figures of an open position from a pushed price
 * (the formulas of @bourse/money that the server uses, rounded as the server rounds them), the
 * freshness of a pushed price, the market groups, what a TP/SL edit sends, and display helpers.
 * Exact decimals throughout; nothing here is sent as money.
 */
import type { LeverMarket, LeverPosition, TickerEntry } from '@bourse/contract';
import { Dec, liveFigures, marginTiers, type PositionTerms } from '@bourse/money';

/** A price older than this is stale: nothing is figured on it (the server's rule for ticks). */
export const PRICE_MAX_AGE_MS = 10_000;

type Terms = Pick<LeverPosition, 'settlement' | 'side' | 'qty' | 'entry_price' | 'margin' | 'tiers'>;

export function positionTerms(p: Terms): PositionTerms {
  return {
    kind: p.settlement,
    s: p.side === 'long' ? 1 : -1,
    qty: new Dec(p.qty),
    entry: new Dec(p.entry_price),
    margin: new Dec(p.margin),
    tiers: marginTiers(p.tiers),
  };
}

export interface LiveFigures {
  upnl: string;
  /** Fractions (0.1234 = 12.34 %). */
  roe: string;
  maintenance_margin: string;
  margin_ratio: string | null;
}

/**
 * UPnL, ROE, maintenance margin and margin ratio (MM ÷ MB) of an open position at `price`,
 * rounded as the server's position view rounds them: UPnL down and MM up to the currency's
 * places, ROE down and the margin ratio up to 4 places of the fraction.
 */
export function livePositionFigures(
  p: Terms & Pick<LeverPosition, 'decimals'>,
  price: string,
): LiveFigures | null {
  let at: Dec;
  try {
    at = new Dec(price);
  } catch {
    return null;
  }
  if (!at.isFinite() || at.lte(0)) return null;
  const f = liveFigures(positionTerms(p), at);
  return {
    upnl: f.upnl.toDecimalPlaces(p.decimals, Dec.ROUND_FLOOR).toFixed(),
    roe: f.roe.toDecimalPlaces(4, Dec.ROUND_FLOOR).toFixed(),
    maintenance_margin: f.mm.toDecimalPlaces(p.decimals, Dec.ROUND_CEIL).toFixed(),
    margin_ratio: f.marginRatio === null ? null : f.marginRatio.toDecimalPlaces(4, Dec.ROUND_CEIL).toFixed(),
  };
}

/**
 * The pushed price of a market if it is fresh: pushed at most PRICE_MAX_AGE_MS before `nowMs`
 * on the server's clock (`skewMs` = server − device).
 */
export function freshPushedPrice(
  live: Pick<TickerEntry, 'last' | 'ts'> | undefined,
  nowMs: number,
  skewMs: number,
): string | null {
  if (!live || !live.last) return null;
  const age = nowMs + skewMs - live.ts;
  return age <= PRICE_MAX_AGE_MS ? live.last : null;
}

/** Markets by group in the picker's order: crypto, then FX and metals. */
export function groupMarkets(
  markets: readonly LeverMarket[],
): Array<{ group: LeverMarket['group']; markets: LeverMarket[] }> {
  const groups = (['crypto', 'forex'] as const).map((group) => ({
    group,
    markets: markets.filter((m) => m.group === group),
  }));
  return groups.filter((g) => g.markets.length > 0);
}

/** A market by "BTC/USDT", "BTC_USDT" or "btc-usdt" in the URL, else the first. */
export function pickMarket(markets: readonly LeverMarket[], wanted: string | null): LeverMarket | undefined {
  const symbol = (wanted ?? '').toUpperCase().replace(/[_-]/g, '/');
  return markets.find((m) => m.symbol === symbol) ?? markets[0];
}

/**
 * What a TP/SL edit sends: only the prices that changed ('' clears one, absent keeps it), so a
 * price left as it was is not checked again against the current price. Null: nothing changed.
 */
export function stopChanges(
  current: Pick<LeverPosition, 'target_profit_price' | 'stop_loss_price'>,
  tp: string,
  sl: string,
): { target_profit_price?: string; stop_loss_price?: string } | null {
  const same = (now: string | null, typed: string) => {
    const t = typed.trim();
    if (now === null) return t === '';
    try {
      return t !== '' && new Dec(t).eq(new Dec(now));
    } catch {
      return false;
    }
  };
  const out: { target_profit_price?: string; stop_loss_price?: string } = {};
  if (!same(current.target_profit_price, tp)) out.target_profit_price = tp.trim();
  if (!same(current.stop_loss_price, sl)) out.stop_loss_price = sl.trim();
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Whether `price` has reached the position's liquidation, take-profit or stop-loss price: the
 * server's sweeper closes it, and the list should be read again. Long: liquidation and stop at or
 * below, take-profit at or above; short the other way round.
 */
export function triggerReached(
  p: Pick<LeverPosition, 'side' | 'liq_price' | 'target_profit_price' | 'stop_loss_price'>,
  price: string | null,
): boolean {
  if (!price) return false;
  const at = new Dec(price);
  const long = p.side === 'long';
  const below = (v: string | null) => v !== null && at.lte(v);
  const above = (v: string | null) => v !== null && at.gte(v);
  return long
    ? below(p.liq_price) || below(p.stop_loss_price) || above(p.target_profit_price)
    : above(p.liq_price) || above(p.stop_loss_price) || below(p.target_profit_price);
}

/** A fraction as a percentage with two places: "0.1234" → "12.34%"; `signed` adds "+" above zero. */
export function fractionPercent(value: string | null | undefined, signed = false): string {
  if (value === null || value === undefined || value === '') return '--';
  try {
    const d = new Dec(value).mul(100);
    const text = d.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
    return `${signed && d.gt(0) ? '+' : ''}${text}%`;
  } catch {
    return '--';
  }
}

/** 'up' above zero, 'down' below, 'flat' otherwise (colour of a P&L). */
export function signClass(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value) return 'flat';
  try {
    const d = new Dec(value);
    return d.gt(0) ? 'up' : d.lt(0) ? 'down' : 'flat';
  } catch {
    return 'flat';
  }
}

/** A signed amount for display: "+12.5", "-3", "0" (the text as the server sent it, with a sign). */
export function signed(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  return signClass(value) === 'up' ? `+${value}` : value;
}

/** A new idempotency key for one confirmation (the server keeps the first open per key). */
export function newClientKey(): string {
  const a = new Uint8Array(12);
  crypto.getRandomValues(a);
  return `lv${Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Local date and time "YYYY-MM-DD HH:mm:ss" of an ISO instant ('--' for none). */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '--';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '--';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * A margin-ratio level for colour: safe below 50 %, warning below 80 %, danger from 80 %. Null
 * (the margin balance is used up: MB ≤ 0) is danger.
 */
export function ratioLevel(ratio: string | null): 'safe' | 'warn' | 'danger' {
  if (ratio === null) return 'danger';
  const r = new Dec(ratio);
  return r.gte('0.8') ? 'danger' : r.gte('0.5') ? 'warn' : 'safe';
}
