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

