/**
 * SQL of the spot domain: reads, market parameters, and the writer's claim of a market and its
 * order ids (the orders and trades themselves are written by its group commit, group-sql.ts).
 */
import { Dec } from '@bourse/money';
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { SpotOrdersTable } from '../../db/tables/spot';
import type { OrderState } from './types';

export type OrderRow = Selectable<SpotOrdersTable>;

export function rowToState(r: OrderRow): OrderState {
  return {
    id: Number(r.id),
    userId: r.user_id,
    instrumentId: r.instrument_id,
    side: r.side,
    type: r.type,
    tif: r.tif,
    priceTicks: Number(r.price_ticks),
    price: r.price === null ? null : Dec(r.price).toFixed(),
    amountLots: Number(r.amount_lots),
    filledLots: Number(r.filled_lots),
    frozen: BigInt(r.frozen),
    used: BigInt(r.used),
    released: BigInt(r.released),
    quoteFilled: BigInt(r.quote_filled),
    notional: BigInt(r.notional_exact),
    fee: BigInt(r.fee),
    status: r.status,
    cancelReason: (r.cancel_reason as OrderState['cancelReason']) ?? null,
    clientOrderId: r.client_order_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function openOrderRows(db: Database, instrumentId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
}

/**
 * A writer claims a market before it reads the open orders: the market's fence value becomes a new
 * epoch (`spot_writer_epoch` × 2^32), so a group of any other writer, or of this one before the
 * claim, is refused from now on. Returns the value the writer's first group expects.
 */
export async function claimMarket(db: Database, instrumentId: number): Promise<bigint> {
  await db.insertInto('spot_writer_seq').values({ instrument_id: instrumentId }).onConflict((oc) => oc.column('instrument_id').doNothing()).execute();
  const claim = await sql<{ seq: string }>`update spot_writer_seq set seq = nextval('spot_writer_epoch') * 4294967296
      where instrument_id = ${instrumentId} returning seq::text`.execute(db);
  return BigInt(claim.rows[0]!.seq);
}

/**
 * Order ids come from the table's sequence a block at a time, so most groups skip that round
 * trip. Sequence values are never handed out twice (a refused group leaves a gap) and a writer
 * takes them in increasing order, so id order stays time order within a market.
 */
export async function nextOrderIds(db: Database, n: number): Promise<number[]> {
  const r = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text as id from generate_series(1, ${n}::integer)`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

export async function findOrder(db: Database, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('spot_orders').selectAll().where('id', '=', String(id)).executeTakeFirst();
}

export async function findByClientId(db: Database, userId: number, clientOrderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();
}

export async function listOrders(
  db: Database,
  f: { userId?: number; instrumentId?: number; open: boolean | null; page: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  let q = db.selectFrom('spot_orders');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.instrumentId !== undefined) q = q.where('instrument_id', '=', f.instrumentId);
  if (f.open === true) q = q.where('status', '=', 'open');
  if (f.open === false) q = q.where('status', '<>', 'open');
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function orderTrades(db: Database, orderId: number) {
  return db
    .selectFrom('spot_trades')
    .selectAll()
    .where((eb) => eb.or([eb('maker_order_id', '=', String(orderId)), eb('taker_order_id', '=', String(orderId))]))
    .orderBy('id')
    .execute();
}

export async function recentTrades(db: Database, instrumentId: number | undefined, limit: number) {
  let q = db.selectFrom('spot_trades').selectAll();
  if (instrumentId !== undefined) q = q.where('instrument_id', '=', instrumentId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export async function lastTradePrice(db: Database, instrumentId: number): Promise<string | null> {
  const r = await db
    .selectFrom('spot_trades')
    .select('price')
    .where('instrument_id', '=', instrumentId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r?.price ?? null;
}

export async function upsertMarketParams(
  db: Database,
  instrumentId: number,
  patch: Partial<{
    trading: boolean;
    maker_fee: string;
    taker_fee: string;
    min_notional: string;
    price_band: string;
    bot_enabled: boolean;
    bot_spread: string;
    bot_step: string;
    bot_levels: number;
    bot_level_notional: string;
  }>,
  at: Date,
): Promise<void> {
  await db.insertInto('spot_markets').values({ instrument_id: instrumentId }).onConflict((oc) => oc.column('instrument_id').doNothing()).execute();
  if (Object.keys(patch).length) await db.updateTable('spot_markets').set({ ...patch, updated_at: at }).where('instrument_id', '=', instrumentId).execute();
}

/** Aggregated open-order depth from the database (processes that do not run the market's writer). */
export async function depthFromDb(db: Database, instrumentId: number, limit: number) {
  const side = async (sideName: 'buy' | 'sell') => {
    const rows = await db
      .selectFrom('spot_orders')
      .select(['price_ticks', (eb) => eb.fn.sum<string>(eb.ref('amount_lots').$castTo<number>()).as('lots'), (eb) => eb.fn.sum<string>('filled_lots').as('filled')])
      .where('instrument_id', '=', instrumentId)
      .where('status', '=', 'open')
      .where('side', '=', sideName)
      .groupBy('price_ticks')
      .orderBy('price_ticks', sideName === 'buy' ? 'desc' : 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => [Number(r.price_ticks), Number(r.lots) - Number(r.filled)] as [number, number]);
  };
  return { bids: await side('buy'), asks: await side('sell') };
}
