/** Console API of the outbox (/api/admin/outbox): messages kept when no SMTP server or SMS provider is set. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, outboxPageSchema, outboxQuerySchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { requireOperator } from '../operators';
import { listOutbox } from './outbox-repo';

export function outboxAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    app.get('/admin/outbox', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: outboxQuerySchema, response: apiResponse(outboxPageSchema) } }, async (req) =>
      ok(await listOutbox(ctx.db, req.query.page, req.query.limit)),
    );
  };
}
