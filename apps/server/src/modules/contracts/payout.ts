/**
 * The settlement rule (docs/product/settlement.md), pure and exact (bigint base units, rates scaled by 1e18).
 *
 * - Up wins when close > open, down wins when close < open; equal prices are a tie.
 * - Win: the stake comes back plus the gross profit = floor(stake × payout_rate) (a credit to the
 *   user rounds down), less the fee = ceil(gross × fee_rate) (a debit rounds up). The fee is taken
 *   from winnings only, so fee ≤ gross and a win never returns less than the stake.
 * - Loss: the stake goes to the house. Tie and void: the whole stake comes back, no fee.
 * Rounding moves no fractional residue: the house pays exactly the rounded gross, so the
 * rounding difference never leaves the house account and no `rounding` posting is needed.
 */
import { parseUnits } from '@bourse/money';

export const DIRECTION = { up: 1, down: 2 } as const;
export type Outcome = 'won' | 'lost' | 'tie' | 'void';

const SCALE = 10n ** 18n;

/** A NUMERIC(38,18) decimal string as an integer scaled by 1e18. */
export function scaled(value: string): bigint {
  return parseUnits(value, 18, 'down');
}

export function grossProfit(stake: bigint, payoutRate: string): bigint {
  return (stake * scaled(payoutRate)) / SCALE;
}

export function feeOn(gross: bigint, feeRate: string): bigint {
  const n = gross * scaled(feeRate);
  return n === 0n ? 0n : (n + SCALE - 1n) / SCALE;
}

export function outcomeOf(direction: number, openPrice: string, closePrice: string): Exclude<Outcome, 'void'> {
  const open = scaled(openPrice);
  const close = scaled(closePrice);
  if (close === open) return 'tie';
  const up = close > open;
  return (direction === DIRECTION.up) === up ? 'won' : 'lost';
}

export interface Amounts {
  /** Credited back to the user's available balance from the frozen stake and the house. */
  payout: bigint;
  fee: bigint;
  /** Net user P&L: payout − stake. */
  profit: bigint;
  /** What the house gains (negative: pays). */
  house: bigint;
  gross: bigint;
}

export function amountsFor(outcome: Outcome, stake: bigint, payoutRate: string, feeRate: string): Amounts {
  if (outcome === 'won') {
    const gross = grossProfit(stake, payoutRate);
    const fee = feeOn(gross, feeRate);
    return { payout: stake + gross - fee, fee, profit: gross - fee, house: -gross, gross };
  }
  if (outcome === 'lost') return { payout: 0n, fee: 0n, profit: -stake, house: stake, gross: 0n };
  return { payout: stake, fee: 0n, profit: 0n, house: 0n, gross: 0n };
}

/** Expected figures shown before confirming: profit and fee if the order wins. */
export function expected(stake: bigint, payoutRate: string, feeRate: string): { gross: bigint; fee: bigint; profit: bigint } {
  const a = amountsFor('won', stake, payoutRate, feeRate);
  return { gross: a.gross, fee: a.fee, profit: a.profit };
}
