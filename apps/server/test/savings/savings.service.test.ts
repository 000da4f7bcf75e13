/**
 * The savings engine on the real database with a manual clock: joining (bounds, quota, window,
 * balance, idempotency), daily accrual (once per subscription and day, catch-up, stall on an
 * empty yield pool), maturity (principal once), early redemption (penalty, forfeiture,
 * compounding) and the books after each scenario.
 */
import { purchaseWindowStatus } from '@bourse/contract';
import { Dec } from '@bourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors';
import { currencyTotals, reconcile } from '../../src/modules/ledger';
import { runAccrual, startSavingsJobs } from '../../src/modules/savings';
import { findSubscription } from '../../src/modules/savings/repo';
import { drawRate } from '../../src/modules/savings/rules';
import { editProduct, productInput, type ProductForm } from '../../src/modules/savings/console';
import { centreFigures } from '../../src/modules/savings/records';
import { redeemEarly, redeemQuote, subscribe } from '../../src/modules/savings/service';
import { DAY, savingsFixture, type SavingsFixture } from './fixture';

let f: SavingsFixture;
beforeAll(async () => {
  f = await savingsFixture();
  await f.fundPool('1000000');
});
afterAll(async () => {
  const r = await reconcile(f.db);
  expect(r.violations).toEqual([]);
  await f.close();
});

async function expectCode(p: Promise<unknown>, code: string) {
  await expect(p).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === code);
}

async function incomes(subId: string) {
  return f.db.selectFrom('savings_incomes').selectAll().where('subscription_id', '=', subId).orderBy('day').execute();
}

describe('purchase window status', () => {
  it('is 2 before the start, 0/1 inside by the flag, 0 from the end on', () => {
    expect(purchaseWindowStatus(1, 100, 200, 99)).toBe(2);
    expect(purchaseWindowStatus(1, 100, 200, 100)).toBe(1);
    expect(purchaseWindowStatus(0, 100, 200, 150)).toBe(0);
    expect(purchaseWindowStatus(1, 100, 200, 199)).toBe(1);
    expect(purchaseWindowStatus(1, 100, 200, 200)).toBe(0);
  });
});

describe('joining', () => {
  it('moves the principal from the coin account to the savings pool in one entry', async () => {
    const user = await f.user('1000');
    const pid = await f.product();
    const poolBefore = await f.system('savings_pool');
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '250.5' });
    expect(sub.principal).toBe(f.u('250.5'));
    expect(await f.userBalance(user)).toBe(f.u('749.5'));
    expect((await f.system('savings_pool')) - poolBefore).toBe(f.u('250.5'));
    const entry = await f.db.selectFrom('journal_entries').selectAll().where('idempotency_key', '=', `savings:${sub.id}:principal`).executeTakeFirst();
    expect(entry?.kind).toBe('savings_subscribe');
  });

  it('refuses amounts out of bounds, over the quota, without balance, or outside the window', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ minAmount: f.u('10'), maxAmount: f.u('300'), totalQuota: f.u('500') });
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '9.99' }), 'savings_amount_below_min');
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '300.01' }), 'savings_amount_above_max');
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '0' }), 'amount_not_positive');
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '1.0000001' }), 'amount_precision');
    await subscribe(f.ctx, user, { productId: pid, amount: '200' });
    // Per-user maximum counts what the user already holds in the product.
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '101' }), 'savings_amount_above_max');
    const other = await f.user('1000');
    await subscribe(f.ctx, other, { productId: pid, amount: '300' });
    await expectCode(subscribe(f.ctx, user, { productId: pid, amount: '10' }), 'savings_quota_exceeded');
    const poor = await f.user('5');
    const pid2 = await f.product();
    await expectCode(subscribe(f.ctx, poor, { productId: pid2, amount: '10' }), 'insufficient_balance');
    // Nothing of a refused join stays: no subscription, no quota used.
    const p2 = await f.db.selectFrom('savings_products').select('sold').where('id', '=', pid2).executeTakeFirstOrThrow();
    expect(BigInt(p2.sold)).toBe(0n);

    const later = await f.product({ windowStart: new Date(f.clock.now().getTime() + DAY), windowEnd: new Date(f.clock.now().getTime() + 2 * DAY) });
    await expectCode(subscribe(f.ctx, user, { productId: later, amount: '10' }), 'savings_window_not_started');
    const ended = await f.product({ windowStart: new Date(f.clock.now().getTime() - 2 * DAY), windowEnd: f.clock.now() });
    await expectCode(subscribe(f.ctx, user, { productId: ended, amount: '10' }), 'savings_window_ended');
    const closed = await f.product({ status: 0 });
    await expectCode(subscribe(f.ctx, user, { productId: closed, amount: '10' }), 'savings_product_closed');
  });

  it('returns the same subscription for a repeated idempotency key', async () => {
    const user = await f.user('1000');
    const pid = await f.product();
    const a = await subscribe(f.ctx, user, { productId: pid, amount: '100', clientKey: 'k-1' });
    const b = await subscribe(f.ctx, user, { productId: pid, amount: '100', clientKey: 'k-1' });
    expect(b.id).toBe(a.id);
    expect(await f.userBalance(user)).toBe(f.u('900'));
  });

  it('answers concurrent joins with one request key with the one subscription (one debit)', async () => {
    const user = await f.user('1000');
    const pid = await f.product();
    const other = await f.product();
    // A double tap (same product) and a replay against another product, all at once: on
    // PostgreSQL the later ones wait for the product lock or meet the unique index.
    const results = await Promise.all([
      subscribe(f.ctx, user, { productId: pid, amount: '100', clientKey: 'dbl' }),
      subscribe(f.ctx, user, { productId: pid, amount: '100', clientKey: 'dbl' }),
      subscribe(f.ctx, user, { productId: other, amount: '100', clientKey: 'dbl' }),
      subscribe(f.ctx, user, { productId: pid, amount: '100', clientKey: 'dbl' }),
    ]);
    expect(new Set(results.map((s) => s.id)).size).toBe(1);
    const rows = await f.db.selectFrom('savings_subscriptions').select('id').where('user_id', '=', user).execute();
    expect(rows).toHaveLength(1);
    expect(await f.userBalance(user)).toBe(f.u('900'));
  });

  it('never oversells the quota under parallel joins', async () => {
    const pid = await f.product({ totalQuota: f.u('1000'), maxAmount: f.u('1000') });
    const users = await Promise.all(Array.from({ length: 12 }, () => f.user('1000')));
    const results = await Promise.allSettled(users.map((u) => subscribe(f.ctx, u, { productId: pid, amount: '100' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const p = await f.db.selectFrom('savings_products').select('sold').where('id', '=', pid).executeTakeFirstOrThrow();
    expect(BigInt(p.sold)).toBe(f.u('1000'));
  });
});

/** A moment on a UTC day number (minutes after midnight). */
function at(day: number, minutes = 60): Date {
  return new Date(day * DAY + minutes * 60_000);
}
async function subRow(id: string) {
  return (await findSubscription(f.db, id))!;
}

describe('accrual and maturity', () => {
  it('pays each day once, catches up missed days, and returns the principal once at maturity', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ termDays: 3, dailyRate: '0.0015', rateMax: '0.0015' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '333.333333' });
    // Same day: nothing due yet (value date is the next UTC day).
    await runAccrual(f.ctx);
    expect(await incomes(sub.id)).toHaveLength(0);
    // Day 1 ends at midnight; its income is due at 00:05 UTC.
    f.clock.set(at(sub.startDay + 1, 4));
    await runAccrual(f.ctx);
    expect(await incomes(sub.id)).toHaveLength(0);
    f.clock.set(at(sub.startDay + 1, 6));
    await runAccrual(f.ctx);
    await runAccrual(f.ctx);
    expect(await incomes(sub.id)).toHaveLength(1);
    // Exact income of a day: 333.333333 × 0.0015 = 0.4999999995 → user 0.499999, pool 0.5.
    expect(await f.userBalance(user)).toBe(f.u('667.166666'));
    const s1 = await subRow(sub.id);
    expect([s1.incomePaid, s1.poolPaid]).toEqual([499_999n, 500_000n]);
    // Two days later at once: days 2 and 3 are paid in order, then maturity.
    f.clock.set(at(sub.startDay + 3, 600));
    await runAccrual(f.ctx);
    const rows = await incomes(sub.id);
    expect(rows.map((x) => x.day)).toEqual([sub.startDay, sub.startDay + 1, sub.startDay + 2]);
    const exact = new Dec(f.u('333.333333').toString()).mul('0.0015').mul(3);
    const paid = rows.reduce((a, x) => a + BigInt(x.amount), 0n);
    const fromPool = rows.reduce((a, x) => a + BigInt(x.pool_amount), 0n);
    expect(paid).toBe(BigInt(exact.floor().toFixed(0)));
    expect(fromPool).toBe(BigInt(exact.ceil().toFixed(0)));
    expect(await f.userBalance(user)).toBe(f.u('1000') + paid);
    expect((await subRow(sub.id)).status).toBe('matured');
    await runAccrual(f.ctx);
    expect(await f.userBalance(user)).toBe(f.u('1000') + paid);
    const maturity = await f.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', `savings:${sub.id}:maturity`).execute();
    expect(maturity).toHaveLength(1);
  });

  it('stops a product visibly when the yield pool cannot pay, and resumes once funded', async () => {
    const c = f.trc;
    const user = await f.user('1000', c);
    const pid = await f.product({ currencyId: c.id, termDays: 5, dailyRate: '0.01', rateMax: '0.01', minAmount: f.u('1', c) });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '1000' });
    await f.fundPool('15', c); // one day (10) but not two
    f.clock.set(at(sub.startDay + 2));
    const r = await runAccrual(f.ctx);
    expect(r.stalled).toEqual([{ productId: pid, day: sub.startDay + 1 }]);
    expect(await incomes(sub.id)).toHaveLength(1);
    const p = await f.db.selectFrom('savings_products').select(['accrual_status', 'stalled_day']).where('id', '=', pid).executeTakeFirstOrThrow();
    expect(p).toEqual({ accrual_status: 'stalled', stalled_day: sub.startDay + 1 });
    expect(await f.system('yield_pool', c)).toBe(f.u('5', c));
    const run = await f.db.selectFrom('savings_runs').selectAll().where('product_id', '=', pid).where('day', '=', sub.startDay + 1).executeTakeFirstOrThrow();
    expect(run.status).toBe('stalled');
    await f.fundPool('100', c);
    const r2 = await runAccrual(f.ctx);
    expect(r2.stalled).toEqual([]);
    const p2 = await f.db.selectFrom('savings_products').select('accrual_status').where('id', '=', pid).executeTakeFirstOrThrow();
    expect(p2.accrual_status).toBe('ok');
    expect(await incomes(sub.id)).toHaveLength(2);
  });

  it('draws a range rate by the published rule and records it per product and day', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ rateMode: 'range', dailyRate: '0.0002', rateMax: '0.0006' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '1000' });
    f.clock.set(at(sub.startDay + 3));
    await runAccrual(f.ctx);
    const runs = await f.db.selectFrom('savings_runs').selectAll().where('product_id', '=', pid).orderBy('day').execute();
    expect(runs).toHaveLength(3);
    for (const r of runs) {
      const expected = drawRate({ id: pid, rateMode: 'range', dailyRate: '0.0002', rateMax: '0.0006' }, r.day);
      expect(new Dec(r.rate).eq(expected)).toBe(true);
      expect(expected.gte('0.0002') && expected.lte('0.0006')).toBe(true);
    }
    const rows = await incomes(sub.id);
    expect(rows.map((x) => x.rate)).toEqual(runs.map((r) => r.rate));
  });
});

describe('early redemption', () => {
  it('returns principal less penalty; the quote and the record show the same figure', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ penaltyRate: '0.0125' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '123.456789' });
    const feesBefore = await f.system('fees');
    const q = await redeemQuote(f.ctx, user, sub.id);
    // ceil(123456789 × 0.0125) = ceil(1543209.8625) = 1543210 base units
    expect(q.penalty).toBe('1.54321');
    expect(q.refund).toBe('121.913579');
    const v = await redeemEarly(f.ctx, user, sub.id, q.refund);
    expect(v.status).toBe('redeemed');
    expect(v.penalty).toBe(q.penalty);
    expect(v.refund).toBe(q.refund);
    expect((await f.system('fees')) - feesBefore).toBe(1_543_210n);
    expect(await f.userBalance(user)).toBe(f.u('1000') - 1_543_210n);
    await expectCode(redeemEarly(f.ctx, user, sub.id), 'savings_order_not_active');
  });

  it('refuses another user, a stale quote, and products without early redemption', async () => {
    const user = await f.user('1000');
    const pid = await f.product();
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '100' });
    const stranger = await f.user('0');
    await expectCode(redeemEarly(f.ctx, stranger, sub.id), 'savings_order_not_found');
    await expectCode(redeemEarly(f.ctx, user, sub.id, '100'), 'savings_quote_changed');
    const locked = await f.product({ earlyRedeem: false });
    const sub2 = await subscribe(f.ctx, user, { productId: locked, amount: '100' });
    await expectCode(redeemQuote(f.ctx, user, sub2.id), 'savings_early_redeem_not_allowed');
    await expectCode(redeemEarly(f.ctx, user, sub2.id), 'savings_early_redeem_not_allowed');
  });

  it('redeems when the confirmed refund is zero (a 100% penalty), and refuses a malformed figure', async () => {
    const user = await f.user('100');
    const pid = await f.product({ penaltyRate: '1' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '100' });
    const q = await redeemQuote(f.ctx, user, sub.id);
    expect(q).toMatchObject({ penalty: '100', refund: '0' });
    await expectCode(redeemEarly(f.ctx, user, sub.id, 'abc'), 'field_invalid');
    const feesBefore = await f.system('fees');
    const v = await redeemEarly(f.ctx, user, sub.id, q.refund);
    expect(v).toMatchObject({ status: 'redeemed', penalty: '100', refund: '0' });
    expect((await f.system('fees')) - feesBefore).toBe(f.u('100'));
    expect(await f.userBalance(user)).toBe(0n);
  });

  it('forfeits paid income from the refund (to the yield pool) when the product says so', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ termDays: 30, dailyRate: '0.001', rateMax: '0.001', penaltyRate: '0.02', forfeitIncome: true });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '500' });
    f.clock.set(at(sub.startDay + 3));
    await runAccrual(f.ctx);
    expect(await incomes(sub.id)).toHaveLength(3); // 3 × 0.5
    expect(await f.userBalance(user)).toBe(f.u('501.5'));
    const q = await redeemQuote(f.ctx, user, sub.id);
    expect([q.penalty, q.forfeited, q.refund]).toEqual(['10', '1.5', '488.5']);
    const pool = await f.system('yield_pool');
    await redeemEarly(f.ctx, user, sub.id, q.refund);
    expect(await f.userBalance(user)).toBe(f.u('990'));
    expect((await f.system('yield_pool')) - pool).toBe(f.u('1.5'));
    // No more income after redemption.
    f.clock.set(at(sub.startDay + 6));
    await runAccrual(f.ctx);
    expect(await incomes(sub.id)).toHaveLength(3);
  });

  it('compounds income into the balance and returns it at maturity', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ termDays: 3, dailyRate: '0.01', rateMax: '0.01', payout: 'compound' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '100' });
    f.clock.set(at(sub.startDay + 1));
    await runAccrual(f.ctx);
    expect((await subRow(sub.id)).balance).toBe(f.u('101'));
    expect(await f.userBalance(user)).toBe(f.u('900'));
    f.clock.set(at(sub.startDay + 3));
    await runAccrual(f.ctx);
    // 100 → 101 → 102.01 → 103.0301
    const s2 = await subRow(sub.id);
    expect(s2.status).toBe('matured');
    expect(s2.balance).toBe(f.u('103.0301'));
    expect(await f.userBalance(user)).toBe(f.u('1003.0301'));
  });
});

describe('machine lease (prepaid fee, docs/product/savings.md: nothing is refunded)', () => {
  const lease = { kind: 'machine' as const, refundPrincipal: false, earlyRedeem: false, penaltyRate: '0', payout: 'account' as const };

  it('books the fee to savings revenue, pays daily output, refuses early exit, and ends with nothing returned', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ ...lease, termDays: 3, dailyRate: '0.01', rateMax: '0.01' });
    const [poolBefore, revenueBefore] = [await f.system('savings_pool'), await f.system('savings_revenue')];
    const totalsBefore = (await currencyTotals(f.db)).find((t) => t.currencyId === f.usdt.id)!;
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '500' });
    expect(sub.refundPrincipal).toBe(false);
    expect(await f.userBalance(user)).toBe(f.u('500'));
    // The fee is the platform's at once: revenue +500, nothing parked in the savings pool.
    expect((await f.system('savings_revenue')) - revenueBefore).toBe(f.u('500'));
    expect(await f.system('savings_pool')).toBe(poolBefore);
    const keys = await f.db.selectFrom('journal_entries').select(['idempotency_key', 'kind']).where('ref_id', '=', sub.id).where('kind', 'like', 'savings_%').execute();
    expect(keys).toEqual([{ idempotency_key: `savings:${sub.id}:lease_fee`, kind: 'savings_lease_fee' }]);
    // Liabilities: users hold 500 less; the system side holds it (revenue), the currency still sums to zero.
    const totals = (await currencyTotals(f.db)).find((t) => t.currencyId === f.usdt.id)!;
    expect(totalsBefore.usersAvailable - totals.usersAvailable).toBe(f.u('500'));
    expect(totals.systemTotal - totalsBefore.systemTotal).toBe(f.u('500'));
    expect(totals.total).toBe(0n);
    // "Currently saving" does not count a fee the user will not get back; the order still counts.
    const centre = await centreFigures(f.ctx, user);
    expect(centre.user).toEqual([expect.objectContaining({ saving: '0', orders: 1 })]);

    // Early redemption is refused, for the quote and for the redemption.
    await expectCode(redeemQuote(f.ctx, user, sub.id), 'savings_lease_not_refundable');
    await expectCode(redeemEarly(f.ctx, user, sub.id), 'savings_lease_not_refundable');
    await expectCode(redeemEarly(f.ctx, user, sub.id, '500'), 'savings_lease_not_refundable');

    // Daily output, each day once: 3 × 500 × 0.01 = 15.
    f.clock.set(at(sub.startDay + 1));
    await runAccrual(f.ctx);
    expect(await f.userBalance(user)).toBe(f.u('505'));
    f.clock.set(at(sub.startDay + 3));
    await runAccrual(f.ctx);
    await runAccrual(f.ctx);
    expect((await incomes(sub.id)).map((r) => BigInt(r.amount))).toEqual([f.u('5'), f.u('5'), f.u('5')]);
    // Maturity ends the lease: status matured, refund 0, no maturity entry, the fee stays revenue.
    const ended = await subRow(sub.id);
    expect([ended.status, ended.refund, ended.closedAt !== null]).toEqual(['matured', 0n, true]);
    expect(await f.userBalance(user)).toBe(f.u('515'));
    expect((await f.system('savings_revenue')) - revenueBefore).toBe(f.u('500'));
    expect(await f.system('savings_pool')).toBe(poolBefore);
    const maturity = await f.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', `savings:${sub.id}:maturity`).execute();
    expect(maturity).toHaveLength(0);
    await expectCode(redeemEarly(f.ctx, user, sub.id), 'savings_order_not_active');
    expect((await reconcile(f.db)).violations).toEqual([]);
  });

  it('keeps a refunding product beside it unchanged, and an order keeps the rule it was sold on', async () => {
    const user = await f.user('1000');
    const pid = await f.product({ kind: 'machine', termDays: 2, earlyRedeem: false, penaltyRate: '0' });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '100' });
    expect(sub.refundPrincipal).toBe(true);
    // Even if the product row were switched to a lease (the demo migration does this for the demo
    // product), an order sold with a refund keeps it.
    await f.db.updateTable('savings_products').set({ refund_principal: false }).where('id', '=', pid).execute();
    f.clock.set(at(sub.startDay + 2));
    await runAccrual(f.ctx);
    const s = await subRow(sub.id);
    expect([s.status, s.refund]).toEqual(['matured', f.u('100')]);
    expect(await f.userBalance(user)).toBe(f.u('1000') + s.incomePaid);
  });

  it('validates lease terms and locks the refund rule once sold', async () => {
    const form: ProductForm = {
      kind: 'machine',
      names: { en: 'Lease' },
      currency_id: f.usdt.id,
      term_days: 5,
      rate_mode: 'fixed',
      daily_rate: '0.001',
      min_amount: '10',
      max_amount: '1000',
      total_quota: '10000',
      start_time: new Date(f.clock.now().getTime() - DAY).toISOString(),
      end_time: new Date(f.clock.now().getTime() + 30 * DAY).toISOString(),
      penalty_rate: '0',
      early_redeem: false,
      forfeit_income: false,
      refund_principal: false,
      payout: 'account',
      status: 1,
      sort: 0,
    };
    await expectCode(productInput(f.ctx, { ...form, early_redeem: true }), 'savings_product_invalid');
    await expectCode(productInput(f.ctx, { ...form, payout: 'compound' }), 'savings_product_invalid');
    expect((await productInput(f.ctx, form)).refundPrincipal).toBe(false);
    expect((await productInput(f.ctx, { ...form, refund_principal: undefined })).refundPrincipal).toBe(true);
    // The database refuses the combination too.
    await expect(f.product({ ...lease, earlyRedeem: true })).rejects.toThrow();
    const pid = await f.product({ ...lease, termDays: 5 });
    await subscribe(f.ctx, await f.user('100'), { productId: pid, amount: '50' });
    await expectCode(editProduct(f.ctx, pid, { ...form, refund_principal: true }), 'savings_product_invalid');
    const r = await editProduct(f.ctx, pid, { ...form, total_quota: '20000' });
    expect(r.after?.refundPrincipal).toBe(false);
  });
});

describe('scheduler', () => {
  it('runs accrual on its own and stops cleanly', async () => {
    const user = await f.user('100');
    const pid = await f.product({ termDays: 2 });
    const sub = await subscribe(f.ctx, user, { productId: pid, amount: '50' });
    f.clock.set(at(sub.startDay + 2));
    const ctx = { ...f.ctx, config: { ...f.ctx.config, savings: { ...f.ctx.config.savings, jobMs: 20 } } };
    const jobs = await startSavingsJobs(ctx);
    await expect.poll(async () => (await subRow(sub.id)).status, { timeout: 30_000 }).toBe('matured');
    await jobs.stop();
    expect(await incomes(sub.id)).toHaveLength(2);
  });
});
