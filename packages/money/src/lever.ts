/**
 * Formulas of isolated-margin leveraged positions (docs/product/lever.md), shared by the server
 * (which moves money with them) and the app (which shows live figures with the same code).
 * Exact decimals throughout; rounding happens only where a figure becomes money or a price, in the
 * stated direction.
 *
 * s = +1 long, −1 short; Q quantity (base); P₀ entry price; WB the position's margin.
 * - linear: notional N = Q·P, UPnL = s·Q·(P − P₀)
 * - quote_inverse (USD/JPY: base USD): N = Q, UPnL = s·Q·(P − P₀)/P
 * Maintenance margin MM = N·mmr − cum with the tier of N; margin balance MB = WB + UPnL.
 * A position is liquidated when MB ≤ MM. MB − MM rises with the price for a long and falls for a
 * short (every tier's mmr is below 1), so there is one liquidation price LP: long P ≤ LP, short P ≥ LP.
 */
import { Dec } from './decimal';

export type LeverSettlementKind = 'linear' | 'quote_inverse';

/** A maintenance tier: notional up to `max` (null: unbounded), rate `mmr`, and its `cum` amount. */
export interface MarginTier {
  max: Dec | null;
  mmr: Dec;
  cum: Dec;
}

/** Tiers from bounds and rates (ascending bounds, last unbounded); cum makes MM continuous in N. */
export function marginTiers(rows: ReadonlyArray<{ max_notional: string | null; mmr: string }>): MarginTier[] {
  const out: MarginTier[] = [];
  for (const r of rows) {
    const prev = out[out.length - 1];
    const mmr = new Dec(r.mmr);
    const cum = prev ? prev.cum.add(prev.max!.mul(mmr.sub(prev.mmr))) : new Dec(0);
    out.push({ max: r.max_notional === null ? null : new Dec(r.max_notional), mmr, cum });
  }
  return out;
}

export function tierOf(tiers: MarginTier[], notional: Dec): MarginTier {
  for (const t of tiers) if (t.max === null || notional.lte(t.max)) return t;
  return tiers[tiers.length - 1]!;
}

export interface PositionTerms {
  kind: LeverSettlementKind;
  /** +1 long, −1 short. */
  s: 1 | -1;
  qty: Dec;
  entry: Dec;
  /** The position's margin (isolated wallet balance). */
  margin: Dec;
  tiers: MarginTier[];
}

export function notional(kind: LeverSettlementKind, qty: Dec, price: Dec): Dec {
  return kind === 'linear' ? qty.mul(price) : qty;
}

export function upnl(p: PositionTerms, price: Dec): Dec {
  const move = price.sub(p.entry).mul(p.qty).mul(p.s);
  return p.kind === 'linear' ? move : move.div(price);
}

export function maintenanceMargin(p: PositionTerms, price: Dec): Dec {
  const n = notional(p.kind, p.qty, price);
  const t = tierOf(p.tiers, n);
  return n.mul(t.mmr).sub(t.cum);
}

export function marginBalance(p: PositionTerms, price: Dec): Dec {
  return p.margin.add(upnl(p, price));
}

/** MB ≤ MM: the position is liquidated at this price. */
export function isLiquidatable(p: PositionTerms, price: Dec): boolean {
  return marginBalance(p, price).lte(maintenanceMargin(p, price));
}

/** The exact price where MB = MM with tier `t`, or null when there is none above zero. */
function liquidationAt(p: PositionTerms, t: MarginTier): Dec | null {
  const { qty: q, entry: p0, margin: wb } = p;
  let lp: Dec;
  if (p.kind === 'linear') {
    // MB = MM: WB + s·Q·(P − P₀) = Q·P·mmr − cum  →  P = (s·Q·P₀ − WB − cum) / (Q·(s − mmr))
    const den = q.mul(new Dec(p.s).sub(t.mmr));
    lp = q.mul(p0).mul(p.s).sub(wb).sub(t.cum).div(den);
  } else {
    // WB + s·Q·(1 − P₀/P) = Q·mmr − cum  →  P = s·Q·P₀ / (s·Q − Q·mmr + cum + WB)
    const den = q.mul(p.s).sub(q.mul(t.mmr)).add(t.cum).add(wb);
    if (den.isZero()) return null;
    lp = q.mul(p0).mul(p.s).div(den);
  }
  return lp.gt(0) ? lp : null;
}

/**
 * The liquidation price, exact (not rounded): computed with the tier of the notional at the
 * result, re-solved while that tier differs. Null: no positive price liquidates the position.
 */
export function liquidationPrice(p: PositionTerms): Dec | null {
  let t = tierOf(p.tiers, notional(p.kind, p.qty, p.entry));
  for (let i = 0; i <= p.tiers.length; i++) {
    const lp = liquidationAt(p, t);
    if (lp === null) return null;
    const at = tierOf(p.tiers, notional(p.kind, p.qty, lp));
    if (at === t) return lp;
    t = at;
  }
  // Tiers alternate at a boundary: MM is continuous there, so the last solution is the crossing.
  return liquidationAt(p, t);
}

/**
 * The liquidation price on the market's price grid, so that "price ≤ LP" (long) or "price ≥ LP"
 * (short) holds exactly when MB ≤ MM: a long's is rounded down, a short's up.
 */
export function liquidationPriceOnGrid(p: PositionTerms, pricePlaces: number): Dec | null {
  const lp = liquidationPrice(p);
  if (lp === null) return null;
  const r = lp.toDecimalPlaces(pricePlaces, p.s === 1 ? Dec.ROUND_FLOOR : Dec.ROUND_CEIL);
  return r.gt(0) ? r : null;
}

/** The price where the margin is exactly used up (MB = 0); null when none above zero. */
export function bankruptcyPrice(p: PositionTerms): Dec | null {
  const { qty: q, entry: p0, margin: wb } = p;
  let bp: Dec;
  if (p.kind === 'linear') bp = p0.sub(wb.div(q).mul(p.s));
  else {
    const den = q.add(wb.mul(p.s));
    if (den.lte(0)) return null;
    bp = q.mul(p0).div(den);
  }
  return bp.gt(0) ? bp : null;
}

/** Live figures of an open position at `price`: UPnL, ROE (UPnL / margin), MM and MM/MB. */
export function liveFigures(
  p: PositionTerms,
  price: Dec,
): { upnl: Dec; roe: Dec; mm: Dec; marginRatio: Dec | null } {
  const u = upnl(p, price);
  const mm = maintenanceMargin(p, price);
  const mb = p.margin.add(u);
  return {
    upnl: u,
    roe: p.margin.gt(0) ? u.div(p.margin) : new Dec(0),
    mm,
    marginRatio: mb.gt(0) ? mm.div(mb) : null,
  };
}
