/** Rules of the savings domain a user meets: products, subscription, early redemption. */
import { purchaseWindowStatus } from '@bourse/contract';
import { formatUnits, parseAmountInput, parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import type { CurrencyRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { accountBalance, findUserAccountId, ledger, type Leg } from '../ledger';
import { savingsClock } from './clock';
import * as repo from './repo';
import * as recordsRepo from './records-repo';
import type { Kind, Product, Subscription } from './repo';
import { dayOf, dayStart, redemptionQuote } from './rules';
import { currencyMap, currencyOf, orderView, productView, type ProductView } from './views';

/** Principal comes from, and returns to, the user's coin account (account type 2 "change"). */
export const SAVINGS_ACCOUNT_TYPE = 2;

/**
 * A user-entered amount in base units, read by the shared parser (never rounded): empty →
 * field_required, not a number → field_invalid, too many decimals → amount_precision, <= 0 →
 * amount_not_positive.
 */
export function parseAmount(input: string | undefined, decimals: number, field = 'amount'): bigint {
  const r = parseAmountInput(input, decimals);
  if (r.ok) return r.units;
  switch (r.reason) {
    case 'empty':
      throw new AppError('field_required', { field });
    case 'too_many_places':
      throw new AppError('amount_precision', { decimals });
    case 'not_positive':
      throw new AppError('amount_not_positive');
    default:
      throw new AppError('field_invalid', { field });
  }
}

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
  const realized = (await recordsRepo.recentRates(ctx.db, p.id, 7)).map((r) => ({ date: dayStart(r.day).toISOString().slice(0, 10), rate: r.rate, status: r.status }));
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
