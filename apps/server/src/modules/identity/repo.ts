import type { Database } from '../../db/database';

export async function findUserByLogin(db: Database, account: string) {
  // The account is an e-mail (case-insensitive) or a mobile number without its area code.
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

export async function latestKyc(db: Database, userId: number) {
  return db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function walletOfUser(db: Database, userId: number): Promise<string | null> {
  const row = await db.selectFrom('wallet_identities').select('address').where('user_id', '=', userId).executeTakeFirst();
  return row?.address ?? null;
}

export async function findUserByEmail(db: Database, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserByMobile(db: Database, areaCode: string, mobile: string) {
  return db.selectFrom('users').selectAll().where('area_code', '=', areaCode).where('mobile', '=', mobile).executeTakeFirst();
}

export async function findUserByInviteCode(db: Database, code: string) {
  return db.selectFrom('users').select(['id']).where('invite_code', '=', code.trim().toUpperCase()).executeTakeFirst();
}

/** Ends every session of the user except (optionally) one. */
export async function deleteUserSessions(db: Database, userId: number, exceptTokenHash?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
  await q.execute();
}
