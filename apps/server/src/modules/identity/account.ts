import { randomBytes } from 'node:crypto';
import type { Lang } from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { consumeCode, issueCode, type Scene } from './codes';
import * as repo from './repo';
import { createSession, endUserSessions } from '../sessions';
import { checkPasswordPolicy, mobileTarget, normalizeEmail, normalizeMobile } from './validation';

/** A password hash no password can match (accounts created by wallet sign-in). */
export const NO_PASSWORD = '!wallet';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += INVITE_ALPHABET[b % INVITE_ALPHABET.length];
  return out;
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** Inserts a user with a fresh unique invite code (retrying the rare collision). */
export async function insertUser(
  ctx: AppContext,
  values: { email: string | null; mobile: string | null; area_code: string | null; password_hash: string; nickname: string; inviter_id: number | null },
): Promise<number> {
  for (let i = 0; ; i++) {
    const invite = newInviteCode();
    try {
      const row = await ctx.db
        .insertInto('users')
        .values({ ...values, invite_code: invite, created_at: ctx.clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const clash = await ctx.db.selectFrom('users').select('id').where('invite_code', '=', invite).executeTakeFirst();
      if (!clash || i > 5) throw new AppError('account_exists');
    }
  }
}

type Target = { channel: 'email' | 'sms'; target: string; email?: string; mobile?: string; areaCode?: string };

export function emailTarget(raw: string): Target {
  const email = normalizeEmail(raw);
  return { channel: 'email', target: email, email };
}

export function smsTarget(raw: string, area: string | undefined): Target {
  const { mobile, areaCode } = normalizeMobile(raw, area);
  return { channel: 'sms', target: mobileTarget(mobile, areaCode), mobile, areaCode };
}

async function userOfTarget(ctx: AppContext, t: Target) {
  if (t.email) return repo.findUserByEmail(ctx.db, t.email);
  return repo.findUserByMobile(ctx.db, t.areaCode!, t.mobile!);
}

/** The target a signed-in user's own codes go to: their e-mail, else their mobile. */
export async function ownTarget(ctx: AppContext, userId: number, prefer: 'email' | 'sms'): Promise<Target> {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('please_log_in', {}, 999);
  const email: Target | null = u.email ? { channel: 'email', target: u.email, email: u.email } : null;
  const sms: Target | null =
    u.mobile && u.area_code
      ? { channel: 'sms', target: mobileTarget(u.mobile, u.area_code), mobile: u.mobile, areaCode: u.area_code }
      : null;
  const t = prefer === 'email' ? (email ?? sms) : (sms ?? email);
  if (!t) throw new AppError('email_invalid');
  return t;
}

const OWN_SCENES: Scene[] = ['update_password', 'withdraw', 'security'];

/**
 * POST /sms_mail and /sms_send. Scenes about the signed-in user's own account send to their
 * own address. "forget" and "login" deliver only to existing accounts, but answer the same either way.
 */
export async function sendCode(
  ctx: AppContext,
  input: { channel: 'email' | 'sms'; userString?: string; areaCode?: string; scene: Scene; ip: string | null; lang: Lang; userId: number | null },
) {
  let t: Target;
  let deliver = true;
  if (OWN_SCENES.includes(input.scene)) {
    if (input.userId === null) throw new AppError('please_log_in', {}, 999);
    t = await ownTarget(ctx, input.userId, input.channel);
  } else {
    const raw = (input.userString ?? '').trim();
    t = input.channel === 'email' ? emailTarget(raw) : smsTarget(raw, input.areaCode);
    if (input.scene === 'forget' || input.scene === 'login') deliver = Boolean(await userOfTarget(ctx, t));
  }
  return issueCode(ctx, { channel: t.channel, target: t.target, scene: input.scene, ip: input.ip, lang: input.lang, deliver });
}

/** POST /user/check_email: only the format; whether an account exists is never told. */
export function checkEmail(raw: string) {
  return { email: normalizeEmail(raw) };
}

export async function register(
  ctx: AppContext,
  input: {
    type: 'email' | 'mobile';
    userString: string;
    areaCode?: string;
    code: string;
    password: string;
    rePassword: string;
    inviteCode?: string;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<string> {
  const t = input.type === 'email' ? emailTarget(input.userString) : smsTarget(input.userString, input.areaCode);
  checkPasswordPolicy(input.password, input.rePassword);
  let inviterId: number | null = null;
  const invite = input.inviteCode?.trim();
  if (invite) {
    const inviter = await repo.findUserByInviteCode(ctx.db, invite);
    if (!inviter) throw new AppError('invite_code_invalid');
    inviterId = inviter.id;
  }
  await consumeCode(ctx, { target: t.target, scene: 'register', code: input.code });
  // The code proves the caller holds this address, so telling them it is taken reveals nothing.
  if (await userOfTarget(ctx, t)) throw new AppError('account_exists');
  const nickname = t.email ? t.email.split('@')[0]!.slice(0, 24) : `${t.mobile!.slice(0, 3)}****${t.mobile!.slice(-4)}`;
  const userId = await insertUser(ctx, {
    email: t.email ?? null,
    mobile: t.mobile ?? null,
    area_code: t.areaCode ?? null,
    password_hash: await hashPassword(input.password),
    nickname,
    inviter_id: inviterId,
  });
  return createSession(ctx, userId, { ip: input.ip, userAgent: input.userAgent });
}

/** POST /user/forget {account, password, repassword, code}: the account is an e-mail or mobile. */
export async function forgetPassword(
  ctx: AppContext,
  input: { account: string; areaCode?: string; password: string; rePassword: string; code: string },
): Promise<void> {
  const raw = input.account.trim();
  const t = raw.includes('@') ? emailTarget(raw) : smsTarget(raw, input.areaCode);
  checkPasswordPolicy(input.password, input.rePassword);
  await consumeCode(ctx, { target: t.target, scene: 'forget', code: input.code });
  const user = await userOfTarget(ctx, t);
  // Codes for unknown accounts are never delivered, so this is only reachable by the owner.
  if (!user) throw new AppError('code_invalid');
  await ctx.db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', user.id).execute();
  await endUserSessions(ctx, user.id);
}

/** POST /safe/update_password: a code sent to the user's own e-mail (or mobile); other sessions end. */
export async function updatePassword(
  ctx: AppContext,
  userId: number,
  currentToken: string,
  input: { password: string; rePassword: string; code: string },
): Promise<void> {
  checkPasswordPolicy(input.password, input.rePassword);
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('please_log_in', {}, 999);
  const targets = [u.email, u.mobile && u.area_code ? mobileTarget(u.mobile, u.area_code) : null].filter((x): x is string => Boolean(x));
  if (targets.length === 0) throw new AppError('code_invalid');
  let lastError: unknown = null;
  let done = false;
  for (const target of targets) {
    try {
      await consumeCode(ctx, { target, scene: 'update_password', code: input.code });
      done = true;
      break;
    } catch (err) {
      lastError = err;
    }
  }
  if (!done) throw lastError instanceof AppError ? lastError : new AppError('code_invalid');
  await ctx.db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', userId).execute();
  await endUserSessions(ctx, userId, currentToken);
}

/** POST /safe/email {email, code, password}: binds or changes the e-mail (code sent to the new one). */
export async function bindEmail(ctx: AppContext, userId: number, input: { email: string; code: string; password: string }) {
  const t = emailTarget(input.email);
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('please_log_in', {}, 999);
  if (u.password_hash !== NO_PASSWORD && !(await verifyPassword(input.password, u.password_hash))) {
    throw new AppError('invalid_credentials');
  }
  await consumeCode(ctx, { target: t.target, scene: 'bind', code: input.code });
  const other = await repo.findUserByEmail(ctx.db, t.email!);
  if (other && other.id !== userId) throw new AppError('account_exists');
  try {
    await ctx.db.updateTable('users').set({ email: t.email! }).where('id', '=', userId).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('account_exists');
    throw err;
  }
  return { email: t.email };
}

/** POST /safe/mobile {mobile, code, area_code}: binds or changes the mobile number. */
export async function bindMobile(ctx: AppContext, userId: number, input: { mobile: string; areaCode?: string; code: string }) {
  const t = smsTarget(input.mobile, input.areaCode);
  await consumeCode(ctx, { target: t.target, scene: 'bind', code: input.code });
  const other = await repo.findUserByMobile(ctx.db, t.areaCode!, t.mobile!);
  if (other && other.id !== userId) throw new AppError('account_exists');
  try {
    await ctx.db.updateTable('users').set({ mobile: t.mobile!, area_code: t.areaCode! }).where('id', '=', userId).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('account_exists');
    throw err;
  }
  return { mobile: t.mobile, area_code: t.areaCode };
}
