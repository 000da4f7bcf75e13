import type { Database } from '../../db/database';

export async function countOperators(db: Database): Promise<number> {
  const r = await db.selectFrom('operators').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findOperatorByName(db: Database, username: string) {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findOperatorById(db: Database, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOperator(db: Database, o: { username: string; passwordHash: string; role: string }) {
  return db
    .insertInto('operators')
    .values({ username: o.username, password_hash: o.passwordHash, role: o.role })
    .onConflict((oc) => oc.column('username').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function listOperators(db: Database) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role', 'disabled', 'created_at', 'last_login_at'])
    .orderBy('id')
    .execute();
}

export async function markLogin(db: Database, id: number, at: Date) {
  await db.updateTable('operators').set({ last_login_at: at }).where('id', '=', id).execute();
}

export async function insertOperatorSession(db: Database, s: { tokenHash: string; operatorId: number; at: Date; expiresAt: Date }) {
  await db
    .insertInto('operator_sessions')
    .values({ token_hash: s.tokenHash, operator_id: s.operatorId, created_at: s.at, last_used_at: s.at, expires_at: s.expiresAt })
    .execute();
}

export async function findOperatorSession(db: Database, tokenHash: string) {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select([
      'operator_sessions.token_hash',
      'operator_sessions.last_used_at',
      'operator_sessions.expires_at',
      'operators.id',
      'operators.username',
      'operators.role',
      'operators.disabled',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Database, tokenHash: string, at: Date) {
  await db.updateTable('operator_sessions').set({ last_used_at: at }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteOperatorSession(db: Database, tokenHash: string) {
  await db.deleteFrom('operator_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function insertAudit(
  db: Database,
  a: { operatorId: number | null; action: string; target: string | null; before: unknown; after: unknown; ip: string | null; at: Date },
) {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: a.operatorId,
      action: a.action,
      target: a.target,
      before: a.before === undefined ? null : JSON.stringify(a.before),
      after: a.after === undefined ? null : JSON.stringify(a.after),
      ip: a.ip,
      created_at: a.at,
    })
    .execute();
}

/** Actions of the "failed sign-ins" view of the audit log. */
export const SIGN_IN_FAILURES = ['operator.login_failed', 'operator.login_throttled'];

export async function listAudit(db: Database, page: number, limit: number, actions?: string[]) {
  const items = await db
    .selectFrom('audit_log')
    .$if(actions !== undefined, (q) => q.where('audit_log.action', 'in', actions!))
    .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
    .select([
      'audit_log.id',
      'audit_log.operator_id',
      'operators.username as operator_username',
      'audit_log.action',
      'audit_log.target',
      'audit_log.before',
      'audit_log.after',
      'audit_log.ip',
      'audit_log.created_at',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await db
    .selectFrom('audit_log')
    .$if(actions !== undefined, (q) => q.where('audit_log.action', 'in', actions!))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { items, total: Number(total.n) };
}
