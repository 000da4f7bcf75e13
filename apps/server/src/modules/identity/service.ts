import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { verifyPassword } from '../../lib/crypto';
import * as repo from './repo';
import { createSession } from '../sessions';
import { SIGN_IN_WINDOW_MS, checkSignIn, signInFailed, signInSucceeded, type SignInAttempt } from '../sign-in';
import { mask, maskEmail } from './validation';

// A fixed hash to verify against when the account does not exist, so timing does not tell.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Signs a user in with e-mail or mobile and password. Throttled per account, per known device and
 * per address (sign-in-throttle.ts); answers the session token and the device value to keep.
 */
export async function login(
  ctx: AppContext,
  input: { account: string; password: string; ip: string | null; userAgent: string | null; device?: string | null },
): Promise<{ token: string; device: string }> {
  const account = input.account.trim().toLowerCase();
  const now = ctx.clock.now();
  const minutes = SIGN_IN_WINDOW_MS / 60_000;
  const user = await repo.findUserByLogin(ctx.db, input.account.trim());
  const attempt: SignInAttempt = { scope: 'user', account, subject: user ? `user:${user.id}` : null, device: input.device ?? null, ip: input.ip };
  const check = await checkSignIn(ctx.db, attempt, now);
  if (!check.allowed) throw new AppError('login_locked', { minutes });
  const valid = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !valid) {
    await signInFailed(ctx.db, attempt, check, now);
    throw new AppError('invalid_credentials');
  }
  if (user.status !== 1) throw new AppError('account_frozen');
  const device = await signInSucceeded(ctx.db, { ...attempt, subject: `user:${user.id}` }, check, now);
  return { token: await createSession(ctx, user.id, { ip: input.ip, userAgent: input.userAgent }), device };
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
