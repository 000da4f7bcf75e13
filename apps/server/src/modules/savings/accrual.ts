/**
 * Daily accrual and maturity. Idempotent and crash-safe:
 * - a subscription is paid day by day (`next_day` moves by one per payment, guarded in SQL by
 *   `next_day = <day>`), one `savings_incomes` row per (subscription, day) (primary key) and one
 *   journal entry per (subscription, day) (idempotency key `savings:<id>:income:<day>`), all in
 *   the same transaction; a rerun or a crash therefore never pays twice, and a missed day is
 *   paid on the next run (days in order);
 * - income comes only from the `yield_pool` system account (operator-funded, never negative);
 *   when it cannot cover a product's day, that product's accrual stops (run `stalled`, product
 *   `accrual_status = 'stalled'`) until operators fund the pool;
 * - maturity returns the balance once (guarded `status = 'active'`, key `savings:<id>:maturity`);
 *   a prepaid lease (`refund_principal = false`) ends with refund 0 and no journal entry: its
 *   fee became platform revenue at subscription (see service.ts).
 */
import { Dec } from '@bourse/money';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { accountBalance, BatchRefused, ledger, postMany, type ManyEntry } from '../ledger';
import { savingsClock } from './clock';
import * as repo from './repo';
import { accrueDay, drawRate, lastDueDay, type AccrualStep } from './rules';

export interface AccrualSummary {
  dueDay: number;
  paid: number;
  stalled: Array<{ productId: number; day: number }>;
  matured: number;
}

const DEFAULT_CHUNK = 500;

/** Pays every due day of every active subscription, then returns matured principal. */
/** `onChunk` is told after each committed chunk (the crash test waits for it before killing). */
export async function runAccrual(ctx: AppContext, opts: { chunk?: number; onChunk?: (paid: number) => void } = {}): Promise<AccrualSummary> {
  const chunk = opts.chunk ?? DEFAULT_CHUNK;
  const now = savingsClock(ctx).now();
  const dueDay = lastDueDay(now, ctx.config.savings.accrualMinute);
  const stalled = new Map<number, number>();
  let paid = 0;
  for (;;) {
    const groups = await ctx.db
      .selectFrom('savings_subscriptions')
      .select(['product_id', 'next_day'])
      .distinct()
      .where('status', '=', 'active')
      .where('next_day', '<=', dueDay)
      .where(sql<boolean>`next_day < end_day`)
      .orderBy('next_day')
      .orderBy('product_id')
      .execute();
    // One day per product per round, earliest first, so missed days are paid in order.
    const round = new Map<number, number>();
    for (const g of groups) if (!stalled.has(g.product_id) && !round.has(g.product_id)) round.set(g.product_id, g.next_day);
    if (round.size === 0) break;
    let progressed = false;
    for (const [productId, day] of round) {
      const r = await payProductDay(ctx, productId, day, chunk, now, opts.onChunk);
      paid += r.paid;
      if (r.paid > 0) progressed = true;
      if (r.stalled) stalled.set(productId, day);
      else progressed = true;
    }
    if (!progressed) break;
  }
  const matured = await matureDue(ctx, chunk, now);
  return { dueDay, paid, stalled: [...stalled].map(([productId, day]) => ({ productId, day })), matured };
}

interface DueSub {
  id: string;
  userId: number;
  accountId: number;
  principal: bigint;
  balance: bigint;
  accruedExact: string;
  incomePaid: bigint;
  poolPaid: bigint;
}

/** Pays one product's day to every subscription due for it. */
export async function payProductDay(
  ctx: AppContext,
  productId: number,
  day: number,
  chunk: number,
  now: Date,
  onChunk?: (paid: number) => void,
): Promise<{ paid: number; stalled: boolean }> {
  const product = await repo.findProduct(ctx.db, productId);
  if (!product) return { paid: 0, stalled: true };

  // The day's rate is drawn once and recorded before anything is paid.
  await ctx.db
    .insertInto('savings_runs')
    .values({ product_id: productId, day, rate: drawRate(product, day).toFixed(), updated_at: now })
    .onConflict((oc) => oc.columns(['product_id', 'day']).doNothing())
    .execute();
  const run = await ctx.db
    .selectFrom('savings_runs')
    .select('rate')
    .where('product_id', '=', productId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  const rate = run.rate;
  const rateDec = new Dec(rate);

  const rows = await ctx.db
    .selectFrom('savings_subscriptions')
    .select(['id', 'user_id', 'account_id', 'principal', 'balance', 'accrued_exact', 'income_paid', 'pool_paid'])
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .where('next_day', '=', day)
    .where(sql<boolean>`next_day < end_day`)
    .orderBy('id')
    .execute();
  const subs: Array<DueSub & { step: AccrualStep }> = rows.map((r) => {
    const s: DueSub = {
      id: String(r.id),
      userId: r.user_id,
      accountId: r.account_id,
      principal: BigInt(r.principal),
      balance: BigInt(r.balance),
      accruedExact: r.accrued_exact,
      incomePaid: BigInt(r.income_paid),
      poolPaid: BigInt(r.pool_paid),
    };
    return { ...s, step: accrueDay(s, rateDec, product.payout) };
  });

  const accounts = await ctx.db.transaction().execute(async (trx) => ({
    pool: await ledger.systemAccount(trx, 'yield_pool', product.currencyId),
    rounding: await ledger.systemAccount(trx, 'rounding', product.currencyId),
    savings: await ledger.systemAccount(trx, 'savings_pool', product.currencyId),
  }));

  const needed = subs.reduce((a, s) => a + s.step.poolAmount, 0n);
  const before = await accountBalance(ctx.db, accounts.pool);
  if (before.available < needed) {
    await markStalled(ctx, productId, day, before.available, now);
    return { paid: 0, stalled: true };
  }

  let paid = 0;
  for (let i = 0; i < subs.length; i += chunk) {
    const part = subs.slice(i, i + chunk);
    try {
      const n = await ctx.db.transaction().execute(async (trx) => {
        const updated = await sql<{ id: string }>`
          update savings_subscriptions s
             set next_day = s.next_day + 1, accrued_exact = v.exact, income_paid = v.ip, pool_paid = v.pp, balance = v.bal
            from unnest(${part.map((s) => s.id)}::bigint[], ${part.map((s) => s.step.accruedExact)}::numeric[],
                        ${part.map((s) => (s.incomePaid + s.step.userAmount).toString())}::numeric[],
                        ${part.map((s) => (s.poolPaid + s.step.poolAmount).toString())}::numeric[],
                        ${part.map((s) => (product.payout === 'compound' ? s.balance + s.step.userAmount : s.balance).toString())}::numeric[])
                 as v(id, exact, ip, pp, bal)
           where s.id = v.id and s.status = 'active' and s.next_day = ${day}
          returning s.id`.execute(trx);
        const done = new Set(updated.rows.map((r) => String(r.id)));
        const paidNow = part.filter((s) => done.has(s.id));
        // One journal entry per (subscription, day), posted through the ledger's primitive in
        // a few round trips per chunk (ledger.postMany; same keys, guards and checks as post).
        const entries: ManyEntry[] = [];
        const entryOf: number[] = [];
        for (const s of paidNow) {
          const legs: ManyEntry['legs'] = [];
          const { userAmount, poolAmount, rounding } = s.step;
          const c = product.currencyId;
          if (userAmount !== 0n) {
            legs.push({ accountId: product.payout === 'compound' ? accounts.savings : s.accountId, bucket: 'available', amount: userAmount, currencyId: c });
          }
          if (poolAmount !== 0n) legs.push({ accountId: accounts.pool, bucket: 'available', amount: -poolAmount, currencyId: c });
          if (rounding !== 0n) legs.push({ accountId: accounts.rounding, bucket: 'available', amount: rounding, currencyId: c });
          if (legs.length < 2) {
            entryOf.push(-1);
            continue;
          }
          entryOf.push(entries.length);
          entries.push({ kind: 'savings_income', refType: 'savings_subscription', refId: s.id, idempotencyKey: `savings:${s.id}:income:${day}`, legs });
        }
        const posted = entries.length ? await postMany(trx, entries, now) : [];
        const entryIds = entryOf.map((k) => (k < 0 ? '0' : posted[k]!));
        if (paidNow.length) {
          await sql`
            insert into savings_incomes (subscription_id, day, user_id, product_id, rate, amount, pool_amount, entry_id, created_at)
            select v.id, ${day}, v.uid, ${productId}, ${rate}::numeric, v.amt, v.pamt, nullif(v.eid, 0), ${now}
              from unnest(${paidNow.map((s) => s.id)}::bigint[], ${paidNow.map((s) => s.userId)}::integer[],
                          ${paidNow.map((s) => s.step.userAmount.toString())}::numeric[],
                          ${paidNow.map((s) => s.step.poolAmount.toString())}::numeric[],
                          ${entryIds}::bigint[]) as v(id, uid, amt, pamt, eid)`.execute(trx);
          const total = paidNow.reduce((a, s) => a + s.step.userAmount, 0n);
          await trx
            .updateTable('savings_runs')
            .set({
              paid_count: sql`paid_count + ${paidNow.length}`,
              total_paid: sql`total_paid + ${total.toString()}::numeric`,
              updated_at: now,
            })
            .where('product_id', '=', productId)
            .where('day', '=', day)
            .execute();
        }
        return paidNow.length;
      });
      paid += n;
      onChunk?.(n);
    } catch (err) {
      // The pool was drained between the check and the payment (another runner, an operator).
      if (err instanceof BatchRefused || (err instanceof AppError && err.code === 'insufficient_balance')) {
        const b = await accountBalance(ctx.db, accounts.pool);
        await markStalled(ctx, productId, day, b.available, now);
        return { paid, stalled: true };
      }
      throw err;
    }
  }

  const after = await accountBalance(ctx.db, accounts.pool);
  await ctx.db
    .updateTable('savings_runs')
    .set({ status: 'paid', pool_balance: after.available, updated_at: now })
    .where('product_id', '=', productId)
    .where('day', '=', day)
    .execute();
  if (product.accrualStatus === 'stalled') await repo.setAccrualStatus(ctx.db, productId, 'ok', null);
  return { paid, stalled: false };
}

async function markStalled(ctx: AppContext, productId: number, day: number, poolBalance: bigint, now: Date): Promise<void> {
  await ctx.db
    .updateTable('savings_runs')
    .set({ status: 'stalled', pool_balance: poolBalance, updated_at: now })
    .where('product_id', '=', productId)
    .where('day', '=', day)
    .execute();
  await repo.setAccrualStatus(ctx.db, productId, 'stalled', day);
  ctx.log.warn({ productId, day, poolBalance: poolBalance.toString() }, 'savings: yield pool cannot pay; accrual stopped for this product');
}

/** Returns the balance of every subscription whose last day has been paid. */
export async function matureDue(ctx: AppContext, chunk: number, now: Date): Promise<number> {
  let matured = 0;
  for (;;) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const rows = await sql<{ id: string; user_id: number; account_id: number; currency_id: number; balance: string; refund_principal: boolean }>`
        update savings_subscriptions
           set status = 'matured', refund = case when refund_principal then balance else 0 end, closed_at = ${now}
         where id in (select id from savings_subscriptions
                       where status = 'active' and next_day >= end_day order by id limit ${chunk})
           and status = 'active' and next_day >= end_day
        returning id, user_id, account_id, currency_id, balance, refund_principal`.execute(trx);
      const pools = new Map<number, number>();
      for (const r of rows.rows) {
        if (!r.refund_principal) continue; // a lease ends: nothing to return (refund recorded as 0)
        let pool = pools.get(r.currency_id);
        if (pool === undefined) {
          pool = await ledger.systemAccount(trx, 'savings_pool', r.currency_id);
          pools.set(r.currency_id, pool);
        }
        await ledger.transfer(
          trx,
          pool,
          r.account_id,
          BigInt(r.balance),
          {
            kind: 'savings_maturity',
            refType: 'savings_subscription',
            refId: String(r.id),
            idempotencyKey: `savings:${r.id}:maturity`,
          },
          now,
        );
      }
      return rows.rows.map((r) => r.user_id);
    });
    for (const userId of new Set(n)) ctx.realtime.publish(`user:${userId}`, 'savings', { reason: 'matured' });
    matured += n.length;
    if (n.length < chunk) break;
  }
  return matured;
}
