/** SQL of the savings records and figures (Kysely): income records, the centre's and a user's figures, accrual runs, profit statistics. */
import type { SavingsRunStatus } from '@bourse/contract';
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { trimRate } from './repo';

type Executor = Database | Transaction<DB>;

// ---- incomes ----

export interface IncomeRow {
  subscriptionId: string;
  day: number;
  productId: number;
  rate: string;
  amount: bigint;
  createdAt: Date;
}

export async function listIncomes(
  db: Executor,
  f: { userId: number; subscriptionId?: string; page: number; limit: number },
): Promise<{ total: number; rows: IncomeRow[] }> {
  let q = db.selectFrom('savings_incomes').where('user_id', '=', f.userId);
  if (f.subscriptionId) q = q.where('subscription_id', '=', f.subscriptionId);
  const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['subscription_id', 'day', 'product_id', 'rate', 'amount', 'created_at'])
    .orderBy('day', 'desc')
    .orderBy('subscription_id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      subscriptionId: String(r.subscription_id),
      day: r.day,
      productId: r.product_id,
      rate: trimRate(r.rate),
      amount: BigInt(r.amount),
      createdAt: r.created_at,
    })),
  };
}

/** Per currency: income paid on a day, all income, active balance of a user (or everyone). */
export async function userFigures(db: Executor, userId: number, day: number) {
  const saving = await db
    .selectFrom('savings_subscriptions')
    // A prepaid lease's fee is not the user's money: it is not "saving" (the order still counts).
    .select(['currency_id', sql<string>`coalesce(sum(balance) filter (where refund_principal), 0)`.as('saving'), sql<string>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .groupBy('currency_id')
    .execute();
  const income = await db
    .selectFrom('savings_incomes as i')
    .innerJoin('savings_products as p', 'p.id', 'i.product_id')
    .select([
      'p.currency_id',
      sql<string>`sum(i.amount)`.as('total'),
      sql<string>`coalesce(sum(i.amount) filter (where i.day = ${day}), 0)`.as('yesterday'),
    ])
    .where('i.user_id', '=', userId)
    .groupBy('p.currency_id')
    .execute();
  return { saving, income };
}

export async function platformFigures(db: Executor) {
  const output = await db
    .selectFrom('savings_runs as r')
    .innerJoin('savings_products as p', 'p.id', 'r.product_id')
    .select(['p.currency_id', sql<string>`sum(r.total_paid)`.as('total')])
    .groupBy('p.currency_id')
    .execute();
  const active = await db
    .selectFrom('savings_subscriptions')
    .select([sql<string>`count(*)`.as('subs'), sql<string>`count(distinct user_id)`.as('users')])
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return { output, activeSubscriptions: Number(active.subs), participants: Number(active.users) };
}

// ---- runs ----

export interface RunRow {
  productId: number;
  day: number;
  rate: string;
  status: SavingsRunStatus;
  paidCount: number;
  totalPaid: bigint;
  poolBalance: bigint | null;
  updatedAt: Date;
}

export async function listRuns(db: Executor, f: { productId?: number; page: number; limit: number }): Promise<{ total: number; rows: RunRow[] }> {
  let q = db.selectFrom('savings_runs');
  if (f.productId) q = q.where('product_id', '=', f.productId);
  const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('day', 'desc')
    .orderBy('product_id')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      productId: r.product_id,
      day: r.day,
      rate: trimRate(r.rate),
      status: r.status as SavingsRunStatus,
      paidCount: r.paid_count,
      totalPaid: BigInt(r.total_paid),
      poolBalance: r.pool_balance === null ? null : BigInt(r.pool_balance),
      updatedAt: r.updated_at,
    })),
  };
}

// ---- profit statistics ----

/** A user's income per currency and family, and per currency and day from `fromDay` on. */
export async function userProfit(db: Executor, userId: number, fromDay: number) {
  const byKind = await db
    .selectFrom('savings_incomes as i')
    .innerJoin('savings_products as p', 'p.id', 'i.product_id')
    .select(['p.currency_id', 'p.kind', sql<string>`sum(i.amount)`.as('total'), sql<string>`count(*)`.as('n')])
    .where('i.user_id', '=', userId)
    .groupBy(['p.currency_id', 'p.kind'])
    .execute();
  const daily = await db
    .selectFrom('savings_incomes as i')
    .innerJoin('savings_products as p', 'p.id', 'i.product_id')
    .select(['p.currency_id', 'i.day', sql<string>`sum(i.amount)`.as('total')])
    .where('i.user_id', '=', userId)
    .where('i.day', '>=', fromDay)
    .groupBy(['p.currency_id', 'i.day'])
    .execute();
  const penalties = await db
    .selectFrom('savings_subscriptions')
    .select(['currency_id', sql<string>`sum(penalty)`.as('penalty'), sql<string>`sum(forfeited)`.as('forfeited')])
    .where('user_id', '=', userId)
    .where('status', '=', 'redeemed')
    .groupBy('currency_id')
    .execute();
  // Prepaid leases: their fee is spent, not saved (never returned), so it stands beside the output.
  const leaseFees = await db
    .selectFrom('savings_subscriptions')
    .select(['currency_id', sql<string>`sum(principal)`.as('fees')])
    .where('user_id', '=', userId)
    .where('refund_principal', '=', false)
    .groupBy('currency_id')
    .execute();
  return { byKind, daily, penalties, leaseFees };
}

/** The last `n` recorded daily rates of a product (realized history, newest first). */
export async function recentRates(db: Executor, productId: number, n: number): Promise<Array<{ day: number; rate: string; status: SavingsRunStatus }>> {
  const rows = await db
    .selectFrom('savings_runs')
    .select(['day', 'rate', 'status'])
    .where('product_id', '=', productId)
    .orderBy('day', 'desc')
    .limit(n)
    .execute();
  return rows.map((r) => ({ day: r.day, rate: trimRate(r.rate), status: r.status as SavingsRunStatus }));
}
