import type { Database } from '../../db/database';

export async function insertSession(
  db: Database,
  s: { tokenHash: string; userId: number; at: Date; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      created_at: s.at,
      last_used_at: s.at,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent,
    })
    .execute();
}

export async function findSession(db: Database, tokenHash: string) {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function touchSession(db: Database, tokenHash: string, at: Date) {
  await db.updateTable('sessions').set({ last_used_at: at }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of the user except (optionally) one. */
export async function deleteUserSessions(db: Database, userId: number, exceptTokenHash?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
  await q.execute();
}

export async function listUserSessions(db: Database, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_used_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .limit(limit)
    .execute();
}
