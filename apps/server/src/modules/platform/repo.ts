import type { Database } from '../../db/database';

export async function getSetting(db: Database, key: string) {
  return db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function getPublicSettings(db: Database, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .where('is_public', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function insertSettingIfMissing(db: Database, key: string, value: unknown, isPublic: boolean) {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), is_public: isPublic })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function upsertSetting(db: Database, key: string, value: unknown, isPublic: boolean, at: Date) {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), is_public: isPublic, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: at }))
    .execute();
}

export async function listMenu(db: Database) {
  return db
    .selectFrom('menu_items')
    .selectAll()
    .where('status', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function insertMenuIfMissing(
  db: Database,
  item: { key: string; icon: string; url: string; sort: number; names: unknown },
) {
  await db
    .insertInto('menu_items')
    .values({ ...item, names: JSON.stringify(item.names) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function listFiatRates(db: Database) {
  return db.selectFrom('fiat_rates').selectAll().orderBy('code').execute();
}

export async function upsertFiatRate(
  db: Database,
  code: string,
  rate: string,
  at: Date,
  onlyIfMissing: boolean,
) {
  await db
    .insertInto('fiat_rates')
    .values({ code, rate, saved_at: at })
    .onConflict((oc) =>
      onlyIfMissing ? oc.column('code').doNothing() : oc.column('code').doUpdateSet({ rate, saved_at: at }),
    )
    .execute();
}

export async function listMenuAll(db: Database) {
  return db.selectFrom('menu_items').selectAll().orderBy('sort').orderBy('id').execute();
}

export async function getMenuItem(db: Database, id: number) {
  return db.selectFrom('menu_items').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateMenuItem(
  db: Database,
  id: number,
  patch: { names?: unknown; url?: string; icon?: string; sort?: number; status?: number },
) {
  return db
    .updateTable('menu_items')
    .set({
      ...(patch.names !== undefined ? { names: JSON.stringify(patch.names) } : {}),
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.icon !== undefined ? { icon: patch.icon } : {}),
      ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertMenuItem(
  db: Database,
  item: { key: string; icon: string; url: string; sort: number; status: number; names: unknown },
) {
  return db
    .insertInto('menu_items')
    .values({ ...item, names: JSON.stringify(item.names) })
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
}
