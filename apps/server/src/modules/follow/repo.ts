/** SQL of the follow (copy trading) domain: traders, follows, copies, the mirror's cursor (migration 029). */
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import type { FollowCopiesTable, FollowTradersTable, FollowsTable } from '../../db/tables/follow';

type Executor = Database | Transaction<DB>;
export type TraderRow = Selectable<FollowTradersTable>;
export type FollowRow = Selectable<FollowsTable>;
export type CopyRow = Selectable<FollowCopiesTable>;

export function trader(db: Executor, userId: number): Promise<TraderRow | undefined> {
  return db.selectFrom('follow_traders').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function insertTrader(db: Executor, row: Insertable<FollowTradersTable>) {
  return db
    .insertInto('follow_traders')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export function updateTrader(
  db: Executor,
  userId: number,
  set: Partial<Pick<TraderRow, 'status' | 'share_rate' | 'reviewed_at' | 'reviewed_by'>>,
) {
  return db
    .updateTable('follow_traders')
    .set(set)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function traders(
  db: Executor,
  opts: { status?: string; page: number; limit: number },
): Promise<{ items: TraderRow[]; total: number }> {
  let q = db.selectFrom('follow_traders');
  if (opts.status) q = q.where('status', '=', opts.status);
  const [items, count] = await Promise.all([
    q
      .selectAll()
      .orderBy(sql`status = 'pending'`, 'desc')
      .orderBy('applied_at', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export function approvedTraders(db: Executor): Promise<TraderRow[]> {
  return db
    .selectFrom('follow_traders')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('user_id')
    .execute();
}

export function insertFollow(trx: Transaction<DB>, row: Insertable<FollowsTable>): Promise<FollowRow> {
  return trx.insertInto('follows').values(row).returningAll().executeTakeFirstOrThrow();
}

export function activeFollow(
  db: Executor,
  followerId: number,
  traderId: number,
): Promise<FollowRow | undefined> {
  return db
    .selectFrom('follows')
    .selectAll()
    .where('follower_id', '=', followerId)
    .where('trader_id', '=', traderId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function followById(db: Executor, id: string): Promise<FollowRow | undefined> {
  return db.selectFrom('follows').selectAll().where('id', '=', id).executeTakeFirst();
}

export function followsOfFollower(db: Executor, followerId: number): Promise<FollowRow[]> {
  return db
    .selectFrom('follows')
    .selectAll()
    .where('follower_id', '=', followerId)
    .orderBy(sql`status = 'active'`, 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export function activeFollowsOf(db: Executor, traderIds: number[]): Promise<FollowRow[]> {
  if (traderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('follows')
    .selectAll()
    .where('trader_id', 'in', traderIds)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

/** Traders that someone follows now. */
export async function followedTraderIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('follows')
    .select('trader_id')
    .where('status', '=', 'active')
    .groupBy('trader_id')
    .execute();
  return rows.map((r) => r.trader_id);
}

export function stopFollow(db: Executor, id: string, reason: string, at: Date) {
  return db
    .updateTable('follows')
    .set({ status: 'stopped', stop_reason: reason, stopped_at: at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/** Records a mirrored order once per follow and lead position; false when it was recorded before. */
export async function insertCopy(db: Executor, row: Insertable<FollowCopiesTable>): Promise<boolean> {
  const r = await db
    .insertInto('follow_copies')
    .values(row)
    .onConflict((oc) => oc.columns(['follow_id', 'lead_position_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export function copyOf(db: Executor, followId: string, leadPositionId: string): Promise<CopyRow | undefined> {
  return db
    .selectFrom('follow_copies')
    .selectAll()
    .where('follow_id', '=', followId)
    .where('lead_position_id', '=', leadPositionId)
    .executeTakeFirst();
}

/** Copies still placed (their position open, as far as the mirror knows). */
export function placedCopies(db: Executor, followIds?: string[]): Promise<CopyRow[]> {
  let q = db.selectFrom('follow_copies').selectAll().where('status', '=', 'placed');
  if (followIds) {
    if (followIds.length === 0) return Promise.resolve([]);
    q = q.where('follow_id', 'in', followIds);
  }
  return q.orderBy('id').execute();
}

export function markCopyClosed(db: Executor, id: string) {
  return db
    .updateTable('follow_copies')
    .set({ status: 'closed' })
    .where('id', '=', id)
    .where('status', '=', 'placed')
    .execute();
}

export function copiesOfFollows(db: Executor, followIds: string[]): Promise<CopyRow[]> {
  if (followIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('follow_copies')
    .selectAll()
    .where('follow_id', 'in', followIds)
    .where('copy_position_id', 'is not', null)
    .execute();
}

export async function copyPage(
  db: Executor,
  followIds: string[],
  page: number,
  limit: number,
): Promise<{ items: CopyRow[]; total: number }> {
  if (followIds.length === 0) return { items: [], total: 0 };
  const q = db.selectFrom('follow_copies').where('follow_id', 'in', followIds);
  const [items, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function copyCounts(
  db: Executor,
  followIds: string[],
): Promise<Map<string, { copies: number; skipped: number }>> {
  if (followIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('follow_copies')
    .select([
      'follow_id',
      sql<string>`count(*) filter (where status <> 'skipped')`.as('copies'),
      sql<string>`count(*) filter (where status = 'skipped')`.as('skipped'),
    ])
    .where('follow_id', 'in', followIds)
    .groupBy('follow_id')
    .execute();
  return new Map(
    rows.map((r) => [String(r.follow_id), { copies: Number(r.copies), skipped: Number(r.skipped) }]),
  );
}

export async function consoleCopies(
  db: Executor,
  opts: { traderId?: number; followerId?: number; page: number; limit: number },
) {
  let q = db.selectFrom('follow_copies as c').innerJoin('follows as f', 'f.id', 'c.follow_id');
  if (opts.traderId !== undefined) q = q.where('f.trader_id', '=', opts.traderId);
  if (opts.followerId !== undefined) q = q.where('f.follower_id', '=', opts.followerId);
  const [items, count] = await Promise.all([
    q
      .selectAll('c')
      .select(['f.follower_id', 'f.trader_id'])
      .orderBy('c.id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
    q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Profit share paid to a trader in total, and active copiers per trader. */
export async function traderTotals(
  db: Executor,
  traderIds: number[],
): Promise<Map<number, { copiers: number; shared: bigint }>> {
  if (traderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('follows')
    .select([
      'trader_id',
      sql<string>`count(*) filter (where status = 'active')`.as('copiers'),
      sql<string>`coalesce(sum(shared), 0)`.as('shared'),
    ])
    .where('trader_id', 'in', traderIds)
    .groupBy('trader_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.trader_id,
      { copiers: Number(r.copiers), shared: BigInt(String(r.shared).split('.')[0]!) },
    ]),
  );
}

export function setShare(trx: Transaction<DB>, id: string, hwm: bigint, shared: bigint) {
  return trx
    .updateTable('follows')
    .set({ hwm: hwm.toString(), shared: shared.toString() })
    .where('id', '=', id)
    .execute();
}

export async function lockFollow(trx: Transaction<DB>, id: string): Promise<FollowRow | undefined> {
  return trx.selectFrom('follows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function cursor(db: Executor): Promise<string | null> {
  const r = await db.selectFrom('follow_cursor').select('position_id').where('id', '=', 1).executeTakeFirst();
  return r ? String(r.position_id) : null;
}

export async function saveCursor(db: Executor, positionId: string): Promise<void> {
  await db
    .insertInto('follow_cursor')
    .values({ id: 1, position_id: positionId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ position_id: positionId }))
    .execute();
}
