/** SQL of the lever domain: products, positions and the trigger sweep's cursors (migration 028). */
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type { LeverPositionsTable, LeverProductsTable } from '../../db/tables/lever';

type Executor = Database | Transaction<DB>;
export type ProductRow = Selectable<LeverProductsTable>;
export type PositionRow = Selectable<LeverPositionsTable>;

export function listProducts(db: Executor): Promise<ProductRow[]> {
  return db.selectFrom('lever_products').selectAll().orderBy('instrument_id').execute();
}

export function productByInstrument(db: Executor, instrumentId: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('lever_products')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .executeTakeFirst();
}

export async function upsertProduct(db: Executor, row: Insertable<LeverProductsTable>): Promise<void> {
  const { instrument_id: _id, ...rest } = row;
  await db
    .insertInto('lever_products')
    .values(row)
    .onConflict((oc) => oc.column('instrument_id').doUpdateSet(rest))
    .execute();
}

export async function insertPosition(
  trx: Transaction<DB>,
  row: Insertable<LeverPositionsTable>,
): Promise<PositionRow> {
  return trx.insertInto('lever_positions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function positionById(db: Executor, id: string): Promise<PositionRow | undefined> {
  return db.selectFrom('lever_positions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function userPosition(db: Executor, userId: number, id: string): Promise<PositionRow | undefined> {
  return db
    .selectFrom('lever_positions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function positionByClientKey(
  db: Executor,
  userId: number,
  key: string,
): Promise<PositionRow | undefined> {
  return db
    .selectFrom('lever_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('client_key', '=', key)
    .executeTakeFirst();
}

/** The quantity the user holds open on a market (both sides). */
export async function openQty(trx: Executor, userId: number, instrumentId: number): Promise<string> {
  const r = await trx
    .selectFrom('lever_positions')
    .select(sql<string>`coalesce(sum(qty), 0)`.as('qty'))
    .where('user_id', '=', userId)
    .where('instrument_id', '=', instrumentId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return String(r.qty);
}

export async function userPositions(
  db: Executor,
  userId: number,
  opts: { status: 'open' | 'closed'; instrumentId?: number; side?: number; page: number; limit: number },
): Promise<{ items: PositionRow[]; total: number }> {
  let q = db.selectFrom('lever_positions').where('user_id', '=', userId).where('status', '=', opts.status);
  if (opts.instrumentId !== undefined) q = q.where('instrument_id', '=', opts.instrumentId);
  if (opts.side !== undefined) q = q.where('side', '=', opts.side);
  const [items, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Ids of the user's open positions (all, or of one side / market): what close-all closes. */
export async function openIds(
  db: Executor,
  userId: number,
  opts: { instrumentId?: number; side?: number },
): Promise<string[]> {
  let q = db
    .selectFrom('lever_positions')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open');
  if (opts.instrumentId !== undefined) q = q.where('instrument_id', '=', opts.instrumentId);
  if (opts.side !== undefined) q = q.where('side', '=', opts.side);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}

export async function setStops(
  db: Executor,
  id: string,
  stops: {
    tp: string | null;
    sl: string | null;
    trigger_low: string | null;
    trigger_high: string | null;
    stops_at: Date;
  },
): Promise<PositionRow | undefined> {
  return db
    .updateTable('lever_positions')
    .set(stops)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

export interface Exit {
  exit_reason: string;
  exit_price: string;
  exit_tick_id: string;
  close_fee: string;
  pnl: string;
  credited: string;
  insurance: string | null;
  shortfall: string | null;
  closed_at: Date;
}

/** Closes an open position (the guard: only once); undefined when it was no longer open. */
export async function markClosed(
  trx: Transaction<DB>,
  id: string,
  exit: Exit,
): Promise<PositionRow | undefined> {
  return trx
    .updateTable('lever_positions')
    .set({ ...exit, status: 'closed', trigger_low: null, trigger_high: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Open positions of a market that a price in [low, high] may trigger: a trigger price below the
 * entry at or above `low`, or one above it at or below `high` (the two partial indexes).
 */
export type TriggerRow = Pick<
  PositionRow,
  'id' | 'side' | 'liq_price' | 'tp' | 'sl' | 'opened_at' | 'stops_at'
>;

export async function triggerCandidates(
  db: Executor,
  instrumentId: number,
  low: string,
  high: string,
): Promise<TriggerRow[]> {
  // Only what deciding a trigger needs: a crash tick can trigger tens of thousands at once.
  return db
    .selectFrom('lever_positions')
    .select(['id', 'side', 'liq_price', 'tp', 'sl', 'opened_at', 'stops_at'])
    .where('instrument_id', '=', instrumentId)
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('trigger_low', '>=', low), eb('trigger_high', '<=', high)]))
    .orderBy('id')
    .execute();
}

export async function cursor(
  db: Executor,
  instrumentId: number,
): Promise<{ tick_id: string; tick_at: Date } | undefined> {
  return db
    .selectFrom('lever_sweep_cursors')
    .select(['tick_id', 'tick_at'])
    .where('instrument_id', '=', instrumentId)
    .executeTakeFirst();
}

export async function saveCursor(
  db: Executor,
  instrumentId: number,
  tickId: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('lever_sweep_cursors')
    .values({ instrument_id: instrumentId, tick_id: tickId, tick_at: at })
    .onConflict((oc) => oc.column('instrument_id').doUpdateSet({ tick_id: tickId, tick_at: at }))
    .execute();
}

/** Per market: open positions, quantity per side, margin, and Σ s·Q and Σ s·Q·P₀ (for the users' P&L at a mark). */
export async function exposure(db: Executor) {
  return db
    .selectFrom('lever_positions')
    .select((eb) => [
      'instrument_id',
      eb.fn.countAll<string>().as('positions'),
      sql<string>`coalesce(sum(qty) filter (where side = 1), 0)`.as('long_qty'),
      sql<string>`coalesce(sum(qty) filter (where side = 2), 0)`.as('short_qty'),
      sql<string>`sum(margin)`.as('margin'),
      sql<string>`sum(case when side = 1 then qty else -qty end)`.as('signed_qty'),
      sql<string>`sum(case when side = 1 then qty * entry_price else -qty * entry_price end)`.as(
        'signed_cost',
      ),
    ])
    .where('status', '=', 'open')
    .groupBy('instrument_id')
    .execute();
}

export async function consolePositions(
  db: Executor,
  opts: {
    status: 'open' | 'closed' | 'liquidation';
    instrumentId?: number;
    userId?: number;
    page: number;
    limit: number;
  },
): Promise<{ items: PositionRow[]; total: number }> {
  let q = db.selectFrom('lever_positions');
  if (opts.status === 'liquidation')
    q = q.where('status', '=', 'closed').where('exit_reason', '=', 'liquidation');
  else q = q.where('status', '=', opts.status);
  if (opts.instrumentId !== undefined) q = q.where('instrument_id', '=', opts.instrumentId);
  if (opts.userId !== undefined) q = q.where('user_id', '=', opts.userId);
  const [items, count] = await Promise.all([
    q
      .selectAll()
      .orderBy(opts.status === 'open' ? 'id' : 'closed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Liquidations in total: paid into and out of the insurance fund, and what the house absorbed. */
export async function liquidationTotals(
  db: Executor,
): Promise<{ paid_in: string; paid_out: string; absorbed: string }> {
  const r = await db
    .selectFrom('lever_positions')
    .select([
      sql<string>`coalesce(sum(insurance) filter (where insurance > 0), 0)`.as('paid_in'),
      sql<string>`coalesce(-sum(insurance) filter (where insurance < 0), 0)`.as('paid_out'),
      sql<string>`coalesce(sum(shortfall), 0)`.as('absorbed'),
    ])
    .where('status', '=', 'closed')
    .executeTakeFirstOrThrow();
  return { paid_in: String(r.paid_in), paid_out: String(r.paid_out), absorbed: String(r.absorbed) };
}

/**
 * Closes many open positions in one statement (the sweep's batches); returns those that were
 * still open and are now closed (the others changed nothing).
 */
export async function markClosedMany(
  trx: Transaction<DB>,
  exits: Array<Exit & { id: string }>,
): Promise<PositionRow[]> {
  if (exits.length === 0) return [];
  const col = <K extends keyof Exit | 'id'>(k: K) =>
    exits.map((e) => (e as unknown as Record<string, unknown>)[k] ?? null);
  const res = await sql<PositionRow>`
    update lever_positions l set
      status = 'closed', trigger_low = null, trigger_high = null, closed_at = ${exits[0]!.closed_at},
      exit_reason = v.reason, exit_price = v.price, exit_tick_id = v.tick, close_fee = v.fee, pnl = v.pnl,
      credited = v.credited, insurance = v.insurance, shortfall = v.shortfall
    from unnest(${col('id')}::bigint[], ${col('exit_reason')}::text[], ${col('exit_price')}::numeric[], ${col('exit_tick_id')}::bigint[],
                ${col('close_fee')}::numeric[], ${col('pnl')}::numeric[], ${col('credited')}::numeric[], ${col('insurance')}::numeric[],
                ${col('shortfall')}::numeric[]) as v(id, reason, price, tick, fee, pnl, credited, insurance, shortfall)
    where l.id = v.id and l.status = 'open'
    returning l.*`.execute(trx);
  return res.rows.map((r) => ({
    ...r,
    id: String(r.id),
    opened_at: new Date(r.opened_at),
    closed_at: r.closed_at ? new Date(r.closed_at) : null,
    stops_at: r.stops_at ? new Date(r.stops_at) : null,
  }));
}

/** Open positions by id (the sweep loads a batch's rows whole just before closing them). */
export async function openPositionsByIds(db: Executor, ids: string[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('lever_positions')
    .selectAll()
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

/** Whether any position is open (the sweeper idles when none is). */
export async function anyOpen(db: Executor): Promise<boolean> {
  const r = await db
    .selectFrom('lever_positions')
    .select('id')
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}
