import type {} from '@fastify/rate-limit'; // route-level rateLimit config types
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  auditPageSchema,
  auditQuerySchema,
  createOperatorBodySchema,
  emptyMessageSchema,
  operatorListSchema,
  operatorLoginBodySchema,
  operatorLoginSchema,
  operatorRowSchema,
  operatorSchema,
  type OperatorRole,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { tokenFromHeader } from '../../http/auth-header';
import { deviceFromRequest, setDeviceCookie } from '../sign-in';
import { currentOperator, requireOperator } from './auth';
import * as repo from './repo';
import { createOperator, operatorLogin, operatorLogout } from './service';

/** Console sign-in, the operator list and the audit log (/api/admin/*). Every route but login needs an operator session. */
export function operatorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.post(
      '/admin/login',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: { response: apiResponse(operatorLoginSchema),
          tags: ['admin'],
          body: operatorLoginBodySchema,
        },
      },
      async (req, reply) => {
        const { device, ...signedIn } = await operatorLogin(ctx, req.body.username, req.body.password, req.ip, deviceFromRequest(req, 'operator'));
        setDeviceCookie(req, reply, 'operator', device);
        return ok(signedIn);
      },
    );

    app.get('/admin/me', { preValidation: anyOperator, schema: { response: apiResponse(operatorSchema), tags: ['admin'] } }, (req) => ok(currentOperator(req)));

    app.post('/admin/logout', { preValidation: anyOperator, schema: { response: apiResponse(emptyMessageSchema), tags: ['admin'] } }, async (req) => {
      await operatorLogout(ctx, tokenFromHeader(req.headers.authorization) ?? '', currentOperator(req), req.ip);
      return ok(null);
    });

    app.get('/admin/audit', { preValidation: anyOperator, schema: { response: apiResponse(auditPageSchema), tags: ['admin'], querystring: auditQuerySchema } }, async (req) => {
      const actions = req.query.view === 'sign_in_failures' ? repo.SIGN_IN_FAILURES : undefined;
      const { items, total } = await repo.listAudit(ctx.db, req.query.page, req.query.limit, actions);
      return ok({ items: items.map((i) => ({ ...i, id: String(i.id), created_at: i.created_at.toISOString() })), total });
    });

    app.get('/admin/operators', { preValidation: anyOperator, schema: { response: apiResponse(operatorListSchema), tags: ['admin'] } }, async () =>
      ok(
        (await repo.listOperators(ctx.db)).map((o) => ({
          ...o,
          role: o.role as OperatorRole,
          created_at: o.created_at.toISOString(),
          last_login_at: o.last_login_at?.toISOString() ?? null,
        })),
      ),
    );

    app.post(
      '/admin/operators',
      {
        preValidation: adminOnly,
        schema: { response: apiResponse(operatorRowSchema),
          tags: ['admin'],
          body: createOperatorBodySchema,
        },
      },
      async (req) => ok(await createOperator(ctx, currentOperator(req), req.body, req.ip)),
    );
  };
}
