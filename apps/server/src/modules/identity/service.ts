import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { verifyPassword } from '../../lib/crypto';
import * as repo from './repo';
import { createSession } from './sessions';

// A fixed hash to verify against when the account does not exist, so timing does not tell.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export async function login(
  ctx: AppContext,
  input: { account: string; password: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const user = await repo.findUserByLogin(ctx.db, input.account.trim());
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid || user.status !== 1) throw new AppError('invalid_credentials');
  return createSession(ctx, user.id, { ip: input.ip, userAgent: input.userAgent });
}

function mask(value: string | null, keepStart: number, keepEnd: number): string | null {
  if (!value) return null;
  if (value.length <= keepStart + keepEnd) return value;
  return value.slice(0, keepStart) + '****' + value.slice(value.length - keepEnd);
}

/** The signed-in user's profile (only their own). */
export async function userInfo(ctx: AppContext, userId: number) {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('please_log_in', {}, 999);
  return {
    id: u.id,
    email: u.email,
    mobile: u.mobile,
    area_code: u.area_code,
    account: u.email ?? (u.mobile ? `+${u.area_code ?? ''} ${mask(u.mobile, 3, 4)}` : ''),
    nickname: u.nickname,
    head_portrait: u.avatar,
    invite_code: u.invite_code,
    is_demo: u.is_demo,
    created_at: u.created_at.toISOString(),
  };
}

export async function ping(ctx: AppContext, userId: number): Promise<{ server_time: number }> {
  const now = ctx.clock.now();
  await repo.touchUserSeen(ctx.db, userId, now);
  return { server_time: now.getTime() };
}
