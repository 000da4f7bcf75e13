/**
 * What other modules (copy trading) use of leverage positions: open one for a user, close one at
 * a stored tick or at the current price, and read positions with their views. Every rule of a
 * position still applies: these go through the same service and close path as the user's calls.
 */
import { ACCOUNT_TYPES, type LeverPosition } from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { errorMessage } from '../../http/i18n';
import { accountBalance, findUserAccountId } from '../ledger';
import { tickAt, tickById } from '../market';
import { closeAt, closeBatch } from './close';
import { loadProducts } from './products';
import * as repo from './repo';
import { closeMany, open, type OpenInput } from './service';
import { positionView, usableMark } from './views';
import type { ExitReason } from './rules';

export type { OpenInput };
export type PositionRow = repo.PositionRow;

/** Opens a position for `userId` with every check of /lever/submit (throws its AppError). */
export function openPosition(ctx: AppContext, userId: number, input: OpenInput): Promise<LeverPosition> {
  return open(ctx, userId, input);
}

/**
 * Closes the user's position at a stored tick (a copy at its lead's exit tick). Null when it is
 * no longer open; the same guarded close as every other.
 */
export async function closeAtTick(
  ctx: AppContext,
  userId: number,
  positionId: string,
  tickId: string,
  reason: ExitReason,
): Promise<PositionRow | null> {
  const row = await repo.userPosition(ctx.db, userId, positionId);
  if (!row || row.status !== 'open') return null;
  const p = (await loadProducts(ctx, { instrumentId: row.instrument_id }))[0];
  const tick = await tickById(ctx.db, tickId);
  if (!p || !tick || tick.instrument_id !== row.instrument_id) throw new AppError('lever_position_not_found');
  return closeAt(ctx, p, row, tick, reason);
}

/** Closes the user's positions at the current price; one outcome each (English messages, for logs). */
export async function closeNow(ctx: AppContext, userId: number, ids: string[]) {
  return closeMany(ctx, userId, ids, (code, params) => errorMessage('en', code, params));
}

/** Positions by id with their API views (open ones at the latest fresh price). */
export async function positionsByIds(
  ctx: AppContext,
  ids: string[],
): Promise<Map<string, { row: PositionRow; view: LeverPosition }>> {
  const rows = ids.length
    ? await ctx.db.selectFrom('lever_positions').selectAll().where('id', 'in', ids).execute()
    : [];
  return viewsOf(ctx, rows);
}

async function viewsOf(ctx: AppContext, rows: PositionRow[]) {
  const products = new Map((await loadProducts(ctx)).map((p) => [p.inst.id, p]));
  const now = ctx.clock.now();
  const marks = new Map<number, Awaited<ReturnType<typeof tickAt>>>();
  const out = new Map<string, { row: PositionRow; view: LeverPosition }>();
  for (const row of rows) {
    const p = products.get(row.instrument_id);
    if (!p) continue;
    if (row.status === 'open' && !marks.has(p.inst.id))
      marks.set(p.inst.id, usableMark(p, await tickAt(ctx.db, p.inst.id, now), now));
    out.set(row.id, {
      row,
      view: positionView(p, row, row.status === 'open' ? (marks.get(p.inst.id) ?? null) : null),
    });
  }
  return out;
}

/** Positions of these users with an id above `afterId`, oldest first (new lead positions to mirror). */
export function positionsAfter(
  ctx: AppContext,
  userIds: number[],
  afterId: string,
  limit: number,
): Promise<PositionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return ctx.db
    .selectFrom('lever_positions')
    .selectAll()
    .where('user_id', 'in', userIds)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The highest position id so far ('0' when none). */
export async function lastPositionId(ctx: AppContext): Promise<string> {
  const r = await ctx.db
    .selectFrom('lever_positions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return r?.id ? String(r.id) : '0';
}

/** A user's closed positions, newest first (with views), optionally only those closed since `since`. */
export async function closedPositions(
  ctx: AppContext,
  userId: number,
  opts: { since?: Date; page: number; limit: number },
) {
  let q = ctx.db.selectFrom('lever_positions').where('user_id', '=', userId).where('status', '=', 'closed');
  if (opts.since) q = q.where('closed_at', '>=', opts.since);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('closed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const views = await viewsOf(ctx, rows);
  return {
    rows,
    views: rows.flatMap((r) => (views.has(r.id) ? [views.get(r.id)!.view] : [])),
    total: Number(count.n),
  };
}

/** The open positions of a user (rows). */
export function openPositionsOf(ctx: AppContext, userId: number): Promise<PositionRow[]> {
  return ctx.db
    .selectFrom('lever_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
}

/** A user's lever-account equity in a currency at cost (available + frozen margin), base units. */
export async function leverEquity(ctx: AppContext, userId: number, currencyId: number): Promise<bigint> {
  const acct = await findUserAccountId(ctx.db, userId, currencyId, ACCOUNT_TYPES.lever);
  if (acct === null) return 0n;
  const b = await accountBalance(ctx.db, acct);
  return b.available + b.frozen;
}

/**
 * Closes many open positions of one market at one stored tick (the copies of a closed lead
 * position), in batches through the sweep's close path: one transaction per batch, each position
 * closed at most once. Returns the rows closed now.
 */
export async function closeAllAtTick(
  ctx: AppContext,
  rows: PositionRow[],
  tickId: string,
  reason: ExitReason,
): Promise<PositionRow[]> {
  const open = rows.filter((r) => r.status === 'open');
  if (open.length === 0) return [];
  const tick = await tickById(ctx.db, tickId);
  const p = (await loadProducts(ctx, { instrumentId: open[0]!.instrument_id }))[0];
  if (!tick || !p || open.some((r) => r.instrument_id !== tick.instrument_id))
    throw new AppError('lever_position_not_found');
  const out: PositionRow[] = [];
  for (let i = 0; i < open.length; i += 500) {
    out.push(
      ...(await closeBatch(
        ctx,
        p,
        open.slice(i, i + 500).map((row) => ({ row, tick, reason })),
      )),
    );
  }
  return out;
}

/** Position rows by id, without views (figures computed by the caller). */
export function positionRowsByIds(ctx: AppContext, ids: string[]): Promise<PositionRow[]> {
  return ids.length
    ? ctx.db.selectFrom('lever_positions').selectAll().where('id', 'in', ids).execute()
    : Promise.resolve([]);
}
