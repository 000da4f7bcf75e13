import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { tokenFromHeader } from '../identity/sessions';
import { currentOperator, requireOperator } from './auth';
import * as repo from './repo';
import {
  OPERATOR_ROLES,
  createOperator,
  ledgerEntries,
  ledgerSummary,
  operatorLogin,
  operatorLogout,
} from './service';

const paging = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().optional(),
});

/** The operator console API under /api/admin. Every route but login needs an operator session. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.post(
      '/admin/login',
      {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          body: z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128), lang: z.string().optional() }),
        },
      },
      async (req) => ok(await operatorLogin(ctx, req.body.username, req.body.password, req.ip)),
    );

    app.get('/admin/me', { preHandler: anyOperator, schema: { tags: ['admin'] } }, (req) => ok(currentOperator(req)));

    app.post('/admin/logout', { preHandler: anyOperator, schema: { tags: ['admin'] } }, async (req) => {
      await operatorLogout(ctx, tokenFromHeader(req.headers.authorization) ?? '', currentOperator(req), req.ip);
      return ok(null);
    });

    app.get('/admin/ledger/summary', { preHandler: anyOperator, schema: { tags: ['admin'] } }, async () =>
      ok(await ledgerSummary(ctx)),
    );

    app.get(
      '/admin/ledger/entries',
      { preHandler: anyOperator, schema: { tags: ['admin'], querystring: paging } },
      async (req) => ok(await ledgerEntries(ctx, req.query.page, req.query.limit)),
    );

    app.get('/admin/audit', { preHandler: anyOperator, schema: { tags: ['admin'], querystring: paging } }, async (req) => {
      const { items, total } = await repo.listAudit(ctx.db, req.query.page, req.query.limit);
      return ok({ items: items.map((i) => ({ ...i, id: String(i.id), created_at: i.created_at.toISOString() })), total });
    });

    app.get('/admin/operators', { preHandler: anyOperator, schema: { tags: ['admin'] } }, async () =>
      ok(await repo.listOperators(ctx.db)),
    );

    app.post(
      '/admin/operators',
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          body: z.object({
            username: z.string().trim().min(3).max(64).regex(/^[a-zA-Z0-9_.-]+$/),
            password: z.string().min(10).max(128),
            role: z.enum(OPERATOR_ROLES),
            lang: z.string().optional(),
          }),
        },
      },
      async (req) => ok(await createOperator(ctx, currentOperator(req), req.body, req.ip)),
    );

    app.get(
      '/admin/users',
      { preHandler: anyOperator, schema: { tags: ['admin'], querystring: paging.extend({ q: z.string().trim().max(100).optional() }) } },
      async (req) => ok(await repo.listUsers(ctx.db, req.query.page, req.query.limit, req.query.q || undefined)),
    );

    app.get('/admin/outbox', { preHandler: anyOperator, schema: { tags: ['admin'], querystring: paging } }, async (req) =>
      ok(await repo.listOutbox(ctx.db, req.query.page, req.query.limit)),
    );
  };
}
