/**
 * Console rules of the savings domain: products (checked and edited under the rules of
 * docs/product/savings.md), pool balances and funding, accrual runs.
 */
import { Dec, formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ledger, systemBalances } from '../ledger';
import * as repo from './repo';
import * as recordsRepo from './records-repo';
import type { Kind } from './repo';
import { dayStart } from './rules';
import { parseAmount } from './service';
import { currencyMap, currencyOf, productName, productView } from './views';
import { savingsClock } from './clock';


export async function adminProducts(ctx: AppContext) {
  const [products, cur] = await Promise.all([repo.listProducts(ctx.db), currencyMap(ctx)]);
  const now = savingsClock(ctx).now();
  return products.map((p) => ({ ...productView(p, currencyOf(cur, p.currencyId), 'en', now), names: p.names, status: p.status, sort: p.sort }));
}

export interface ProductForm {
  kind: Kind;
  names: Record<string, string>;
  currency_id: number;
  term_days: number;
  rate_mode: 'fixed' | 'range';
  daily_rate: string;
  rate_max?: string;
  min_amount: string;
  max_amount: string;
  total_quota: string;
  start_time: string;
  end_time: string;
  penalty_rate: string;
  early_redeem: boolean;
  forfeit_income: boolean;
  /** Default true; false = a prepaid lease (requires no early redemption and account payout). */
  refund_principal?: boolean;
  payout: 'account' | 'compound';
  status: number;
  sort: number;
}

function invalid(reason: string): AppError {
  return new AppError('savings_product_invalid', { reason });
}

function rate(text: string | undefined, field: string): string {
  const t = (text ?? '').trim();
  if (!/^\d+(\.\d{1,18})?$/.test(t)) throw invalid(field);
  return t;
}

export async function productInput(ctx: AppContext, f: ProductForm): Promise<repo.ProductInput> {
  const cur = await currencyMap(ctx);
  const c = cur.get(f.currency_id);
  if (!c) throw new AppError('currency_not_found');
  const dailyRate = rate(f.daily_rate, 'daily_rate');
  const rateMax = f.rate_mode === 'range' ? rate(f.rate_max, 'rate_max') : dailyRate;
  if (new Dec(rateMax).lt(dailyRate)) throw invalid('rate_max');
  const penaltyRate = rate(f.penalty_rate, 'penalty_rate');
  if (new Dec(penaltyRate).gt(1)) throw invalid('penalty_rate');
  const minAmount = parseAmount(f.min_amount, c.decimals, 'min_amount');
  const maxAmount = parseAmount(f.max_amount, c.decimals, 'max_amount');
  const totalQuota = parseAmount(f.total_quota, c.decimals, 'total_quota');
  if (maxAmount < minAmount) throw invalid('max_amount');
  const windowStart = new Date(f.start_time);
  const windowEnd = new Date(f.end_time);
  if (Number.isNaN(windowStart.getTime()) || Number.isNaN(windowEnd.getTime()) || windowEnd <= windowStart) throw invalid('window');
  if (!Object.values(f.names).some((n) => n.trim() !== '')) throw invalid('names');
  const refundPrincipal = f.refund_principal ?? true;
  // A lease fee is never returned: no early exit, and income cannot compound into a balance.
  if (!refundPrincipal && (f.early_redeem || f.payout !== 'account')) throw invalid('lease_terms');
  return {
    kind: f.kind,
    names: f.names,
    currencyId: c.id,
    termDays: f.term_days,
    rateMode: f.rate_mode,
    dailyRate,
    rateMax,
    minAmount,
    maxAmount,
    totalQuota,
    windowStart,
    windowEnd,
    penaltyRate,
    earlyRedeem: f.early_redeem,
    forfeitIncome: f.forfeit_income,
    refundPrincipal,
    payout: f.payout,
    status: f.status,
    sort: f.sort,
  };
}

export async function createProduct(ctx: AppContext, f: ProductForm): Promise<number> {
  const input = await productInput(ctx, f);
  return (await repo.insertProduct(ctx.db, input, ctx.clock.now()))!;
}

/**
 * Edits a product. Once anyone has joined, the terms existing subscriptions were sold on are
 * fixed (currency, payout, rates, penalty, forfeiture, early redemption): only names, quota,
 * limits, window, term of new joins, status and sort change. A new product carries new terms.
 */
export async function editProduct(ctx: AppContext, id: number, f: ProductForm) {
  const before = await repo.findProduct(ctx.db, id);
  if (!before) throw new AppError('savings_product_not_found');
  const input = await productInput(ctx, f);
  const sameTerms =
    input.currencyId === before.currencyId &&
    input.payout === before.payout &&
    input.rateMode === before.rateMode &&
    new Dec(input.dailyRate).eq(before.dailyRate) &&
    new Dec(input.rateMax).eq(before.rateMax) &&
    new Dec(input.penaltyRate).eq(before.penaltyRate) &&
    input.forfeitIncome === before.forfeitIncome &&
    input.earlyRedeem === before.earlyRedeem &&
    (input.refundPrincipal ?? true) === before.refundPrincipal;
  // Anyone ever joined, not `sold > 0`: early redemptions give quota back, and the records of
  // closed subscriptions still show the terms they were sold on.
  if (!sameTerms && (await repo.hasSubscriptions(ctx.db, id))) throw invalid('terms_locked_after_sale');
  if (input.totalQuota < before.sold) throw invalid('total_quota');
  await repo.updateProduct(ctx.db, id, input, ctx.clock.now());
  return { before, after: await repo.findProduct(ctx.db, id) };
}

export async function setProductOpen(ctx: AppContext, id: number, open: boolean) {
  const before = await repo.findProduct(ctx.db, id);
  if (!before) throw new AppError('savings_product_not_found');
  await repo.setProductStatus(ctx.db, id, open ? 1 : 0, ctx.clock.now());
  return { before: before.status, after: open ? 1 : 0 };
}

/** Yield pool and savings pool balances per currency used by a product. */
export async function poolBalances(ctx: AppContext) {
  const cur = await currencyMap(ctx);
  const ids = [...new Set((await repo.listProducts(ctx.db)).map((p) => p.currencyId))];
  const rows = await systemBalances(ctx.db, ['yield_pool', 'savings_pool', 'savings_revenue']);
  return ids.map((id) => {
    const c = currencyOf(cur, id);
    const get = (code: string) => rows.find((r) => r.code === code && r.currencyId === id)?.available ?? 0n;
    return {
      currency_id: id,
      currency: `${c.name}${c.sub_name ? ` ${c.sub_name}` : ''}`,
      yield_pool: formatUnits(get('yield_pool'), c.decimals),
      savings_pool: formatUnits(get('savings_pool'), c.decimals),
      savings_revenue: formatUnits(get('savings_revenue'), c.decimals),
    };
  });
}

/**
 * Funds (or, with a negative amount, defunds) the yield pool from the platform's capital
 * (`house`) through the journal. The pool never goes negative (database CHECK).
 */
export async function fundPool(ctx: AppContext, currencyId: number, amountText: string, direction: 'in' | 'out', ref: string) {
  const c = (await currencyMap(ctx)).get(currencyId);
  if (!c) throw new AppError('currency_not_found');
  const amount = parseAmount(amountText, c.decimals);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const house = await ledger.systemAccount(trx, 'house', currencyId);
    const pool = await ledger.systemAccount(trx, 'yield_pool', currencyId);
    const [from, to] = direction === 'in' ? [house, pool] : [pool, house];
    await ledger.transfer(trx, from, to, amount, { kind: direction === 'in' ? 'savings_pool_fund' : 'savings_pool_defund', refType: 'operator', refId: ref, memo: 'Yield pool funding' }, now);
  });
  return poolBalances(ctx);
}

export async function adminRuns(ctx: AppContext, f: { productId?: number; page: number; limit: number }) {
  const { total, rows } = await recordsRepo.listRuns(ctx.db, f);
  const cur = await currencyMap(ctx);
  const products = new Map((await repo.listProducts(ctx.db)).map((p) => [p.id, p]));
  return {
    total,
    list: rows.map((r) => {
      const p = products.get(r.productId)!;
      const c = currencyOf(cur, p.currencyId);
      return {
        product_id: r.productId,
        product: productName(p, 'en'),
        kind: p.kind,
        currency: c.name,
        date: dayStart(r.day).toISOString().slice(0, 10),
        rate: r.rate,
        status: r.status,
        paid_count: r.paidCount,
        total_paid: formatUnits(r.totalPaid, c.decimals),
        pool_balance: r.poolBalance === null ? null : formatUnits(r.poolBalance, c.decimals),
        updated_at: r.updatedAt.toISOString(),
      };
    }),
  };
}
