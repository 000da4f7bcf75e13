/** Rules of the savings domain: products, subscription, early redemption, records, figures. */
import { purchaseWindowStatus } from '@bourse/contract';
import { AmountFormatError, Dec, formatUnits, parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { accountBalance, findUserAccountId, ledger, type Leg } from '../ledger';
import { listCurrencies } from '../market';
import { savingsClock } from './clock';
import * as repo from './repo';
import type { Kind, Product, Subscription } from './repo';
import { dayOf, dayStart, drawRate, expectedDaily, redemptionQuote } from './rules';

/** Principal comes from, and returns to, the user's coin account (spec §3 type 2 "change"). */
export const SAVINGS_ACCOUNT_TYPE = 2;

async function currencyMap(ctx: AppContext): Promise<Map<number, CurrencyRow>> {
  return new Map((await listCurrencies(ctx.db)).map((c) => [c.id, c]));
}

function currencyOf(map: Map<number, CurrencyRow>, id: number): CurrencyRow {
  const c = map.get(id);
  if (!c) throw new AppError('currency_not_found');
  return c;
}

export function productName(p: Product, lang: string): string {
  return p.names[lang] ?? p.names.en ?? Object.values(p.names)[0] ?? `#${p.id}`;
}

/** A user-entered amount in base units (never rounded). */
export function parseAmount(input: string | undefined, decimals: number, field = 'amount'): bigint {
  const text = (input ?? '').trim();
  if (text === '') throw new AppError('field_required', { field });
  let units: bigint;
  try {
    units = parseUnits(text, decimals);
  } catch (err) {
    if (err instanceof AmountFormatError && err.reason === 'precision') throw new AppError('amount_precision', { decimals });
    throw new AppError('field_invalid', { field });
  }
  if (units <= 0n) throw new AppError('amount_not_positive');
  return units;
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

export async function listProductViews(ctx: AppContext, lang: string, kind?: Kind): Promise<ProductView[]> {
  const [products, cur] = await Promise.all([repo.listProducts(ctx.db, { kind }), currencyMap(ctx)]);
  const now = savingsClock(ctx).now();
  return products.filter((p) => cur.has(p.currencyId)).map((p) => productView(p, currencyOf(cur, p.currencyId), lang, now));
}

export async function productDetail(ctx: AppContext, id: number, lang: string, userId: number | null) {
  const p = await repo.findProduct(ctx.db, id);
  if (!p) throw new AppError('savings_product_not_found');
  const cur = await currencyMap(ctx);
  const c = currencyOf(cur, p.currencyId);
  const now = savingsClock(ctx).now();
  const view = productView(p, c, lang, now);
  let available: string | null = null;
  let myActive: string | null = null;
  if (userId !== null) {
    const acct = await findUserAccountId(ctx.db, userId, p.currencyId, SAVINGS_ACCOUNT_TYPE);
    available = formatUnits(acct === null ? 0n : (await accountBalance(ctx.db, acct)).available, c.decimals);
    myActive = formatUnits(await ctx.db.transaction().execute((trx) => repo.activePrincipal(trx, userId, p.id)), c.decimals);
  }
  // Value date and maturity of a join made now (the engine's clock).
  const startDay = dayOf(now) + 1;
  // Realized history: the rates actually recorded for the last days (never a promise).
  const realized = (await repo.recentRates(ctx.db, p.id, 7)).map((r) => ({ date: dayStart(r.day).toISOString().slice(0, 10), rate: r.rate, status: r.status }));
  return {
    ...view,
    available,
    my_active: myActive,
    realized_rates: realized,
    now: now.toISOString(),
    value_date: dayStart(startDay).toISOString(),
    maturity_date: dayStart(startDay + p.termDays).toISOString(),
  };
}

/** Expected income of one day for an amount (rounded down), at the fixed rate or the range's bounds. */
export function expectedIncome(p: Product, amount: bigint): { min: bigint; max: bigint } {
  return { min: expectedDaily(amount, new Dec(p.dailyRate)), max: expectedDaily(amount, new Dec(p.rateMax)) };
}

export interface SubscribeInput {
  productId: number;
  amount: string;
  clientKey?: string;
}

/** Joins a product: principal from the user's coin account to the savings pool, one transaction. */
export async function subscribe(ctx: AppContext, userId: number, input: SubscribeInput): Promise<Subscription> {
  if (input.clientKey) {
    const existing = await repo.findByClientKey(ctx.db, userId, input.clientKey);
    if (existing) return existing;
  }
  const now = savingsClock(ctx).now();
  const cur = await currencyMap(ctx);
  try {
    return await joinInTransaction(ctx, userId, input, now, cur);
  } catch (err) {
    // The same request key joined concurrently (on PostgreSQL the unique index answers the second
    // one): the first join stands and is the answer, as for a retry.
    if (input.clientKey && (err as { code?: string }).code === '23505') {
      const existing = await repo.findByClientKey(ctx.db, userId, input.clientKey);
      if (existing) return existing;
    }
    throw err;
  }
}

function joinInTransaction(ctx: AppContext, userId: number, input: SubscribeInput, now: Date, cur: Map<number, CurrencyRow>): Promise<Subscription> {
  return ctx.db.transaction().execute(async (trx) => {
    // The product row lock serialises joins of one product (quota and per-user maximum).
    const p = await repo.findProduct(trx, input.productId, true);
    if (!p) throw new AppError('savings_product_not_found');
    // A join with the same request key may have committed while this one waited for the lock.
    if (input.clientKey) {
      const existing = await repo.findByClientKey(trx, userId, input.clientKey);
      if (existing) return existing;
    }
    const c = currencyOf(cur, p.currencyId);
    const ws = purchaseWindowStatus(p.status, p.windowStart.getTime(), p.windowEnd.getTime(), now.getTime());
    if (ws === 2) throw new AppError('savings_window_not_started', { start: p.windowStart.toISOString() });
    if (ws === 0) throw new AppError(now.getTime() >= p.windowEnd.getTime() ? 'savings_window_ended' : 'savings_product_closed');
    const amount = parseAmount(input.amount, c.decimals);
    if (amount < p.minAmount) throw new AppError('savings_amount_below_min', { min: formatUnits(p.minAmount, c.decimals) });
    const held = await repo.activePrincipal(trx, userId, p.id);
    if (held + amount > p.maxAmount) {
      throw new AppError('savings_amount_above_max', { max: formatUnits(p.maxAmount, c.decimals), left: formatUnits(p.maxAmount - held, c.decimals) });
    }
    if (!(await repo.addSold(trx, p.id, amount, now))) {
      throw new AppError('savings_quota_exceeded', { remaining: formatUnits(p.totalQuota - p.sold, c.decimals) });
    }
    const accountId = await ledger.userAccount(trx, userId, p.currencyId, SAVINGS_ACCOUNT_TYPE);
    const pool = await ledger.systemAccount(trx, 'savings_pool', p.currencyId);
    const startDay = dayOf(now) + 1;
    const id = await repo.insertSubscription(trx, {
      userId,
      productId: p.id,
      currencyId: p.currencyId,
      accountType: SAVINGS_ACCOUNT_TYPE,
      accountId,
      principal: amount,
      startDay,
      endDay: startDay + p.termDays,
      refundPrincipal: p.refundPrincipal,
      clientKey: input.clientKey ?? null,
      at: now,
    });
    // A prepaid lease (docs/product/savings.md: nothing is refunded): the fee is the platform's revenue
    // at subscription, not at maturity. From this moment nothing of it is owed to the user (no
    // early exit, no refund at maturity), so it never sits in `savings_pool`, which holds only
    // money that goes back to users; the pool and the liabilities stay truthful. Daily output is
    // paid, as for every family, only from the operator-funded `yield_pool`.
    const [to, kind, effect] = p.refundPrincipal
      ? [pool, 'savings_subscribe', 'principal']
      : [await ledger.systemAccount(trx, 'savings_revenue', p.currencyId), 'savings_lease_fee', 'lease_fee'];
    await ledger.transfer(trx, accountId, to, amount, { kind, refType: 'savings_subscription', refId: id, idempotencyKey: `savings:${id}:${effect}` }, now);
    const sub = await repo.findSubscription(trx, id);
    return sub!;
  });
}

async function ownSubscription(ctx: AppContext, userId: number, id: string) {
  const sub = await repo.findSubscription(ctx.db, id);
  if (!sub || sub.userId !== userId) throw new AppError('savings_order_not_found');
  const p = await repo.findProduct(ctx.db, sub.productId);
  return { sub, product: p! };
}

function quoteOf(sub: Subscription, p: Product) {
  return redemptionQuote(sub, { penaltyRate: p.penaltyRate, forfeitIncome: p.forfeitIncome, payout: p.payout });
}

/** The figures the early-redemption sheet shows (the same function computes the redemption). */
export async function redeemQuote(ctx: AppContext, userId: number, id: string) {
  const { sub, product } = await ownSubscription(ctx, userId, id);
  if (sub.status !== 'active') throw new AppError('savings_order_not_active');
  if (!sub.refundPrincipal) throw new AppError('savings_lease_not_refundable');
  if (!product.earlyRedeem) throw new AppError('savings_early_redeem_not_allowed');
  const c = currencyOf(await currencyMap(ctx), sub.currencyId);
  const q = quoteOf(sub, product);
  const f = (v: bigint) => formatUnits(v, c.decimals);
  return {
    id: sub.id,
    currency: c.name,
    principal: f(sub.principal),
    balance: f(sub.balance),
    income_paid: f(sub.incomePaid),
    penalty_rate: product.penaltyRate,
    penalty: f(q.penalty),
    forfeited: f(q.forfeited),
    refund: f(q.refund),
    forfeit_income: product.forfeitIncome,
  };
}

/** The refund the sheet showed, in base units. Zero is a valid figure (a 100% penalty). */
function expectedUnits(text: string, decimals: number): bigint {
  try {
    return parseUnits(text.trim(), decimals);
  } catch {
    throw new AppError('field_invalid', { field: 'expected_refund' });
  }
}

/**
 * Early redemption: the savings pool releases the balance; the user gets principal less penalty
 * (less forfeited income when the product says so); the penalty goes to the platform (`fees`),
 * forfeited income back to the yield pool; the product's used quota drops by the principal. When the caller passes the refund it was shown, a
 * different figure (income paid in between) refuses with `savings_quote_changed`.
 */
export async function redeemEarly(ctx: AppContext, userId: number, id: string, expectedRefund?: string, lang = 'en') {
  const now = savingsClock(ctx).now();
  const cur = await currencyMap(ctx);
  const result = await ctx.db.transaction().execute(async (trx) => {
    const sub = await repo.findSubscription(trx, id, true);
    if (!sub || sub.userId !== userId) throw new AppError('savings_order_not_found');
    if (sub.status !== 'active') throw new AppError('savings_order_not_active');
    const p = (await repo.findProduct(trx, sub.productId))!;
    // A prepaid lease: the fee went to the platform at subscription; nothing can be returned.
    if (!sub.refundPrincipal) throw new AppError('savings_lease_not_refundable');
    if (!p.earlyRedeem) throw new AppError('savings_early_redeem_not_allowed');
    const c = currencyOf(cur, sub.currencyId);
    const q = quoteOf(sub, p);
    if (expectedRefund !== undefined && expectedRefund.trim() !== '' && expectedUnits(expectedRefund, c.decimals) !== q.refund) {
      throw new AppError('savings_quote_changed', { refund: formatUnits(q.refund, c.decimals) });
    }
    if (!(await repo.closeSubscription(trx, sub.id, 'redeemed', { penalty: q.penalty, forfeited: q.forfeited, refund: q.refund, at: now }))) {
      throw new AppError('savings_order_not_active');
    }
    // The principal leaves the product before its term: its quota is free again (same transaction).
    await repo.releaseSold(trx, p.id, sub.principal, now);
    const legs: Leg[] = [{ accountId: await ledger.systemAccount(trx, 'savings_pool', sub.currencyId), bucket: 'available', amount: -q.released }];
    if (q.refund > 0n) legs.push({ accountId: sub.accountId, bucket: 'available', amount: q.refund });
    if (q.penalty > 0n) legs.push({ accountId: await ledger.systemAccount(trx, 'fees', sub.currencyId), bucket: 'available', amount: q.penalty });
    if (q.forfeited > 0n) {
      legs.push({ accountId: await ledger.systemAccount(trx, 'yield_pool', sub.currencyId), bucket: 'available', amount: q.forfeited });
    }
    await ledger.post(
      trx,
      { kind: 'savings_redeem', refType: 'savings_subscription', refId: sub.id, idempotencyKey: `savings:${sub.id}:redeem`, legs },
      now,
    );
    return { sub: (await repo.findSubscription(trx, sub.id))!, product: p, currency: c };
  });
  ctx.realtime.publish(`user:${userId}`, 'savings', { reason: 'redeemed', id });
  return orderView(result.sub, result.product, result.currency, lang);
}

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

export async function listOrders(
  ctx: AppContext,
  userId: number | undefined,
  f: { status?: Subscription['status']; kind?: Kind; productId?: number; page: number; limit: number; lang: string },
) {
  const { total, rows } = await repo.listSubscriptions(ctx.db, { ...f, userId });
  const cur = await currencyMap(ctx);
  const products = new Map((await repo.listProducts(ctx.db)).map((p) => [p.id, p]));
  return {
    total,
    page: f.page,
    limit: f.limit,
    list: rows.map((s) => ({ ...orderView(s, products.get(s.productId)!, currencyOf(cur, s.currencyId), f.lang), user_id: s.userId })),
  };
}

export async function listIncomeRecords(ctx: AppContext, userId: number, f: { subscriptionId?: string; page: number; limit: number; lang: string }) {
  const { total, rows } = await repo.listIncomes(ctx.db, { userId, ...f });
  const cur = await currencyMap(ctx);
  const products = new Map((await repo.listProducts(ctx.db)).map((p) => [p.id, p]));
  return {
    total,
    page: f.page,
    limit: f.limit,
    list: rows.map((r) => {
      const p = products.get(r.productId)!;
      const c = currencyOf(cur, p.currencyId);
      return {
        subscription_id: r.subscriptionId,
        product_id: p.id,
        kind: p.kind,
        name: productName(p, f.lang),
        currency: c.name,
        date: dayStart(r.day).toISOString().slice(0, 10),
        rate: r.rate,
        amount: formatUnits(r.amount, c.decimals),
        paid_at: r.createdAt.toISOString(),
      };
    }),
  };
}

/** The savings centre's figures: the platform's (everyone) and, when signed in, the user's. */
export async function centreFigures(ctx: AppContext, userId: number | null) {
  const cur = await currencyMap(ctx);
  const plat = await repo.platformFigures(ctx.db);
  const platform = {
    total_output: plat.output.map((r) => ({ currency: currencyOf(cur, r.currency_id).name, currency_id: r.currency_id, amount: formatUnits(BigInt(r.total), currencyOf(cur, r.currency_id).decimals) })),
    participants: plat.participants,
    // A "node" is one active subscription: the figure is counted, never configured.
    valid_nodes: plat.activeSubscriptions,
  };
  if (userId === null) return { platform, user: null };
  const yesterday = dayOf(savingsClock(ctx).now()) - 1;
  const u = await repo.userFigures(ctx.db, userId, yesterday);
  const ids = new Set([...u.saving.map((r) => r.currency_id), ...u.income.map((r) => r.currency_id)]);
  const user = [...ids].map((id) => {
    const c = currencyOf(cur, id);
    const s = u.saving.find((r) => r.currency_id === id);
    const i = u.income.find((r) => r.currency_id === id);
    return {
      currency_id: id,
      currency: c.name,
      saving: formatUnits(BigInt(s?.saving ?? '0'), c.decimals),
      orders: Number(s?.n ?? 0),
      accumulated_income: formatUnits(BigInt(i?.total ?? '0'), c.decimals),
      yesterday_income: formatUnits(BigInt(i?.yesterday ?? '0'), c.decimals),
    };
  });
  return { platform, user };
}

/** Days of income the profit statistics chart (and its 7/30-day sums) covers. */
export const PROFIT_DAYS = 30;

/**
 * Profit statistics of a user, per currency: all income, yesterday's, the last 7 and 30 UTC days,
 * per family, penalties paid, lease fees paid (prepaid machine leases, never returned, so the
 * output can be read against them), and one figure per day of the last 30 (zero when nothing was paid).
 * "Yesterday" is the last complete UTC day on the savings engine's clock, as in the centre.
 */
export async function profitStats(ctx: AppContext, userId: number) {
  const cur = await currencyMap(ctx);
  const today = dayOf(savingsClock(ctx).now());
  const from = today - PROFIT_DAYS;
  const r = await repo.userProfit(ctx.db, userId, from);
  const ids = [...new Set([...r.byKind, ...r.penalties, ...r.leaseFees].map((x) => x.currency_id))].sort((a, b) => a - b);
  return ids.map((id) => {
    const c = currencyOf(cur, id);
    const f = (v: bigint) => formatUnits(v, c.decimals);
    const days = new Map(r.daily.filter((x) => x.currency_id === id).map((x) => [x.day, BigInt(x.total)]));
    const sumFrom = (first: number) => [...days].reduce((a, [d, v]) => (d >= first ? a + v : a), 0n);
    const kinds = r.byKind.filter((x) => x.currency_id === id);
    const pen = r.penalties.find((x) => x.currency_id === id);
    return {
      currency_id: id,
      currency: c.name,
      decimals: c.decimals,
      total: f(kinds.reduce((a, x) => a + BigInt(x.total), 0n)),
      payments: kinds.reduce((a, x) => a + Number(x.n), 0),
      yesterday: f(days.get(today - 1) ?? 0n),
      last_7_days: f(sumFrom(today - 7)),
      last_30_days: f(sumFrom(today - PROFIT_DAYS)),
      by_kind: repo.KINDS.map((k) => ({ kind: k, total: f(BigInt(kinds.find((x) => x.kind === k)?.total ?? '0')) })),
      penalties: f(BigInt(pen?.penalty ?? '0')),
      forfeited: f(BigInt(pen?.forfeited ?? '0')),
      lease_fees: f(BigInt(r.leaseFees.find((x) => x.currency_id === id)?.fees ?? '0')),
      daily: Array.from({ length: PROFIT_DAYS }, (_, k) => {
        const d = today - PROFIT_DAYS + k;
        return { date: dayStart(d).toISOString().slice(0, 10), amount: f(days.get(d) ?? 0n) };
      }),
    };
  });
}

// ---- console ----

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
  const rows = await ctx.db
    .selectFrom('accounts')
    .select(['system_code', 'currency_id', 'available'])
    .where('system_code', 'in', ['yield_pool', 'savings_pool', 'savings_revenue'])
    .execute();
  return ids.map((id) => {
    const c = currencyOf(cur, id);
    const get = (code: string) => BigInt(rows.find((r) => r.system_code === code && r.currency_id === id)?.available ?? '0');
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
  const { total, rows } = await repo.listRuns(ctx.db, f);
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

/** The rate a range product would draw for a day (published rule; shown in the console). */
export function previewRate(p: Product, day: number): string {
  return drawRate(p, day).toFixed();
}

