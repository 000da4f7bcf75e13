/**
 * The money of a position, as pure functions of its terms and a price (docs/product/lever.md):
 * what opening charges, what a close pays out and to whom, and which price triggers what. The
 * service turns these figures into journal legs; the property tests check them directly.
 *
 * Rounding: money leaving a user rounds up (margin, fees), money reaching one rounds down
 * (realised P&L is floored, so a loss rounds up in size); a long's liquidation price is floored
 * to the price grid and a short's ceiled, so "the price crossed LP" is exactly "MB ≤ MM".
 */
import {
  Dec,
  bankruptcyPrice,
  decimalToUnits,
  isLiquidatable,
  liquidationPriceOnGrid,
  notional,
  tierOf,
  unitsToDecimal,
  upnl,
  type MarginTier,
  type PositionTerms,
} from '@bourse/money';
import { AppError } from '../../http/errors';
import type { Settlement } from './products';

export type Side = 1 | 2;
/** `lead`: a copy closed with its lead trader's position (copy trading). */
export type ExitReason = 'user' | 'tp' | 'sl' | 'liquidation' | 'lead';

export interface Market {
  settlement: Settlement;
  tiers: MarginTier[];
  feeRate: Dec;
  pricePlaces: number;
  decimals: number;
}

export interface OpenPlan {
  notional: Dec;
  margin: bigint;
  fee: bigint;
  liq: Dec | null;
  bankrupt: Dec | null;
  mmr: Dec;
}

export const sign = (side: Side): 1 | -1 => (side === 1 ? 1 : -1);

export function terms(m: Market, side: Side, qty: Dec, entry: Dec, margin: bigint): PositionTerms {
  return {
    kind: m.settlement,
    s: sign(side),
    qty,
    entry,
    margin: unitsToDecimal(margin, m.decimals),
    tiers: m.tiers,
  };
}

/** Opening `qty` at `price` with `leverage`: margin N/L and fee N·f (both rounded up), LP, BP. */
export function planOpen(m: Market, side: Side, leverage: number, qty: Dec, price: Dec): OpenPlan {
  const n = notional(m.settlement, qty, price);
  const margin = decimalToUnits(n.div(leverage), m.decimals, 'up');
  const fee = decimalToUnits(n.mul(m.feeRate), m.decimals, 'up');
  const t = terms(m, side, qty, price, margin);
  if (margin <= 0n || isLiquidatable(t, price)) throw new AppError('lever_liquidates_at_once');
  const bp = bankruptcyPrice(t);
  return {
    notional: n,
    margin,
    fee,
    liq: liquidationPriceOnGrid(t, m.pricePlaces),
    bankrupt:
      bp === null ? null : bp.toDecimalPlaces(m.pricePlaces, side === 1 ? Dec.ROUND_FLOOR : Dec.ROUND_CEIL),
    mmr: tierOf(m.tiers, n).mmr,
  };
}

/** Where a close's margin goes, in base units: credited + fee + house + insurance = margin. */
export interface CloseFigures {
  reason: ExitReason;
  /** Realised P&L at the exit price (floored). */
  pnl: bigint;
  fee: bigint;
  credited: bigint;
  /** To the house (the counterparty); negative when the house pays a profit. */
  house: bigint;
  /** Liquidations: into (+) or out of (−) the insurance fund. */
  insurance: bigint;
  /** A loss beyond the margin nobody collected (isolated margin: never owed by the user). */
  shortfall: bigint;
}

/**
 * The close of a position at `price`. A close asked for by the user or a stop at a price where
 * the position is already liquidatable is a liquidation (the sweep had not reached it yet).
 * Liquidation closes at the bankruptcy price: the margin is lost; the house takes the loss at the
 * market price and the insurance fund the rest, or covers the part beyond the margin as far as
 * `fund` (its balance) goes; what is left beyond that is the house's shortfall.
 */
export function settleClose(
  m: Market,
  t: PositionTerms,
  margin: bigint,
  price: Dec,
  asked: ExitReason,
  fund: bigint,
): CloseFigures {
  const reason: ExitReason = isLiquidatable(t, price)
    ? 'liquidation'
    : asked === 'liquidation'
      ? 'user'
      : asked;
  const pnl = decimalToUnits(upnl(t, price), m.decimals, 'down');
  if (reason === 'liquidation') {
    const remainder = margin + pnl;
    if (remainder >= 0n)
      return { reason, pnl, fee: 0n, credited: 0n, house: -pnl, insurance: remainder, shortfall: 0n };
    const fromFund = -remainder < fund ? -remainder : fund;
    return {
      reason,
      pnl,
      fee: 0n,
      credited: 0n,
      house: margin + fromFund,
      insurance: -fromFund,
      shortfall: -remainder - fromFund,
    };
  }
  const fullFee = decimalToUnits(notional(m.settlement, t.qty, price).mul(m.feeRate), m.decimals, 'up');
  const gross = margin + pnl;
  if (gross >= fullFee)
    return {
      reason,
      pnl,
      fee: fullFee,
      credited: gross - fullFee,
      house: -pnl,
      insurance: 0n,
      shortfall: 0n,
    };
  const fee = gross > 0n ? gross : 0n;
  return {
    reason,
    pnl,
    fee,
    credited: 0n,
    house: margin - fee,
    insurance: 0n,
    shortfall: gross < 0n ? -gross : 0n,
  };
}

/** The nearest prices below and above the entry that close the position (for the sweep's index). */
export function triggerBounds(
  side: Side,
  liq: Dec | null,
  tp: Dec | null,
  sl: Dec | null,
): { low: Dec | null; high: Dec | null } {
  const pick = (a: Dec | null, b: Dec | null, higher: boolean) =>
    a && b ? (a.gt(b) === higher ? a : b) : (a ?? b);
  return side === 1 ? { low: pick(liq, sl, true), high: tp } : { low: tp, high: pick(liq, sl, false) };
}

export interface Stops {
  liq: Dec | null;
  tp: Dec | null;
  sl: Dec | null;
  /** Ticks at or before these instants do not trigger (the position or its stops did not exist yet). */
  openedAt: Date;
  stopsAt: Date | null;
}

/** What a tick at `price` and `at` triggers, in the order of the rules: liquidation, stop-loss, take-profit. */
export function triggered(side: Side, s: Stops, price: Dec, at: Date): 'liquidation' | 'sl' | 'tp' | null {
  const below = (x: Dec | null) => x !== null && price.lte(x);
  const above = (x: Dec | null) => x !== null && price.gte(x);
  if (at.getTime() <= s.openedAt.getTime()) return null;
  if (side === 1 ? below(s.liq) : above(s.liq)) return 'liquidation';
  if (s.stopsAt && at.getTime() <= s.stopsAt.getTime()) return null;
  if (side === 1 ? below(s.sl) : above(s.sl)) return 'sl';
  if (side === 1 ? above(s.tp) : below(s.tp)) return 'tp';
  return null;
}
