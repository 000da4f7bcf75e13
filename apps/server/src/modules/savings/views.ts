/** Views of the savings domain: products and subscriptions as the API sends them, and their currencies. */
import { purchaseWindowStatus } from '@bourse/contract';
import { formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { listCurrencies } from '../market';
import type { Product, Subscription } from './repo';
import { dayStart } from './rules';

/** Every currency by id (the product and order views name theirs). */
export async function currencyMap(ctx: AppContext): Promise<Map<number, CurrencyRow>> {
  return new Map((await listCurrencies(ctx.db)).map((c) => [c.id, c]));
}

/** A currency of the map, or `currency_not_found`. */
export function currencyOf(map: Map<number, CurrencyRow>, id: number): CurrencyRow {
  const c = map.get(id);
  if (!c) throw new AppError('currency_not_found');
  return c;
}

export function productName(p: Product, lang: string): string {
  return p.names[lang] ?? p.names.en ?? Object.values(p.names)[0] ?? `#${p.id}`;
}

export function productView(p: Product, c: CurrencyRow, lang: string, now: Date) {
  const d = c.decimals;
  const remaining = p.totalQuota - p.sold;
  return {
    id: p.id,
    kind: p.kind,
    name: productName(p, lang),
    currency_id: p.currencyId,
    currency: { id: c.id, name: c.name, sub_name: c.sub_name, decimals: d, image: c.image },
    term_days: p.termDays,
    rate_mode: p.rateMode,
    daily_rate: p.dailyRate,
    rate_max: p.rateMax,
    min_amount: formatUnits(p.minAmount, d),
    max_amount: formatUnits(p.maxAmount, d),
    total_quota: formatUnits(p.totalQuota, d),
    sold: formatUnits(p.sold, d),
    remaining_quota: formatUnits(remaining, d),
    start_time: p.windowStart.toISOString(),
    end_time: p.windowEnd.toISOString(),
    window_status: purchaseWindowStatus(p.status, p.windowStart.getTime(), p.windowEnd.getTime(), now.getTime()),
    penalty_rate: p.penaltyRate,
    early_redeem: p.earlyRedeem,
    forfeit_income: p.forfeitIncome,
    /** False: a prepaid lease; the amount is a fee and is never returned (docs/product/savings.md). */
    refund_principal: p.refundPrincipal,
    payout: p.payout,
    accrual_status: p.accrualStatus,
    stalled_day: p.stalledDay === null ? null : dayStart(p.stalledDay).toISOString().slice(0, 10),
    is_demo: p.isDemo,
  };
}
export type ProductView = ReturnType<typeof productView>;

export function orderView(s: Subscription, p: Product, c: CurrencyRow, lang: string) {
  const f = (v: bigint) => formatUnits(v, c.decimals);
  return {
    id: s.id,
    product_id: p.id,
    kind: p.kind,
    name: productName(p, lang),
    currency: { id: c.id, name: c.name, sub_name: c.sub_name, decimals: c.decimals, image: c.image },
    principal: f(s.principal),
    balance: f(s.balance),
    income: f(s.incomePaid),
    status: s.status,
    term_days: p.termDays,
    days_paid: s.nextDay - s.startDay,
    daily_rate: p.dailyRate,
    rate_max: p.rateMax,
    rate_mode: p.rateMode,
    payout: p.payout,
    early_redeem: p.earlyRedeem && s.refundPrincipal && s.status === 'active',
    /** False: a prepaid lease; at maturity it ends without a refund (refund stays 0). */
    refund_principal: s.refundPrincipal,
    storage_time: s.createdAt.toISOString(),
    start_time: dayStart(s.startDay).toISOString(),
    expiry_time: dayStart(s.endDay).toISOString(),
    penalty: f(s.penalty),
    forfeited: f(s.forfeited),
    refund: f(s.refund),
    closed_at: s.closedAt?.toISOString() ?? null,
  };
}
