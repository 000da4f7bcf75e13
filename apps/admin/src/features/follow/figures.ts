/**
 * Pure display helpers of the copy-trading console pages. The share rate is typed as the fraction
 * the contract takes (0.1 = 10 %) and checked against the contract's pattern and MAX_SHARE_RATE,
 * so the console sends exactly what was typed; the percentage is only shown beside it.
 */
import { Dec } from '@bourse/money';
import type { CopyOrder, MAX_SHARE_RATE as ContractMaxShareRate } from '@bourse/contract';

/**
 * The contract's MAX_SHARE_RATE, typed from it (a change there fails the typecheck here) but not
 * imported as a value: that would pull the contract's zod schemas into the console bundle.
 */
export const MAX_SHARE_RATE: typeof ContractMaxShareRate = '0.3';

/** The contract's pattern of `share_rate` (follow-requests.ts, adminTraderReviewBodySchema). */
const SHARE_RATE = /^0(\.\d{1,4})?$/;

/** Why a typed share rate cannot be sent, or null when it can. */
export function shareRateProblem(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return 'Enter the profit share rate.';
  if (!SHARE_RATE.test(t)) return 'A fraction with at most 4 places, like 0.1 for 10 %.';
  if (new Dec(t).gt(MAX_SHARE_RATE)) return `At most ${MAX_SHARE_RATE} (${formatShare(MAX_SHARE_RATE)}).`;
  return null;
}

/** "0.1" → "10 %" exactly; the input as it came when it is not a decimal. */
export function formatShare(rate: string | null | undefined): string {
  const t = (rate ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return t || '—';
  return `${new Dec(t).mul(100).toFixed()} %`;
}

export type CopySkipReason = NonNullable<CopyOrder['reason']>;

/** Operator wording of each skip reason (every reason of the contract has one). */
export const SKIP_REASONS: Record<CopySkipReason, string> = {
  below_minimum: 'Below the market’s minimum quantity',
  insufficient_balance: 'Insufficient balance in the follower’s lever account',
  position_limit: 'Position limit of the market reached',
  market_closed: 'Market closed',
  price_unavailable: 'No fresh price',
  lead_closed: 'Lead position closed before it could be copied',
  failed: 'Failed',
};

export function skipReasonText(reason: string | null): string {
  if (reason === null) return '—';
  return (SKIP_REASONS as Record<string, string>)[reason] ?? reason;
}
