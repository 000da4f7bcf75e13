import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { verifyPassword } from '../../lib/crypto';
import { clearEvents, countEvents, pruneEvents, recordEvent } from './limits';
import * as repo from './repo';
import { createSession } from './sessions';
import { mask, maskEmail } from './validation';

// A fixed hash to verify against when the account does not exist, so timing does not tell.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Failed sign-ins allowed per account (whether it exists or not) and per IP in the window. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_MAX_PER_ACCOUNT = 5;
export const LOGIN_MAX_PER_IP = 30;

export async function login(
  ctx: AppContext,
  input: { account: string; password: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const account = input.account.trim().toLowerCase();
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const minutes = LOGIN_WINDOW_MS / 60_000;
  if ((await countEvents(ctx.db, 'login_fail_account', account, since)) >= LOGIN_MAX_PER_ACCOUNT) {
    throw new AppError('login_locked', { minutes });
  }
  if (input.ip && (await countEvents(ctx.db, 'login_fail_ip', input.ip, since)) >= LOGIN_MAX_PER_IP) {
    throw new AppError('login_locked', { minutes });
  }
  const user = await repo.findUserByLogin(ctx.db, input.account.trim());
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid) {
    await recordEvent(ctx.db, 'login_fail_account', account, now);
    if (input.ip) await recordEvent(ctx.db, 'login_fail_ip', input.ip, now);
    if (Math.random() < 0.01) await pruneEvents(ctx.db, new Date(now.getTime() - 24 * 3600_000));
    throw new AppError('invalid_credentials');
  }
  if (user.status !== 1) throw new AppError('account_frozen');
  await clearEvents(ctx.db, 'login_fail_account', account);
  return createSession(ctx, user.id, { ip: input.ip, userAgent: input.userAgent });
}

/** The signed-in user's profile (only their own). */
export async function userInfo(ctx: AppContext, userId: number) {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('please_log_in', {}, 999);
  const [kyc, wallet] = await Promise.all([repo.latestKyc(ctx.db, userId), repo.walletOfUser(ctx.db, userId)]);
  return {
    id: u.id,
    uid: u.id,
    email: u.email,
    mobile: u.mobile,
    area_code: u.area_code,
    account: u.email ?? (u.mobile ? `+${u.area_code ?? ''} ${mask(u.mobile, 3, 4)}` : wallet ? mask(wallet, 6, 4) : ''),
    email_masked: maskEmail(u.email),
    mobile_masked: mask(u.mobile, 3, 4),
    wallet_address: wallet,
    has_password: u.password_hash.startsWith('scrypt$'),
    nickname: u.nickname,
    head_portrait: u.avatar,
    invite_code: u.invite_code,
    is_demo: u.is_demo,
    real_status: kycStatusName(kyc?.status),
    created_at: u.created_at.toISOString(),
  };
}

export function kycStatusName(status: number | undefined): 'none' | 'pending' | 'approved' | 'rejected' {
  return status === 1 ? 'pending' : status === 2 ? 'approved' : status === 3 ? 'rejected' : 'none';
}

export async function ping(ctx: AppContext, userId: number): Promise<{ server_time: number }> {
  const now = ctx.clock.now();
  await repo.touchUserSeen(ctx.db, userId, now);
  return { server_time: now.getTime() };
}
