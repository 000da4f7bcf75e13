/**
 * SQL of the contracts domain (Kysely). NUMERIC and INT8 arrive as strings; services convert.
 * Markets, currencies and ticks belong to the market module: they are read through its functions
 * (batched by id) and joined here in memory.
 */
import { sql, type Selectable } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type { ContractOrdersTable, ContractProductsTable } from '../../db/tables/contracts';
import { currenciesByIds, firstTicksInWindows, instrumentsByIds } from '../market';

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

/** Products with their market's symbol, currency names, precision and state, in the markets' order (sort, then product id). */
async function withMarkets(db: Executor, products: Array<Selectable<ContractProductsTable>>): Promise<ProductRow[]> {
  const insts = await instrumentsByIds(db, products.map((p) => p.instrument_id));
  const curs = await currenciesByIds(db, [...insts.values()].flatMap((i) => [i.baseCurrencyId, i.quoteCurrencyId]));
  const rows: Array<ProductRow & { sort: number }> = [];
  for (const p of products) {
    const i = insts.get(p.instrument_id);
    const base = i && curs.get(i.baseCurrencyId);
    const quote = i && curs.get(i.quoteCurrencyId);
    if (!i || !base || !quote) continue;
    rows.push({
      id: p.id,
      instrument_id: p.instrument_id,
      symbol: i.symbol,
      base: base.name,
      quote: quote.name,
      price_precision: i.pricePrecision,
      instrument_status: i.status,
      source: i.source,
      status: p.status,
      fee_rate: p.fee_rate,
      is_demo: p.is_demo,
      sort: i.sort,
    });
  }
  return rows.sort((a, b) => a.sort - b.sort || a.id - b.id).map(({ sort: _sort, ...r }) => r);
}

export async function listProducts(db: Executor): Promise<ProductRow[]> {
  return withMarkets(db, await db.selectFrom('contract_products').selectAll().execute());
}

export async function productByInstrument(db: Executor, instrumentId: number): Promise<ProductRow | undefined> {
  const [row] = await withMarkets(db, await db.selectFrom('contract_products').selectAll().where('instrument_id', '=', instrumentId).execute());
  return row;
}

export async function productById(db: Executor, id: number): Promise<ProductRow | undefined> {
  const [row] = await withMarkets(db, await db.selectFrom('contract_products').selectAll().where('id', '=', id).execute());
  return row;
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

/** The payable currencies of products, by product, then in the currencies' order (sort, id). */
export async function productCurrencies(db: Executor, productIds: number[]): Promise<ProductCurrencyRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('contract_product_currencies')
    .select(['product_id', 'currency_id', 'min_stake', 'max_stake', 'exposure_cap', 'open_up', 'open_down', 'status'])
    .where('product_id', 'in', productIds)
    .execute();
  const curs = await currenciesByIds(db, rows.map((r) => r.currency_id));
  const out: Array<ProductCurrencyRow & { sort: number }> = [];
  for (const r of rows) {
    const c = curs.get(r.currency_id);
    if (!c) continue;
    out.push({
      product_id: r.product_id,
      currency_id: r.currency_id,
      name: c.name,
      sub_name: c.sub_name,
      decimals: c.decimals,
      min_stake: r.min_stake,
      max_stake: r.max_stake,
      exposure_cap: r.exposure_cap,
      open_up: r.open_up,
      open_down: r.open_down,
      status: r.status,
      sort: c.sort,
    });
  }
  return out
    .sort((a, b) => a.product_id - b.product_id || a.sort - b.sort || a.currency_id - b.currency_id)
    .map(({ sort: _sort, ...r }) => r);
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

/** Orders with their market's symbol and precision and their currency (read in two batches), in the same order. */
export async function withNames(db: Executor, orders: OrderRow[]): Promise<OrderViewRow[]> {
  if (orders.length === 0) return [];
  const [insts, curs] = await Promise.all([instrumentsByIds(db, orders.map((o) => o.instrument_id)), currenciesByIds(db, orders.map((o) => o.currency_id))]);
  const out: OrderViewRow[] = [];
  for (const o of orders) {
    const i = insts.get(o.instrument_id);
    const c = curs.get(o.currency_id);
    if (!i || !c) continue;
    out.push({ ...o, symbol: i.symbol, price_precision: i.pricePrecision, currency: c.name, currency_sub: c.sub_name, decimals: c.decimals });
  }
  return out;
}

export async function orderView(db: Executor, id: string, userId?: number): Promise<OrderViewRow | undefined> {
  let q = db.selectFrom('contract_orders').selectAll().where('id', '=', id);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  return row ? (await withNames(db, [row]))[0] : undefined;
}

export async function orderViews(db: Executor, ids: string[]): Promise<OrderViewRow[]> {
  if (ids.length === 0) return [];
  return withNames(db, await db.selectFrom('contract_orders').selectAll().where('id', 'in', ids).orderBy('id').execute());
}

/** A user's orders by tab: 1 holding (before expiry), 2 pending settlement (expired, awaiting the close tick), 3 history. */
export async function userOrders(db: Executor, userId: number, tab: 0 | 1 | 2 | 3, now: Date, page: number, limit: number) {
  let q = db.selectFrom('contract_orders').where('user_id', '=', userId);
  if (tab === 1) q = q.where('status', '=', 'open').where('expires_at', '>', now);
  if (tab === 2) q = q.where('status', '=', 'open').where('expires_at', '<=', now);
  if (tab === 3) q = q.where('status', '<>', 'open');
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withNames(db, rows), total: Number(total.n) };
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
  return firstTicksInWindows(db, instrumentId, instants, windowMs);
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
