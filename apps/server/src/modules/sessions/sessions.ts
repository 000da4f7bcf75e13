import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
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

/**
 * Live sessions looked up in the last SESSION_CACHE_MS, per database (tests open several), so a
 * burst of authenticated calls (order placement) does not cost a database round trip each.
 * A session ended in this process is forgotten at once; one ended by another API process is
 * still honoured here for at most SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 50_000;
const sessionCache = new WeakMap<Database, Map<string, { userId: number; until: number }>>();

function cacheOf(db: Database): Map<string, { userId: number; until: number }> {
  let c = sessionCache.get(db);
  if (!c) {
    c = new Map<string, { userId: number; until: number }>();
    sessionCache.set(db, c);
  }
  return c;
}

/** The user id of a live session, or null (unknown, idle too long, or past its absolute expiry). */
export async function resolveSession(ctx: AppContext, token: string): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const hash = sha256(token);
  const now = ctx.clock.now().getTime();
  const cache = cacheOf(ctx.db);
  const hit = cache.get(hash);
  if (hit && now < hit.until) return hit.userId;
  if (hit) cache.delete(hash);
  const session = await repo.findSession(ctx.db, hash);
  if (!session) return null;
  if (now >= session.expires_at.getTime() || now - session.last_used_at.getTime() >= SESSION_IDLE_MS) {
    await repo.deleteSession(ctx.db, hash);
    return null;
  }
  if (now - session.last_used_at.getTime() >= TOUCH_EVERY_MS) await repo.touchSession(ctx.db, hash, new Date(now));
  // Oldest first out when full (a Map iterates in insertion order).
  if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(hash, { userId: session.user_id, until: Math.min(now + SESSION_CACHE_MS, session.expires_at.getTime()) });
  return session.user_id;
}

export async function endSession(ctx: AppContext, token: string): Promise<void> {
  const hash = sha256(token);
  cacheOf(ctx.db).delete(hash);
  await repo.deleteSession(ctx.db, hash);
}

/** Ends every session of a user except (optionally) the caller's own: password change or reset, freeze. */
export async function endUserSessions(ctx: AppContext, userId: number, exceptToken?: string): Promise<void> {
  const except = exceptToken === undefined ? undefined : sha256(exceptToken);
  const cache = cacheOf(ctx.db);
  for (const [hash, e] of cache) if (e.userId === userId && hash !== except) cache.delete(hash);
  await repo.deleteUserSessions(ctx.db, userId, except);
}

/** A user's sessions, most recently used first (the console's user page). */
export function userSessions(ctx: AppContext, userId: number, limit: number) {
  return repo.listUserSessions(ctx.db, userId, limit);
}
