/**
 * Pure display helpers of the leverage console pages. Nothing here is sent to the server: the
 * tier preview shows the cum amounts the server will derive on save, with the same function
 * (@bourse/money marginTiers: cum makes the maintenance margin N·mmr − cum continuous across tier
 * bounds), so an operator sees them while typing. Exact decimals only.
 */
import { Dec, marginTiers } from '@bourse/money';

/** The contract's patterns (packages/contract/src/api/lever-requests.ts, console section). */
const RATE = /^0(\.\d{1,8})?$/;
const QUANTITY = /^\d{1,20}(\.\d{1,18})?$/;
export const MAX_TIERS = 20;
export const MAX_LEVERAGES = 20;
export const MAX_LEVERAGE = 200;

export function rateProblem(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return 'Enter a rate.';
  if (!RATE.test(t)) return 'A decimal below 1 with at most 8 places, like 0.005.';
  return null;
}

/** A quantity or notional as the contract accepts it; `positive` also refuses zero. */
export function quantityProblem(text: string | null | undefined, positive = true): string | null {
  const t = (text ?? '').trim();
  if (!t) return 'Enter a number.';
  if (!QUANTITY.test(t)) return 'A plain decimal number (up to 18 places), like 0.001.';
  if (positive && new Dec(t).lte(0)) return 'Must be more than 0.';
  return null;
}

/** "0.005" → "0.5 %" exactly; the input as it came when it is not a decimal. */
export function formatRate(rate: string | null | undefined): string {
  const t = (rate ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return t || '—';
  return `${new Dec(t).mul(100).toFixed()} %`;
}

/** A tier row as typed in the form (the last row's bound is ignored: it has none). */
export interface TierDraft {
  max_notional?: string | null;
  mmr?: string | null;
}

export interface TierPreviewRow {
  /** null: the last tier, unbounded. */
  max_notional: string | null;
  mmr: string;
  /** Derived cum amount; null when this row or one above it is not valid yet. */
  cum: string | null;
  /** Problem of the bound, or null. */
  boundProblem: string | null;
  /** Problem of the rate, or null. */
  mmrProblem: string | null;
}

export interface TierPreview {
  rows: TierPreviewRow[];
  /** True when every row is valid: the table can be sent as it is. */
  ok: boolean;
}

/**
 * Checks the tier table as the server's rules state it (bounds rising, only the last row
 * unbounded, rates positive, below 1 and not falling from one tier to the next) and derives the
 * cum amounts of the valid leading rows.
 */
export function previewTiers(drafts: readonly TierDraft[]): TierPreview {
  const last = drafts.length - 1;
  let previousBound: Dec | null = null;
  let previousMmr: Dec | null = null;
  let prefixValid = true;
  const valid: Array<{ max_notional: string | null; mmr: string }> = [];
  const rows: TierPreviewRow[] = drafts.map((d, i) => {
    const mmr = (d.mmr ?? '').trim();
    const bound = i === last ? null : (d.max_notional ?? '').trim();
    let mmrProblem = rateProblem(mmr);
    if (!mmrProblem && new Dec(mmr).lte(0)) mmrProblem = 'Must be more than 0.';
    if (!mmrProblem && previousMmr && new Dec(mmr).lt(previousMmr))
      mmrProblem = `Must not fall below the previous tier's rate (${previousMmr.toFixed()}).`;
    if (!mmrProblem) previousMmr = new Dec(mmr);
    let boundProblem: string | null = null;
    if (bound !== null) {
      boundProblem = bound ? quantityProblem(bound) : 'Enter the upper bound: only the last tier has none.';
      if (!boundProblem && previousBound && new Dec(bound).lte(previousBound))
        boundProblem = `Must be above the previous tier's bound (${previousBound.toFixed()}).`;
      if (!boundProblem) previousBound = new Dec(bound);
    }
    if (mmrProblem || boundProblem) prefixValid = false;
    if (prefixValid) valid.push({ max_notional: bound, mmr });
    return { max_notional: bound, mmr, cum: null, boundProblem, mmrProblem };
  });
  marginTiers(valid).forEach((t, i) => {
    rows[i]!.cum = t.cum.toFixed();
  });
  return {
    rows,
    ok:
      drafts.length > 0 && drafts.length <= MAX_TIERS && rows.every((r) => !r.boundProblem && !r.mmrProblem),
  };
}

/** Why the leverage list cannot be sent, or null. */
export function leveragesProblem(leverages: readonly number[]): string | null {
  if (leverages.length === 0) return 'Offer at least one leverage.';
  if (leverages.length > MAX_LEVERAGES) return `At most ${MAX_LEVERAGES} leverages.`;
  const bad = leverages.find((l) => !Number.isInteger(l) || l < 1 || l > MAX_LEVERAGE);
  if (bad !== undefined) return `Leverages are whole numbers from 1 to ${MAX_LEVERAGE} (${bad} is not).`;
  return null;
}

/**
 * Leverages at which no position could open: the initial margin 1/L is at or below the first
 * tier's maintenance rate, so a new position would already be liquidatable. The server refuses
 * such a product (the first tier's rate must be below 1/highest leverage).
 */
export function leveragesLiquidatingAtOnce(
  leverages: readonly number[],
  firstTierMmr: string | null | undefined,
): number[] {
  if (rateProblem(firstTierMmr)) return [];
  const mmr = new Dec(firstTierMmr!.trim());
  return leverages.filter((l) => Number.isInteger(l) && l >= 1 && new Dec(1).div(l).lte(mmr));
}

/** Leverage text typed as tags ("10", "×20", "25x") → integers, ascending, without repeats; null when one is not a number. */
export function parseLeverages(values: readonly (string | number)[]): number[] | null {
  const out = new Set<number>();
  for (const v of values) {
    const t = String(v)
      .trim()
      .replace(/^[×x]\s*|\s*[×x]$/gi, '');
    if (!/^\d{1,4}$/.test(t)) return null;
    out.add(Number(t));
  }
  return [...out].sort((a, b) => a - b);
}

/** The opposite of a decimal string exactly (the house's side of the users' P&L); null stays null. */
export function opposite(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const neg = new Dec(t).neg();
  return neg.isZero() ? '0' : neg.toFixed();
}

/** Users' net quantity long − short, exactly, or null when either is not a decimal. */
export function netQuantity(longQty: string, shortQty: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(longQty.trim()) || !/^\d+(\.\d+)?$/.test(shortQty.trim())) return null;
  return new Dec(longQty.trim()).sub(shortQty.trim()).toFixed();
}

/**
 * Why the size limits cannot be saved, as the server checks them: the minimum a positive multiple
 * of the step, the per-user position limit a multiple of the step and at least the minimum, the
 * step no finer than the market's quantity precision. Null when they fit (or are not numbers yet:
 * the fields say why).
 */
export function sizeProblem(
  minQty: string | undefined,
  qtyStep: string | undefined,
  maxQty: string | undefined,
  amountPrecision: number | undefined,
): string | null {
  const [min, step, max] = [minQty, qtyStep, maxQty].map((t) => (t ?? '').trim());
  if (quantityProblem(min) || quantityProblem(step) || quantityProblem(max)) return null;
  const dMin = new Dec(min!);
  const dStep = new Dec(step!);
  const dMax = new Dec(max!);
  if (amountPrecision !== undefined && dStep.decimalPlaces() > amountPrecision)
    return `The step has more decimal places than the market's quantity precision (${amountPrecision}).`;
  if (!dMin.mod(dStep).isZero()) return 'The minimum quantity must be a multiple of the step.';
  if (dMax.lt(dMin)) return 'The position limit must be at least the minimum quantity.';
  if (!dMax.mod(dStep).isZero()) return 'The position limit must be a multiple of the step.';
  return null;
}

/** Instruments a product can be created on, as the server decides the settlement; a reason otherwise. */
export function productEligibility(inst: {
  kind: string;
  base: string;
  quote: string;
}): { settlement: 'linear' | 'quote_inverse' } | { reason: string } {
  if (inst.kind === 'forex') {
    if (inst.base === 'USD') return { settlement: 'quote_inverse' };
    if (inst.quote === 'USD') return { settlement: 'linear' };
    return { reason: 'an FX market needs USD on one side' };
  }
  if (inst.quote === 'USDT') return { settlement: 'linear' };
  return { reason: 'a crypto market must be quoted in USDT' };
}
