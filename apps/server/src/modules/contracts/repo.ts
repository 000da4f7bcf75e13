/** SQL of the contracts domain (Kysely). NUMERIC and INT8 arrive as strings; services convert. */
import { sql, type Selectable } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ContractOrdersTable } from '../../db/tables/contracts';

type Trx = Transaction<DB>;
type Executor = Database | Trx;

export type OrderRow = Selectable<ContractOrdersTable>;

// ---- products ---------------------------------------------------------------------------------

export interface ProductRow {
  id: number;
  instrument_id: number;
  symbol: string;
  base: string;
  quote: string;
  price_precision: number;
  instrument_status: number;
  status: number;
  fee_rate: string;
  is_demo: boolean;
  source: string;
}

export interface ExpiryRow {
  product_id: number;
  seconds: number;
  payout_rate: string;
  status: number;
}

export interface ProductCurrencyRow {
  product_id: number;
  currency_id: number;
  name: string;
  sub_name: string;
  decimals: number;
  min_stake: string;
  max_stake: string;
  exposure_cap: string;
  open_up: string;
  open_down: string;
  status: number;
}

function productsQuery(db: Executor) {
  return db
    .selectFrom('contract_products as p')
    .innerJoin('instruments as i', 'i.id', 'p.instrument_id')
    .innerJoin('currencies as b', 'b.id', 'i.base_currency_id')
    .innerJoin('currencies as q', 'q.id', 'i.quote_currency_id')
    .select([
      'p.id',
      'p.instrument_id',
      'i.symbol',
      'b.name as base',
      'q.name as quote',
      'i.price_precision',
      'i.status as instrument_status',
      'i.source',
      'p.status',
      'p.fee_rate',
      'p.is_demo',
    ])
    .orderBy('i.sort')
    .orderBy('p.id');
}

export async function listProducts(db: Executor): Promise<ProductRow[]> {
  return productsQuery(db).execute();
}

export async function productByInstrument(db: Executor, instrumentId: number): Promise<ProductRow | undefined> {
  return productsQuery(db).where('p.instrument_id', '=', instrumentId).executeTakeFirst();
}

export async function productById(db: Executor, id: number): Promise<ProductRow | undefined> {
  return productsQuery(db).where('p.id', '=', id).executeTakeFirst();
}

export async function expiries(db: Executor, productIds: number[]): Promise<ExpiryRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('contract_expiries')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('seconds')
    .execute();
}

export async function productCurrencies(db: Executor, productIds: number[]): Promise<ProductCurrencyRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('contract_product_currencies as pc')
    .innerJoin('currencies as c', 'c.id', 'pc.currency_id')
    .select([
      'pc.product_id',
      'pc.currency_id',
      'c.name',
      'c.sub_name',
      'c.decimals',
      'pc.min_stake',
      'pc.max_stake',
      'pc.exposure_cap',
      'pc.open_up',
      'pc.open_down',
      'pc.status',
    ])
    .where('pc.product_id', 'in', productIds)
    .orderBy('pc.product_id')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export async function upsertProduct(
  trx: Trx,
  p: { instrumentId: number; status: number; feeRate: string; isDemo: boolean; at: Date },
): Promise<number> {
  const row = await trx
    .insertInto('contract_products')
    .values({ instrument_id: p.instrumentId, status: p.status, fee_rate: p.feeRate, is_demo: p.isDemo, updated_at: p.at })
    .onConflict((oc) => oc.column('instrument_id').doUpdateSet({ status: p.status, fee_rate: p.feeRate, updated_at: p.at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the expiry options (open orders keep the rate they were placed at). */
export async function replaceExpiries(trx: Trx, productId: number, list: Array<{ seconds: number; payoutRate: string; status: number }>) {
  await trx.deleteFrom('contract_expiries').where('product_id', '=', productId).execute();
  if (list.length === 0) return;
  await trx
    .insertInto('contract_expiries')
    .values(list.map((e) => ({ product_id: productId, seconds: e.seconds, payout_rate: e.payoutRate, status: e.status })))
    .execute();
}

/** Upserts payable currencies; open stake counters are kept. Currencies left out are disabled. */
export async function replaceCurrencies(
  trx: Trx,
  productId: number,
  list: Array<{ currencyId: number; min: bigint; max: bigint; cap: bigint }>,
) {
  await trx.updateTable('contract_product_currencies').set({ status: 0 }).where('product_id', '=', productId).execute();
  for (const c of list) {
    await trx
      .insertInto('contract_product_currencies')
      .values({ product_id: productId, currency_id: c.currencyId, min_stake: c.min, max_stake: c.max, exposure_cap: c.cap, status: 1 })
      .onConflict((oc) =>
        oc.columns(['product_id', 'currency_id']).doUpdateSet({ min_stake: c.min, max_stake: c.max, exposure_cap: c.cap, status: 1 }),
      )
      .execute();
  }
}

export async function setProductStatus(db: Executor, productId: number, status: number, at: Date) {
  return db
    .updateTable('contract_products')
    .set({ status, updated_at: at })
    .where('id', '=', productId)
    .returning(['id', 'status'])
    .executeTakeFirst();
}

// ---- exposure ---------------------------------------------------------------------------------

/** Adds stake to the open exposure unless it would pass the cap (guarded update; false = refused). */
export async function reserveExposure(trx: Trx, productId: number, currencyId: number, direction: number, stake: bigint) {
  const col = direction === 1 ? sql.ref('open_up') : sql.ref('open_down');
  const res = await sql`
    update contract_product_currencies set ${col} = ${col} + ${stake.toString()}::numeric
     where product_id = ${productId} and currency_id = ${currencyId} and status = 1
       and ${col} + ${stake.toString()}::numeric <= exposure_cap`.execute(trx);
  return Number(res.numAffectedRows ?? 0n) === 1;
}

export async function releaseExposure(trx: Trx, productId: number, currencyId: number, direction: number, amount: bigint) {
  const col = direction === 1 ? sql.ref('open_up') : sql.ref('open_down');
  await sql`
    update contract_product_currencies set ${col} = ${col} - ${amount.toString()}::numeric
     where product_id = ${productId} and currency_id = ${currencyId}`.execute(trx);
}

// ---- orders -----------------------------------------------------------------------------------

export async function insertOrder(
  trx: Trx,
  o: Omit<OrderRow, 'id' | 'status' | 'close_tick_id' | 'close_price' | 'close_tick_at' | 'payout' | 'fee' | 'profit' | 'settled_at'>,
): Promise<OrderRow> {
  return trx.insertInto('contract_orders').values(o).returningAll().executeTakeFirstOrThrow();
}

export async function orderByClientKey(db: Executor, userId: number, key: string) {
  return db.selectFrom('contract_orders').select('id').where('user_id', '=', userId).where('client_key', '=', key).executeTakeFirst();
}

/** An order with what its view needs (market symbol, currency, precision). */
export interface OrderViewRow extends OrderRow {
  symbol: string;
  price_precision: number;
  currency: string;
  currency_sub: string;
  decimals: number;
}

function ordersQuery(db: Executor) {
  return db
    .selectFrom('contract_orders as o')
    .innerJoin('instruments as i', 'i.id', 'o.instrument_id')
    .innerJoin('currencies as c', 'c.id', 'o.currency_id')
    .selectAll('o')
    .select(['i.symbol', 'i.price_precision', 'c.name as currency', 'c.sub_name as currency_sub', 'c.decimals']);
}

export async function orderView(db: Executor, id: string, userId?: number): Promise<OrderViewRow | undefined> {
  let q = ordersQuery(db).where('o.id', '=', id);
  if (userId !== undefined) q = q.where('o.user_id', '=', userId);
  return q.executeTakeFirst();
}

export async function orderViews(db: Executor, ids: string[]): Promise<OrderViewRow[]> {
  if (ids.length === 0) return [];
  return ordersQuery(db).where('o.id', 'in', ids).orderBy('o.id').execute();
}

/** A user's orders by tab: 1 holding (before expiry), 2 pending settlement (expired, awaiting the close tick), 3 history. */
export async function userOrders(db: Executor, userId: number, tab: 0 | 1 | 2 | 3, now: Date, page: number, limit: number) {
  let q = ordersQuery(db).where('o.user_id', '=', userId);
  if (tab === 1) q = q.where('o.status', '=', 'open').where('o.expires_at', '>', now);
  if (tab === 2) q = q.where('o.status', '=', 'open').where('o.expires_at', '<=', now);
  if (tab === 3) q = q.where('o.status', '<>', 'open');
  const [items, total] = await Promise.all([
    q.orderBy('o.id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

// ---- settlement -------------------------------------------------------------------------------

export interface DueRow {
  id: string;
  instrument_id: number;
  expires_at: Date;
}

/** Open orders expired by `now`, in (expires_at, id) order after a cursor; partial index only. */
export async function dueOrders(db: Executor, now: Date, after: { at: Date; id: string } | null, limit: number): Promise<DueRow[]> {
  let q = db
    .selectFrom('contract_orders')
    .select(['id', 'instrument_id', 'expires_at'])
    .where('status', '=', 'open')
    .where('expires_at', '<=', now);
  if (after) {
    const c = after;
    q = q.where((eb) => eb.or([eb('expires_at', '>', c.at), eb.and([eb('expires_at', '=', c.at), eb('id', '>', c.id)])]));
  }
  return q.orderBy('expires_at').orderBy('id').limit(limit).execute();
}

/** The earliest expiry of an open order after `now` (one index probe), or null. */
export async function nextExpiry(db: Executor, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('contract_orders')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

export interface CloseTick {
  id: string;
  price: string;
  at: Date;
}

/**
 * For each expiry instant of one market: the first stored tick at or after it and before
 * expiry + window (one index probe per instant). Instants without such a tick are absent.
 */
export async function closeTicks(db: Executor, instrumentId: number, instants: Date[], windowMs: number): Promise<Map<number, CloseTick>> {
  if (instants.length === 0) return new Map();
  const res = await sql<{ expiry: Date | string; id: string; price: string; at: Date | string }>`
    select e.at as expiry, t.id, t.price, t.at
      from unnest(${instants.map((d) => d.toISOString())}::timestamptz[]) as e(at)
      cross join lateral (
        select m.id, m.price, m.at from market_ticks m
         where m.instrument_id = ${instrumentId} and m.at >= e.at
           and m.at < e.at + ${windowMs} * interval '1 millisecond'
         order by m.at, m.id limit 1) t`.execute(db);
  const out = new Map<number, CloseTick>();
  for (const r of res.rows) out.set(new Date(r.expiry).getTime(), { id: String(r.id), price: r.price, at: new Date(r.at) });
  return out;
}

/** Open orders among `ids` (the settler re-reads inside its transaction). */
export async function openOrders(trx: Trx, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return trx.selectFrom('contract_orders').selectAll().where('id', 'in', ids).where('status', '=', 'open').orderBy('id').execute();
}

export interface SettlementWrite {
  id: string;
  status: string;
  tickId: string | null;
  price: string | null;
  tickAt: Date | null;
  payout: bigint;
  fee: bigint;
  profit: bigint;
}

/** The guarded transition open → outcome for many orders in one statement; returns the ids that moved. */
export async function applySettlements(trx: Trx, rows: SettlementWrite[], at: Date): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const res = await sql<{ id: string }>`
    update contract_orders o set
        status = v.status, close_tick_id = v.tick_id, close_price = v.price, close_tick_at = v.tick_at,
        payout = v.payout, fee = v.fee, profit = v.profit, settled_at = ${at}
      from unnest(
        ${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.status)}::text[],
        ${rows.map((r) => r.tickId)}::bigint[], ${rows.map((r) => r.price)}::numeric[],
        ${rows.map((r) => r.tickAt?.toISOString() ?? null)}::timestamptz[],
        ${rows.map((r) => r.payout.toString())}::numeric[], ${rows.map((r) => r.fee.toString())}::numeric[],
        ${rows.map((r) => r.profit.toString())}::numeric[]
      ) as v(id, status, tick_id, price, tick_at, payout, fee, profit)
     where o.id = v.id and o.status = 'open'
    returning o.id`.execute(trx);
  return new Set(res.rows.map((r) => String(r.id)));
}

// ---- console ----------------------------------------------------------------------------------

export async function settlementLog(
  db: Executor,
  f: { page: number; limit: number; instrumentId?: number; status?: string; userId?: number },
) {
  let q = ordersQuery(db).where('o.status', '<>', 'open');
  if (f.instrumentId) q = q.where('o.instrument_id', '=', f.instrumentId);
  if (f.status) q = q.where('o.status', '=', f.status);
  if (f.userId) q = q.where('o.user_id', '=', f.userId);
  const [items, total] = await Promise.all([
    q.orderBy('o.settled_at', 'desc').orderBy('o.id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** House P&L per UTC day and currency from settled orders (house = −(user profit + fee)). */
export async function housePnl(db: Executor, since: Date) {
  const res = await sql<{
    day: string;
    currency_id: number;
    currency: string;
    sub_name: string;
    decimals: number;
    orders: string;
    stake: string;
    user_profit: string;
    fees: string;
    won: string;
    lost: string;
    tie: string;
    void: string;
  }>`
    select to_char(date_trunc('day', o.settled_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
           o.currency_id, c.name as currency, c.sub_name, c.decimals,
           count(*) as orders, sum(o.stake) as stake, sum(o.profit) as user_profit, sum(o.fee) as fees,
           count(*) filter (where o.status = 'won') as won, count(*) filter (where o.status = 'lost') as lost,
           count(*) filter (where o.status = 'tie') as tie, count(*) filter (where o.status = 'void') as void
      from contract_orders o join currencies c on c.id = o.currency_id
     where o.settled_at is not null and o.settled_at >= ${since}
     group by 1, o.currency_id, c.name, c.sub_name, c.decimals
     order by 1 desc, o.currency_id`.execute(db);
  return res.rows;
}

/** Open orders per product, currency and direction (count and stake), to show beside the counters. */
export async function openByDirection(db: Executor) {
  const res = await sql<{ product_id: number; currency_id: number; direction: number; orders: string; stake: string }>`
    select product_id, currency_id, direction, count(*) as orders, sum(stake) as stake
      from contract_orders where status = 'open'
     group by product_id, currency_id, direction`.execute(db);
  return res.rows;
}
