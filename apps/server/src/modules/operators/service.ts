import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { hashPassword, newToken, randomSecret, sha256, verifyPassword } from '../../lib/crypto';
import { checkSignIn, signInFailed, signInSucceeded, type SignInAttempt } from '../sign-in';
import * as repo from './repo';

import { OPERATOR_ROLES, type OperatorRole } from '@bourse/contract';

/** Console roles (defined with the API contract). */
export { OPERATOR_ROLES, type OperatorRole };

export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

const OPERATOR_IDLE_MS = 2 * 3600_000;
const OPERATOR_ABSOLUTE_MS = 24 * 3600_000;
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * At first start there is no operator: create `admin` with ADMIN_PASSWORD, or a generated
 * password that is printed once. Returns the generated password (null when none was made).
 */
export async function ensureFirstOperator(ctx: AppContext): Promise<string | null> {
  if ((await repo.countOperators(ctx.db)) > 0) return null;
  const password = ctx.config.adminPassword ?? randomSecret(20);
  const created = await repo.insertOperator(ctx.db, {
    username: 'admin',
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  if (!created) return null;
  await audit(ctx, null, 'operator.bootstrap', 'operator:admin', undefined, { username: 'admin', role: 'admin' }, null);
  return ctx.config.adminPassword ? null : password;
}

export async function audit(
  ctx: AppContext,
  operatorId: number | null,
  action: string,
  target: string | null,
  before: unknown,
  after: unknown,
  ip: string | null,
): Promise<void> {
  await repo.insertAudit(ctx.db, { operatorId, action, target, before, after, ip, at: ctx.clock.now() });
}

/**
 * Operator sign-in, throttled like users' (per operator account across addresses, per known
 * device, per address; identity's sign-in throttle). Every refused attempt is in the audit log:
 * `operator.login_failed` for a wrong password, `operator.login_throttled` for one refused unchecked.
 */
export async function operatorLogin(ctx: AppContext, username: string, password: string, ip: string | null, device: string | null = null) {
  const name = username.trim();
  const now = ctx.clock.now();
  const op = await repo.findOperatorByName(ctx.db, name);
  const attempt: SignInAttempt = { scope: 'operator', account: name.toLowerCase(), subject: op ? `operator:${op.id}` : null, device, ip };
  const check = await checkSignIn(ctx.db, attempt, now);
  const target = `operator:${name.slice(0, 64)}`;
  if (!check.allowed) {
    await audit(ctx, op?.id ?? null, 'operator.login_throttled', target, undefined, undefined, ip);
    throw new AppError('login_locked', { minutes: 15 });
  }
  const valid = await verifyPassword(password, op?.password_hash ?? DUMMY_HASH);
  if (!op || !valid || op.disabled) {
    await signInFailed(ctx.db, attempt, check, now);
    await audit(ctx, op?.id ?? null, 'operator.login_failed', target, undefined, undefined, ip);
    throw new AppError('operator_invalid_credentials');
  }
  const deviceValue = await signInSucceeded(ctx.db, { ...attempt, subject: `operator:${op.id}` }, check, now);
  const token = newToken();
  await repo.insertOperatorSession(ctx.db, {
    tokenHash: sha256(token),
    operatorId: op.id,
    at: now,
    expiresAt: new Date(now.getTime() + OPERATOR_ABSOLUTE_MS),
  });
  await repo.markLogin(ctx.db, op.id, now);
  await audit(ctx, op.id, 'operator.login', `operator:${op.username}`, undefined, undefined, ip);
  return { token, operator: { id: op.id, username: op.username, role: op.role as OperatorRole }, device: deviceValue };
}

export async function resolveOperator(ctx: AppContext, token: string): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const s = await repo.findOperatorSession(ctx.db, hash);
  if (!s || s.disabled) return null;
  const now = ctx.clock.now().getTime();
  if (now >= s.expires_at.getTime() || now - s.last_used_at.getTime() >= OPERATOR_IDLE_MS) {
    await repo.deleteOperatorSession(ctx.db, hash);
    return null;
  }
  if (now - s.last_used_at.getTime() >= 60_000) await repo.touchOperatorSession(ctx.db, hash, new Date(now));
  return { id: s.id, username: s.username, role: s.role as OperatorRole };
}

export async function operatorLogout(ctx: AppContext, token: string, op: Operator, ip: string | null) {
  await repo.deleteOperatorSession(ctx.db, sha256(token));
  await audit(ctx, op.id, 'operator.logout', `operator:${op.username}`, undefined, undefined, ip);
}

export async function createOperator(
  ctx: AppContext,
  actor: Operator,
  input: { username: string; password: string; role: OperatorRole },
  ip: string | null,
) {
  const created = await repo.insertOperator(ctx.db, {
    username: input.username,
    passwordHash: await hashPassword(input.password),
    role: input.role,
  });
  if (!created) throw new AppError('operator_exists');
  const view = { id: created.id, username: created.username, role: created.role, disabled: created.disabled };
  await audit(ctx, actor.id, 'operator.create', `operator:${created.username}`, undefined, view, ip);
  return {
    ...view,
    role: input.role,
    created_at: created.created_at.toISOString(),
    last_login_at: created.last_login_at?.toISOString() ?? null,
  };
}
