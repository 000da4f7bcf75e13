/** Reads of operators for other modules: user names batched by id (e.g. who sent a message). */
import type { Database } from '../../db/database';

/** The user names of the operators among `ids`, by id (one query; unknown ids are left out). */
export async function operatorNamesByIds(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
