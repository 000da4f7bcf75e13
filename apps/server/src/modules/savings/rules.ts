/**
 * The arithmetic of fixed-term yield products, free of I/O so it is tested on its own.
 *
 * Days are UTC day numbers (days since 1970-01-01). A subscription made on day D earns from
 * day D+1 (value date) for `term_days` days: days [start_day, end_day). The income of day d is
 * due once the clock passes 00:00 UTC of day d+1 plus the configured accrual minute.
 *
 * Income (exact, no drift): the subscription keeps its exact accrued income C (base units,
 * decimal). Day d adds base × rate_d, where base is the principal (payout to the account) or the
 * current balance (compounding). After day d the user has received floor(C) and the yield pool
 * has given ceil(C); the difference (0 or 1 base unit) sits in the `rounding` account. So over
 * any number of days: user income = floor(Σ base × rate), pool outflow = ceil(Σ base × rate),
 * rounding = the rest, to the base unit.
 */
import { createHash } from 'node:crypto';
import { Dec } from '@bourse/money';

export const DAY_MS = 86_400_000;

export function dayOf(at: Date | number): number {
  return Math.floor((typeof at === 'number' ? at : at.getTime()) / DAY_MS);
}

export function dayStart(day: number): Date {
  return new Date(day * DAY_MS);
}

/** The last day whose income is due at `now` (accrual minute after 00:00 UTC of the next day). */
export function lastDueDay(now: Date, accrualMinute: number): number {
  return dayOf(now.getTime() - accrualMinute * 60_000) - 1;
}

export interface RateSpec {
  id: number;
  rateMode: 'fixed' | 'range';
  dailyRate: string;
  rateMax: string;
}

/** Places of a rate drawn from a range. */
export const DRAWN_RATE_PLACES = 8;

/**
 * The daily rate of a product for a day. Fixed products use their rate. Range products draw
 * by a published rule anyone can recompute: u = first 8 bytes of
 * SHA-256("savings-rate:<product id>:<day>") as an unsigned integer / 2^64, rate = min +
 * (max − min) × u, truncated to 8 decimal places. The drawn rate is recorded in the day's run.
 */
export function drawRate(p: RateSpec, day: number): Dec {
  const min = new Dec(p.dailyRate);
  if (p.rateMode === 'fixed') return min;
  const max = new Dec(p.rateMax);
  const digest = createHash('sha256').update(`savings-rate:${p.id}:${day}`).digest();
  const u = new Dec(digest.readBigUInt64BE(0).toString()).div(new Dec(2).pow(64));
  return min.add(max.sub(min).mul(u)).toDecimalPlaces(DRAWN_RATE_PLACES, Dec.ROUND_DOWN);
}

export interface AccrualState {
  principal: bigint;
  balance: bigint;
  /** Exact accrued income in base units (decimal string). */
  accruedExact: string;
  incomePaid: bigint;
  poolPaid: bigint;
}

export interface AccrualStep {
  accruedExact: string;
  /** Credited to the user (account) or added to the balance (compound): floor(C') − floor(C). */
  userAmount: bigint;
  /** Taken from the yield pool: ceil(C') − ceil(C). */
  poolAmount: bigint;
  /** To (+) or from (−) the rounding account: poolAmount − userAmount, within [−1, 1]. */
  rounding: bigint;
}

function floorBig(x: Dec): bigint {
  return BigInt(x.floor().toFixed(0));
}
function ceilBig(x: Dec): bigint {
  return BigInt(x.ceil().toFixed(0));
}

/** One day of income. */
export function accrueDay(s: AccrualState, rate: Dec, payout: 'account' | 'compound'): AccrualStep {
  const base = payout === 'compound' ? s.balance : s.principal;
  const next = new Dec(s.accruedExact).add(new Dec(base.toString()).mul(rate));
  const userAmount = floorBig(next) - s.incomePaid;
  const poolAmount = ceilBig(next) - s.poolPaid;
  return { accruedExact: next.toFixed(), userAmount, poolAmount, rounding: poolAmount - userAmount };
}

export interface RedemptionQuote {
  /** What the savings pool releases: the balance (principal plus compounded income). */
  released: bigint;
  /** ceil(principal × penalty rate): a debit from the user rounds up. To the platform (`fees`). */
  penalty: bigint;
  /** Income taken back to the yield pool when the product forfeits accrued income. */
  forfeited: bigint;
  /** What the user receives now. */
  refund: bigint;
}

/** Early redemption: principal less penalty, less forfeited income when the product says so. */
export function redemptionQuote(
  s: { principal: bigint; balance: bigint; incomePaid: bigint },
  p: { penaltyRate: string; forfeitIncome: boolean; payout: 'account' | 'compound' },
): RedemptionQuote {
  const penalty = ceilBig(new Dec(s.principal.toString()).mul(new Dec(p.penaltyRate)));
  let forfeited = 0n;
  if (p.forfeitIncome) {
    // Compounded income is still in the pool; income already paid out is deducted from the
    // refund, never beyond what is left of the principal.
    const left = s.principal - penalty;
    forfeited = p.payout === 'compound' ? s.incomePaid : s.incomePaid < left ? s.incomePaid : left;
  }
  return { released: s.balance, penalty, forfeited, refund: s.balance - penalty - forfeited };
}

/** Expected income of one day for an amount at a rate, rounded down (shown before joining). */
export function expectedDaily(amount: bigint, rate: Dec): bigint {
  return floorBig(new Dec(amount.toString()).mul(rate));
}
