import type { AppContext } from '../../context';
import { newToken, sha256 } from '../../lib/crypto';
import * as repo from './repo';

/** Session policy: opaque 256-bit tokens, stored hashed; idle and absolute expiry. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_used_at is written at most this often, so pings do not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = newToken();
  const at = ctx.clock.now();
  await repo.insertSession(ctx.db, {
    tokenHash: sha256(token),
    userId,
    at,
    expiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
    ...meta,
  });
  return token;
}

/** The user id of a live session, or null (unknown, idle too long, or past its absolute expiry). */
export async function resolveSession(ctx: AppContext, token: string): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const session = await repo.findSession(ctx.db, hash);
  if (!session) return null;
  const now = ctx.clock.now().getTime();
  if (now >= session.expires_at.getTime() || now - session.last_used_at.getTime() >= SESSION_IDLE_MS) {
    await repo.deleteSession(ctx.db, hash);
    return null;
  }
  if (now - session.last_used_at.getTime() >= TOUCH_EVERY_MS) await repo.touchSession(ctx.db, hash, new Date(now));
  return session.user_id;
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await repo.deleteSession(ctx.db, sha256(token));
}

/** The token from `Authorization` (bare, or "Bearer <token>"). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  const trimmed = value.trim();
  return trimmed && trimmed !== 'null' && trimmed !== 'undefined' ? trimmed : null;
}
