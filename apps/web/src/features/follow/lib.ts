/**
 * Pure helpers of the copy-trading screens: the query parameters of the pages, the follow form's
 * checks and the body it sends (the typed text as it is: the app computes no money it sends), the
 * plain-words summary of a follow, translation keys of skip and stop reasons, the NAV-per-unit
 * curve as chart points, and ordering. Figures are shown with the leverage screens' helpers.
 */
// Types only: the contract's runtime values live beside zod schemas, which must not reach the bundle.
import type { CopyOrder, Follow, TraderDetail } from '@bourse/contract';
import { checkAmount, type AmountProblem } from '../../lib/amountCheck';
import type { FollowBody, FollowPeriod, FollowSort } from './api/follow';

export const DEFAULT_PERIOD: FollowPeriod = 30;

/** FOLLOW_PERIODS and FOLLOW_SORTS of the contract, in its order (the records make the types check them). */
const PERIOD_SET: Record<FollowPeriod, true> = { 7: true, 30: true, 90: true };
export const PERIODS = Object.keys(PERIOD_SET).map(Number) as FollowPeriod[];
const SORT_SET: Record<FollowSort, true> = {
  roi: true,
  pnl: true,
  mdd: true,
  win_rate: true,
  aum: true,
  copiers: true,
};
export const SORTS = Object.keys(SORT_SET) as FollowSort[];
/** COPY_SKIP_REASONS of the contract: a reason added there fails the type check here until it is translated. */
const SKIP_SET: Record<SkipReason, true> = {
  below_minimum: true,
  insufficient_balance: true,
  position_limit: true,
  market_closed: true,
  price_unavailable: true,
  lead_closed: true,
  failed: true,
};

/**
 * Bounds of the follow form, as the server's follow service checks them (FOLLOW_LIMITS of
 * apps/server/src/modules/follow/service.ts; not in the contract): the amount per copy and the cap
 * per copy 10 – 200,000 USDT, the ratio 0.01 – 10. The server checks them again.
 */
export const FOLLOW_LIMITS = {
  amount: { min: '10', max: '200000', unit: 'USDT' },
  ratio: { min: '0.01', max: '10', unit: '×' },
} as const;
/** Places the form accepts: USDT amounts to the cent, ratios to 0.01. */
const PLACES = 2;

export type FollowMode = 'amount' | 'ratio';

export interface FollowForm {
  mode: FollowMode;
  number: string;
  maxPerCopy: string;
  stopLoss: string;
}

/** A period from the URL (7, 30 or 90), else 30 days. */
export function parsePeriod(value: string | null): FollowPeriod {
  const n = Number(value);
  return Object.hasOwn(PERIOD_SET, String(n)) ? (n as FollowPeriod) : DEFAULT_PERIOD;
}

/** A sort from the URL, else ROI. */
export function parseSort(value: string | null): FollowSort {
  return value !== null && Object.hasOwn(SORT_SET, value) ? (value as FollowSort) : 'roi';
}

/** A trader's user id from the URL (a positive integer of at most 10 digits), else null. */
export function parseTraderId(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

export interface FormProblem {
  field: 'number' | 'maxPerCopy' | 'stopLoss';
  /** A message key of `common` (validate.* or follow.form.*). */
  key: AmountProblem['key'] | 'follow.form.maxBelowAmount';
  values: Record<string, unknown>;
}

/**
 * What is wrong with the form, field by field (message keys of `common` with their values), or
 * an empty list. The amount per copy (or the multiple) within the API's bounds; the cap per copy
 * within the amount bounds and not below the amount per copy in fixed-amount mode (it would cut
 * every copy); the stop-loss optional, else a positive USDT amount.
 */
export function checkFollowForm(form: FollowForm): FormProblem[] {
  const out: FormProblem[] = [];
  const bounds = FOLLOW_LIMITS[form.mode];
  const n = checkAmount(form.number, {
    decimals: PLACES,
    unit: bounds.unit,
    min: bounds.min,
    max: bounds.max,
  });
  if (n) out.push({ field: 'number', ...n });
  const cap = FOLLOW_LIMITS.amount;
  const max = checkAmount(form.maxPerCopy, { decimals: PLACES, unit: cap.unit, min: cap.min, max: cap.max });
  if (max) out.push({ field: 'maxPerCopy', ...max });
  else if (form.mode === 'amount' && !n && lessThan(form.maxPerCopy, form.number)) {
    out.push({ field: 'maxPerCopy', key: 'follow.form.maxBelowAmount', values: {} });
  }
  if (form.stopLoss.trim() !== '') {
    const sl = checkAmount(form.stopLoss, { decimals: PLACES, unit: 'USDT' });
    if (sl) out.push({ field: 'stopLoss', ...sl });
  }
  return out;
}

/** a < b for two plain decimal texts already checked (compared exactly, as scaled integers). */
function lessThan(a: string, b: string): boolean {
  const scale = (s: string) => {
    const [w = '0', f = ''] = s.trim().split('.');
    return BigInt(w + f.padEnd(PLACES, '0').slice(0, PLACES));
  };
  return scale(a) < scale(b);
}

/** The body of POST /follow/follow: the typed text trimmed, no stop-loss when left empty. */
export function followBody(traderUserId: number, form: FollowForm): FollowBody {
  const body: FollowBody = {
    trader_user_id: traderUserId,
    type: form.mode === 'amount' ? 1 : 2,
    number: form.number.trim(),
    max_per_copy: form.maxPerCopy.trim(),
  };
  const sl = form.stopLoss.trim();
  if (sl !== '') body.stop_loss = sl;
  return body;
}

type SummaryKey =
  | 'sizeAmount'
  | 'sizeRatio'
  | 'same'
  | 'quantity'
  | 'skipped'
  | 'onlyNew'
  | 'closes'
  | 'stopLoss'
  | 'noStopLoss'
  | 'share';
export type SummaryLine = [key: `follow.summary.${SummaryKey}`, values?: Record<string, string>];

/**
 * The plain-words summary of a follow as message keys (`common`) and their values: how each copy
 * is sized, what it copies, what is skipped and why, what is not copied, when copies close, the
 * stop-loss, and the profit share with its high-water mark.
 */
export function followSummary(form: FollowForm, nickname: string, shareRate: string): SummaryLine[] {
  const lines: SummaryLine[] = [
    form.mode === 'amount'
      ? ['follow.summary.sizeAmount', { number: form.number.trim(), max: form.maxPerCopy.trim() }]
      : ['follow.summary.sizeRatio', { number: form.number.trim(), max: form.maxPerCopy.trim() }],
    ['follow.summary.same', { nickname }],
    ['follow.summary.quantity'],
    ['follow.summary.skipped'],
    ['follow.summary.onlyNew'],
    ['follow.summary.closes', { nickname }],
  ];
  lines.push(
    form.stopLoss.trim() !== ''
      ? ['follow.summary.stopLoss', { amount: form.stopLoss.trim() }]
      : ['follow.summary.noStopLoss'],
  );
  lines.push(['follow.summary.share', { rate: shareRate }]);
  return lines;
}

/** Message key of a skipped copy's reason; an unknown code reads as "failed". */
export function skipReasonKey(reason: string | null): `follow.skip.${SkipReason}` {
  const known = reason !== null && Object.hasOwn(SKIP_SET, reason);
  return `follow.skip.${known ? (reason as SkipReason) : 'failed'}`;
}
type SkipReason = NonNullable<CopyOrder['reason']>;

const STOP_REASONS = ['user', 'stop_loss', 'suspended'] as const;
type StopReason = (typeof STOP_REASONS)[number] | 'other';
/** Message key of why a follow stopped; unknown codes read as a plain "stopped". */
export function stopReasonKey(reason: Follow['stop_reason']): `follow.stopReason.${StopReason}` {
  if (reason === 'trader_suspended') return 'follow.stopReason.suspended';
  const known = (STOP_REASONS as readonly string[]).includes(reason ?? '');
  return `follow.stopReason.${known ? (reason as StopReason) : 'other'}`;
}

/** Active follows first, each group in the order given (the server's: latest first). */
export function activeFirst<T extends Pick<Follow, 'status'>>(follows: readonly T[]): T[] {
  return [...follows.filter((f) => f.status === 'active'), ...follows.filter((f) => f.status !== 'active')];
}

/**
 * The NAV-per-unit curve as line points (unix seconds): ascending, one point per second (the last
 * one kept), unreadable values dropped. Values become numbers here only to be drawn.
 */
export function navSeries(nav: TraderDetail['nav']): Array<{ time: number; value: number }> {
  const byTime = new Map<number, number>();
  for (const p of nav) {
    const value = Number(p.value);
    if (!Number.isInteger(p.time) || !Number.isFinite(value)) continue;
    byTime.set(p.time, value);
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value }));
}

/** One or two letters for an avatar without a picture. */
export function initials(nickname: string): string {
  const chars = Array.from(nickname.trim());
  return (chars[0] ?? '?').toUpperCase();
}
