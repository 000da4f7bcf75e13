import type { Database } from '../../db/database';

/** Sliding-window counters kept in identity_events (failed logins per account / per IP, …). */
export async function countEvents(db: Database, kind: string, key: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('identity_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordEvent(db: Database, kind: string, key: string, at: Date): Promise<void> {
  await db.insertInto('identity_events').values({ kind, key, at }).execute();
}

export async function clearEvents(db: Database, kind: string, key: string): Promise<void> {
  await db.deleteFrom('identity_events').where('kind', '=', kind).where('key', '=', key).execute();
}

/** Drops events older than the longest window (called opportunistically). */
export async function pruneEvents(db: Database, before: Date): Promise<void> {
  await db.deleteFrom('identity_events').where('at', '<', before).execute();
}
