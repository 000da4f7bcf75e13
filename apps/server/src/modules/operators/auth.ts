import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, noSession } from '../../http/errors';
import { tokenFromHeader } from '../../http/auth-header';
import { resolveOperator, type Operator, type OperatorRole } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/**
 * Guard of console routes: a live operator session (999 otherwise) with one of the roles. Routes
 * mount it as preValidation, so nobody without an operator session reaches body parsing or checks.
 */
export function requireOperator(ctx: AppContext, roles?: OperatorRole[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = tokenFromHeader(request.headers.authorization);
    const op = token ? await resolveOperator(ctx, token) : null;
    if (!op) throw noSession();
    if (roles && !roles.includes(op.role)) throw new AppError('operator_forbidden');
    request.operator = op;
  };
}

export function currentOperator(request: FastifyRequest): Operator {
  if (!request.operator) throw noSession();
  return request.operator;
}
