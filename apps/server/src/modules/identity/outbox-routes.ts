/** Console API of the outbox (/api/admin/outbox): messages kept when no SMTP server or SMS provider is set. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiResponse, outboxPageSchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { requireOperator } from '../operators';
import { listOutbox } from './outbox-repo';

const paging = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().optional(),
});

export function outboxAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    app.get('/admin/outbox', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: paging, response: apiResponse(outboxPageSchema) } }, async (req) =>
      ok(await listOutbox(ctx.db, req.query.page, req.query.limit)),
    );
  };
}
