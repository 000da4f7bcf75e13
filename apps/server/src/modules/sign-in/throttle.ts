/**
 * Sign-in throttling for users and operators, with device cookies.
 *
 * The choice (docs/architecture.md, "Sign-in throttling"): a person's browser that has signed in
 * to an account before carries a random device value in an HttpOnly cookie (stored here hashed,
 * bound to that account). Failed attempts are counted
 * - per account, for attempts from anywhere else: after 5 in 15 minutes, such attempts are refused
 *   without checking the password, even the right one — a password-guesser spread over many
 *   addresses gets 5 guesses per 15 minutes, not 5 per address;
 * - per device value, for attempts that carry a valid cookie of that account: its owner keeps
 *   signing in from their own browser while a stranger is being throttled, and 5 wrong
 *   passwords with the cookie throttle that cookie alone;
 * - per client address, across accounts (30 in 15 minutes).
 * So nobody who only knows an e-mail can lock its owner out of their known device, and no device
 * value is a master key. No CAPTCHA.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { newToken, sha256 } from '../../lib/crypto';
import { clearEvents, countEvents, pruneEvents, recordEvent } from './counters';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_MAX_PER_ACCOUNT = 5;
export const SIGN_IN_MAX_PER_DEVICE = 5;
export const SIGN_IN_MAX_PER_IP = 30;
const DEVICE_TTL_MS = 180 * 24 * 3600_000;

export type SignInScope = 'user' | 'operator';

/** Cookie name and path per scope: each is sent only to its own sign-in call. */
const COOKIE = {
  user: { name: 'bourse_device', path: '/api/user/login' },
  operator: { name: 'bourse_op_device', path: '/api/admin/login' },
} as const;

/** Event kinds of the counters (the user ones keep their earlier names). */
const KINDS = {
  user: { account: 'login_fail_account', device: 'login_fail_device', ip: 'login_fail_ip' },
  operator: { account: 'op_login_fail_account', device: 'op_login_fail_device', ip: 'op_login_fail_ip' },
} as const;

export interface SignInAttempt {
  scope: SignInScope;
  /** The account as typed, normalised (lower-case e-mail, operator name). */
  account: string;
  /** `user:<id>` / `operator:<id>` when the account exists, else null. */
  subject: string | null;
  /** The device value the request carried (cookie), if any. */
  device: string | null;
  ip: string | null;
}

/** The device cookie's value of a request, if it has one. */
export function deviceFromRequest(request: FastifyRequest, scope: SignInScope): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const name = COOKIE[scope].name;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      const value = v.join('=');
      return /^[\w-]{20,200}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Sets the device cookie on the answer of a successful sign-in. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, scope: SignInScope, value: string): void {
  const { name, path } = COOKIE[scope];
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${name}=${value}; Path=${path}; Max-Age=${DEVICE_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure}`);
}

/** The hashed device value when it is a known device of this subject (and not expired). */
async function knownDevice(db: Database, a: SignInAttempt, now: Date): Promise<string | null> {
  if (!a.device || !a.subject) return null;
  const hash = sha256(a.device);
  const row = await db
    .selectFrom('login_devices')
    .select(['token_hash', 'last_used_at'])
    .where('token_hash', '=', hash)
    .where('subject', '=', a.subject)
    .executeTakeFirst();
  if (!row || now.getTime() - row.last_used_at.getTime() > DEVICE_TTL_MS) return null;
  return row.token_hash;
}

export interface ThrottleCheck {
  allowed: boolean;
  /** The known device's hash, when the attempt came from one. */
  deviceHash: string | null;
}

/** Whether this attempt may have its password checked at all. */
export async function checkSignIn(db: Database, a: SignInAttempt, now: Date): Promise<ThrottleCheck> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const kinds = KINDS[a.scope];
  if (a.ip && (await countEvents(db, kinds.ip, a.ip, since)) >= SIGN_IN_MAX_PER_IP) return { allowed: false, deviceHash: null };
  const deviceHash = await knownDevice(db, a, now);
  const allowed = deviceHash
    ? (await countEvents(db, kinds.device, deviceHash, since)) < SIGN_IN_MAX_PER_DEVICE
    : (await countEvents(db, kinds.account, a.account, since)) < SIGN_IN_MAX_PER_ACCOUNT;
  return { allowed, deviceHash };
}

/** Counts a wrong password (or unknown account) against the device or the account, and the address. */
export async function signInFailed(db: Database, a: SignInAttempt, check: ThrottleCheck, now: Date): Promise<void> {
  const kinds = KINDS[a.scope];
  if (check.deviceHash) await recordEvent(db, kinds.device, check.deviceHash, now);
  else await recordEvent(db, kinds.account, a.account, now);
  if (a.ip) await recordEvent(db, kinds.ip, a.ip, now);
  if (Math.random() < 0.01) await pruneEvents(db, new Date(now.getTime() - 24 * 3600_000));
}

/**
 * After the right password: clears the counter the attempt was judged by and returns the device
 * value to set (the known one, refreshed, or a new one for this subject).
 */
export async function signInSucceeded(db: Database, a: SignInAttempt & { subject: string }, check: ThrottleCheck, now: Date): Promise<string> {
  const kinds = KINDS[a.scope];
  if (check.deviceHash) {
    await clearEvents(db, kinds.device, check.deviceHash);
    await db.updateTable('login_devices').set({ last_used_at: now }).where('token_hash', '=', check.deviceHash).execute();
    return a.device!;
  }
  await clearEvents(db, kinds.account, a.account);
  const value = newToken();
  await db.insertInto('login_devices').values({ token_hash: sha256(value), subject: a.subject, created_at: now, last_used_at: now }).execute();
  return value;
}
