import type { Database } from '../../db/database';

export async function findUserByLogin(db: Database, account: string) {
  const lowered = account.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', lowered), eb('mobile', '=', account)]))
    .executeTakeFirst();
}

export async function findUserById(db: Database, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

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

export async function touchUserSeen(db: Database, userId: number, at: Date) {
  await db.updateTable('users').set({ last_seen_at: at }).where('id', '=', userId).execute();
}
