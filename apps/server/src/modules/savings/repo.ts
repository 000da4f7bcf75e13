/**
 * SQL of the savings products and subscriptions (Kysely); the records, figures and runs are read
 * by records-repo.ts. NUMERIC columns arrive as strings and leave as bigint.
 */
import { sql, type Selectable } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type { SavingsProductsTable, SavingsSubscriptionsTable } from '../../db/tables/savings';

type Trx = Transaction<DB>;
type Executor = Database | Trx;

export type Kind = 'savings' | 'lock' | 'pledge' | 'machine';
export const KINDS: readonly Kind[] = ['savings', 'lock', 'pledge', 'machine'];

export interface Product {
  id: number;
  kind: Kind;
  names: Record<string, string>;
  currencyId: number;
  termDays: number;
  rateMode: 'fixed' | 'range';
  dailyRate: string;
  rateMax: string;
  minAmount: bigint;
  maxAmount: bigint;
  totalQuota: bigint;
  sold: bigint;
  windowStart: Date;
  windowEnd: Date;
  penaltyRate: string;
  earlyRedeem: boolean;
  forfeitIncome: boolean;
  /** False for a prepaid lease: the amount paid is a fee, not returned at maturity or early. */
  refundPrincipal: boolean;
  payout: 'account' | 'compound';
  status: number;
  accrualStatus: 'ok' | 'stalled';
  stalledDay: number | null;
  sort: number;
  isDemo: boolean;
  createdAt: Date;
  updatedAt: Date;
}

type ProductRow = Selectable<SavingsProductsTable>;

/** Trims a NUMERIC(38,18) text to its shortest exact form ("0.001000000000000000" → "0.001"). */
export function trimRate(v: string): string {
  return v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v;
}

function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    kind: r.kind as Kind,
    names: (typeof r.names === 'string' ? JSON.parse(r.names) : r.names) as Record<string, string>,
    currencyId: r.currency_id,
    termDays: r.term_days,
    rateMode: r.rate_mode as Product['rateMode'],
    dailyRate: trimRate(r.daily_rate),
    rateMax: trimRate(r.rate_max),
    minAmount: BigInt(r.min_amount),
    maxAmount: BigInt(r.max_amount),
    totalQuota: BigInt(r.total_quota),
    sold: BigInt(r.sold),
    windowStart: r.window_start,
    windowEnd: r.window_end,
    penaltyRate: trimRate(r.penalty_rate),
    earlyRedeem: r.early_redeem,
    forfeitIncome: r.forfeit_income,
    refundPrincipal: r.refund_principal,
    payout: r.payout as Product['payout'],
    status: r.status,
    accrualStatus: r.accrual_status as Product['accrualStatus'],
    stalledDay: r.stalled_day,
    sort: r.sort,
    isDemo: r.is_demo,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listProducts(db: Executor, opts: { kind?: Kind; visibleOnly?: boolean } = {}): Promise<Product[]> {
  let q = db.selectFrom('savings_products').selectAll().orderBy('sort').orderBy('id');
  if (opts.kind) q = q.where('kind', '=', opts.kind);
  if (opts.visibleOnly) q = q.where('status', '=', 1);
  return (await q.execute()).map(toProduct);
}

export async function findProduct(db: Executor, id: number, forUpdate = false): Promise<Product | null> {
  let q = db.selectFrom('savings_products').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toProduct(r) : null;
}

export interface ProductInput {
  kind: Kind;
  names: Record<string, string>;
  currencyId: number;
  termDays: number;
  rateMode: 'fixed' | 'range';
  dailyRate: string;
  rateMax: string;
  minAmount: bigint;
  maxAmount: bigint;
  totalQuota: bigint;
  windowStart: Date;
  windowEnd: Date;
  penaltyRate: string;
  earlyRedeem: boolean;
  forfeitIncome: boolean;
  /** Default true; false makes the product a prepaid lease (no early redemption, account payout). */
  refundPrincipal?: boolean;
  payout: 'account' | 'compound';
  status: number;
  sort: number;
}

function productValues(p: ProductInput) {
  return {
    kind: p.kind,
    names: JSON.stringify(p.names),
    currency_id: p.currencyId,
    term_days: p.termDays,
    rate_mode: p.rateMode,
    daily_rate: p.dailyRate,
    rate_max: p.rateMode === 'fixed' ? p.dailyRate : p.rateMax,
    min_amount: p.minAmount,
    max_amount: p.maxAmount,
    total_quota: p.totalQuota,
    window_start: p.windowStart,
    window_end: p.windowEnd,
    penalty_rate: p.penaltyRate,
    early_redeem: p.earlyRedeem,
    forfeit_income: p.forfeitIncome,
    refund_principal: p.refundPrincipal ?? true,
    payout: p.payout,
    status: p.status,
    sort: p.sort,
  };
}

export async function insertProduct(db: Executor, p: ProductInput, at: Date, demo?: { seedKey: string }): Promise<number | null> {
  const q = db
    .insertInto('savings_products')
    .values({ ...productValues(p), is_demo: Boolean(demo), seed_key: demo?.seedKey ?? null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .returning('id');
  const r = await q.executeTakeFirst();
  return r?.id ?? null;
}

export async function updateProduct(db: Executor, id: number, p: ProductInput, at: Date): Promise<void> {
  await db
    .updateTable('savings_products')
    .set({ ...productValues(p), updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setProductStatus(db: Executor, id: number, status: number, at: Date): Promise<void> {
  await db.updateTable('savings_products').set({ status, updated_at: at }).where('id', '=', id).execute();
}

export async function addSold(trx: Trx, id: number, amount: bigint, at: Date): Promise<boolean> {
  const r = await trx
    .updateTable('savings_products')
    .set({ sold: sql`sold + ${amount.toString()}::numeric`, updated_at: at })
    .where('id', '=', id)
    .where(sql<boolean>`sold + ${amount.toString()}::numeric <= total_quota`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Whether anyone ever joined the product (active, matured or redeemed). */
export async function hasSubscriptions(db: Executor, productId: number): Promise<boolean> {
  const r = await db.selectFrom('savings_subscriptions').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst();
  return r !== undefined;
}

/** Gives quota back (an early redemption): the product can sell the principal again. Never below 0. */
export async function releaseSold(trx: Trx, id: number, amount: bigint, at: Date): Promise<void> {
  await trx
    .updateTable('savings_products')
    .set({ sold: sql`greatest(sold - ${amount.toString()}::numeric, 0)`, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setAccrualStatus(db: Executor, id: number, status: 'ok' | 'stalled', day: number | null): Promise<void> {
  await db.updateTable('savings_products').set({ accrual_status: status, stalled_day: day }).where('id', '=', id).execute();
}

// ---- subscriptions ----

export interface Subscription {
  id: string;
  userId: number;
  productId: number;
  currencyId: number;
  accountType: number;
  accountId: number;
  principal: bigint;
  balance: bigint;
  startDay: number;
  endDay: number;
  nextDay: number;
  accruedExact: string;
  incomePaid: bigint;
  poolPaid: bigint;
  status: 'active' | 'matured' | 'redeemed';
  penalty: bigint;
  forfeited: bigint;
  refund: bigint;
  /** The product's refund rule when sold: false = a prepaid lease, nothing returns. */
  refundPrincipal: boolean;
  createdAt: Date;
  closedAt: Date | null;
}

type SubRow = Selectable<SavingsSubscriptionsTable>;

function toSub(r: SubRow): Subscription {
  return {
    id: String(r.id),
    userId: r.user_id,
    productId: r.product_id,
    currencyId: r.currency_id,
    accountType: r.account_type,
    accountId: r.account_id,
    principal: BigInt(r.principal),
    balance: BigInt(r.balance),
    startDay: r.start_day,
    endDay: r.end_day,
    nextDay: r.next_day,
    accruedExact: r.accrued_exact,
    incomePaid: BigInt(r.income_paid),
    poolPaid: BigInt(r.pool_paid),
    status: r.status as Subscription['status'],
    penalty: BigInt(r.penalty),
    forfeited: BigInt(r.forfeited),
    refund: BigInt(r.refund),
    refundPrincipal: r.refund_principal,
    createdAt: r.created_at,
    closedAt: r.closed_at,
  };
}

export async function findSubscription(db: Executor, id: string, forUpdate = false): Promise<Subscription | null> {
  let q = db.selectFrom('savings_subscriptions').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  return r ? toSub(r) : null;
}

export async function findByClientKey(db: Executor, userId: number, key: string): Promise<Subscription | null> {
  const r = await db
    .selectFrom('savings_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_key', '=', key)
    .executeTakeFirst();
  return r ? toSub(r) : null;
}

export async function activePrincipal(trx: Trx, userId: number, productId: number): Promise<bigint> {
  const r = await trx
    .selectFrom('savings_subscriptions')
    .select(sql<string>`coalesce(sum(principal), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return BigInt(r.total);
}

export async function insertSubscription(
  trx: Trx,
  s: {
    userId: number;
    productId: number;
    currencyId: number;
    accountType: number;
    accountId: number;
    principal: bigint;
    startDay: number;
    endDay: number;
    refundPrincipal: boolean;
    clientKey: string | null;
    at: Date;
  },
): Promise<string> {
  const r = await trx
    .insertInto('savings_subscriptions')
    .values({
      user_id: s.userId,
      product_id: s.productId,
      currency_id: s.currencyId,
      account_type: s.accountType,
      account_id: s.accountId,
      principal: s.principal,
      balance: s.principal,
      start_day: s.startDay,
      end_day: s.endDay,
      next_day: s.startDay,
      refund_principal: s.refundPrincipal,
      client_key: s.clientKey,
      created_at: s.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

/** Closes an active subscription (guarded: only from 'active'). */
export async function closeSubscription(
  trx: Trx,
  id: string,
  to: 'matured' | 'redeemed',
  f: { penalty: bigint; forfeited: bigint; refund: bigint; at: Date },
): Promise<boolean> {
  const r = await trx
    .updateTable('savings_subscriptions')
    .set({ status: to, penalty: f.penalty, forfeited: f.forfeited, refund: f.refund, closed_at: f.at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function listSubscriptions(
  db: Executor,
  f: { userId?: number; status?: Subscription['status']; kind?: Kind; productId?: number; page: number; limit: number },
): Promise<{ total: number; rows: Subscription[] }> {
  let q = db.selectFrom('savings_subscriptions as s');
  if (f.kind) q = q.innerJoin('savings_products as p', 'p.id', 's.product_id').where('p.kind', '=', f.kind);
  if (f.userId !== undefined) q = q.where('s.user_id', '=', f.userId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.productId) q = q.where('s.product_id', '=', f.productId);
  const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll('s')
    .orderBy('s.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { total: Number(total.n), rows: rows.map(toSub) };
}
