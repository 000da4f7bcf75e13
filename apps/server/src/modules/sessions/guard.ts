import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { noSession } from '../../http/errors';
import { tokenFromHeader } from '../../http/auth-header';
import { resolveSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser. */
    userId: number | null;
  }
}

/** Guard of user routes (preValidation, so a caller without a session learns that before any body check): a live session or the 999 envelope. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenFromHeader(request.headers.authorization);
    const userId = token ? await resolveSession(ctx, token) : null;
    if (userId === null) throw noSession();
    request.userId = userId;
  };
}

/** The signed-in user id inside a handler behind requireUser. */
export function currentUser(request: FastifyRequest): number {
  if (request.userId === null || request.userId === undefined) throw noSession();
  return request.userId;
}

/** The caller's user id on a route open to visitors (a live session's user, else null). */
export async function optionalUser(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const token = tokenFromHeader(request.headers.authorization);
  return token ? resolveSession(ctx, token) : null;
}
