import { sql } from 'kysely';
import type { Database } from '../../db/database';

export type Executor = Database;

// ---- categories ---------------------------------------------------------------------------

export async function insertCategoryIfMissing(
  db: Database,
  c: { id: number; key: string; kind: string; sort: number; names: unknown },
) {
  await db
    .insertInto('content_categories')
    .values({ id: c.id, key: c.key, kind: c.kind, sort: c.sort, names: JSON.stringify(c.names) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export function listCategories(db: Database) {
  return db.selectFrom('content_categories').selectAll().orderBy('sort').orderBy('id').execute();
}

export function getCategory(db: Database, id: number) {
  return db.selectFrom('content_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCategory(
  db: Database,
  id: number,
  patch: { names?: unknown; sort?: number; status?: number },
) {
  return db
    .updateTable('content_categories')
    .set({
      ...(patch.names !== undefined ? { names: JSON.stringify(patch.names) } : {}),
      ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function countItemsPerCategory(db: Database) {
  const rows = await db
    .selectFrom('content_items')
    .select(['category_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
}

// ---- published items (readers) ------------------------------------------------------------

/** Published and due (publish_at empty or reached), in a visible category. */
function visible(db: Database, now: Date) {
  return db
    .selectFrom('content_items as i')
    .innerJoin('content_categories as c', 'c.id', 'i.category_id')
    .where('c.status', '=', 1)
    .where('i.status', '=', 'published')
    .where((eb) => eb.or([eb('i.publish_at', 'is', null), eb('i.publish_at', '<=', now)]));
}

const itemColumns = [
  'i.id',
  'i.category_id',
  'i.publish_at',
  'i.created_at',
  'i.updated_at',
  'i.cover',
  'i.link_url',
  'i.sort',
  'i.is_popup',
  'i.is_demo',
] as const;

export async function listVisible(db: Database, categoryId: number, now: Date, page: number, limit: number) {
  const base = visible(db, now).where('i.category_id', '=', categoryId);
  const items = await base
    .select(itemColumns)
    .orderBy('i.sort', 'desc')
    .orderBy(sql`coalesce(i.publish_at, i.created_at)`, 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { items, total: Number(total.n) };
}

export function getVisible(db: Database, id: number, now: Date) {
  return visible(db, now).where('i.id', '=', id).select(itemColumns).executeTakeFirst();
}

export function latestPopup(db: Database, now: Date) {
  return visible(db, now)
    .where('i.is_popup', '=', true)
    .select(itemColumns)
    .orderBy(sql`coalesce(i.publish_at, i.created_at)`, 'desc')
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function translationsFor(db: Database, itemIds: number[], langs?: string[]) {
  if (itemIds.length === 0) return [];
  let q = db.selectFrom('content_translations').selectAll().where('item_id', 'in', itemIds);
  if (langs) q = q.where('lang', 'in', langs);
  return q.execute();
}

// ---- items (console) ----------------------------------------------------------------------

export async function listItemsAdmin(
  db: Database,
  f: { categoryId?: number; status?: string; q?: string; page: number; limit: number },
) {
  let q = db.selectFrom('content_items as i');
  if (f.categoryId !== undefined) q = q.where('i.category_id', '=', f.categoryId);
  if (f.status) q = q.where('i.status', '=', f.status);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('content_translations as t')
          .select('t.item_id')
          .whereRef('t.item_id', '=', 'i.id')
          .where('t.title', 'ilike', like),
      ),
    );
  }
  const items = await q
    .selectAll('i')
    .orderBy('i.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { items, total: Number(total.n) };
}

export function getItem(db: Database, id: number) {
  return db.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ItemFields {
  category_id: number;
  status: string;
  publish_at: Date | null;
  cover: string;
  link_url: string;
  sort: number;
  is_popup: boolean;
}

export interface TranslationFields {
  lang: string;
  title: string;
  summary: string;
  body: string;
}

export async function insertItem(
  db: Database,
  fields: ItemFields & { is_demo?: boolean; seed_key?: string | null; created_by: number | null },
  at: Date,
) {
  return db
    .insertInto('content_items')
    .values({ ...fields, seed_key: fields.seed_key ?? null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('seed_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateItem(db: Database, id: number, fields: ItemFields, at: Date) {
  return db
    .updateTable('content_items')
    .set({ ...fields, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function replaceTranslations(db: Database, itemId: number, list: TranslationFields[], at: Date) {
  await db.deleteFrom('content_translations').where('item_id', '=', itemId).execute();
  if (list.length === 0) return;
  await db
    .insertInto('content_translations')
    .values(list.map((t) => ({ item_id: itemId, ...t, updated_at: at })))
    .execute();
}

export async function deleteItem(db: Database, id: number) {
  return db.deleteFrom('content_items').where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- messages -----------------------------------------------------------------------------

/** Messages a user can see: addressed to them, or broadcast. */
function inbox(db: Database, userId: number) {
  return db
    .selectFrom('user_messages as m')
    .leftJoin('user_message_reads as r', (j) =>
      j.onRef('r.message_id', '=', 'm.id').on('r.user_id', '=', userId),
    )
    .where((eb) => eb.or([eb('m.user_id', '=', userId), eb('m.user_id', 'is', null)]));
}

export async function listInbox(db: Database, userId: number, page: number, limit: number) {
  const items = await inbox(db, userId)
    .select(['m.id', 'm.user_id', 'm.title', 'm.body', 'm.created_at', 'r.read_at'])
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const counts = await inbox(db, userId)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('m.id').filterWhere('r.read_at', 'is', null).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { items, total: Number(counts.total), unread: Number(counts.unread) };
}

export async function unreadCount(db: Database, userId: number) {
  const row = await inbox(db, userId)
    .where('r.read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findInboxMessage(db: Database, userId: number, id: string) {
  return inbox(db, userId).where('m.id', '=', id).select(['m.id', 'r.read_at']).executeTakeFirst();
}

export async function markRead(db: Database, userId: number, id: string, at: Date) {
  await db
    .insertInto('user_message_reads')
    .values({ message_id: id, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
}

export async function markAllRead(db: Database, userId: number, at: Date) {
  await sql`insert into user_message_reads (message_id, user_id, read_at)
            select m.id, ${userId}, ${at} from user_messages m
            where (m.user_id = ${userId} or m.user_id is null)
            on conflict (message_id, user_id) do nothing`.execute(db);
}

export async function insertMessage(
  db: Database,
  m: { user_id: number | null; title: string; body: string; created_by: number | null },
  at: Date,
) {
  return db
    .insertInto('user_messages')
    .values({ ...m, created_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sent messages, newest first, with their read counts (names of recipients and senders: messages.ts). */
export async function listMessagesAdmin(db: Database, page: number, limit: number) {
  const items = await db
    .selectFrom('user_messages as m')
    .select([
      'm.id',
      'm.user_id',
      'm.title',
      'm.body',
      'm.created_by',
      'm.created_at',
      (eb) =>
        eb
          .selectFrom('user_message_reads as r')
          .whereRef('r.message_id', '=', 'm.id')
          .select((e) => e.fn.countAll<string>().as('n'))
          .as('reads'),
    ])
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await db
    .selectFrom('user_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total: Number(total.n) };
}
