/**
 * Operator settings (`settings`: a key and a JSON value). Every module reads and writes them
 * only through these two functions: a read is checked against the caller's schema, so a missing
 * or malformed value falls back instead of leaking into the rules.
 */
import type { z } from 'zod';
import type { Database } from '../../db/database';

/** A key's value parsed by `schema`, or `fallback` when the key is missing or does not parse. */
export async function getSetting<S extends z.ZodType>(db: Database, key: string, schema: S, fallback: z.output<S>): Promise<z.output<S>> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return fallback;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? parsed.data : fallback;
}

/** Sets a key (created private unless `isPublic`; an existing key keeps its visibility). */
export async function putSetting(db: Database, key: string, value: unknown, at: Date, isPublic = false): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, is_public: isPublic, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}
