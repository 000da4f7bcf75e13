/** Console API of the ledger: the Ledger page (totals, system accounts, reconciliation) and the journal. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiResponse, journalPageSchema, ledgerSummarySchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { requireOperator } from '../operators';
import { ledgerEntries, ledgerSummary } from './admin-service';

const paging = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang: z.string().optional(),
});

export function ledgerAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    app.get('/admin/ledger/summary', { preValidation: anyOperator, schema: { response: apiResponse(ledgerSummarySchema), tags: ['admin'] } }, async () =>
      ok(await ledgerSummary(ctx)),
    );

    app.get(
      '/admin/ledger/entries',
      { preValidation: anyOperator, schema: { response: apiResponse(journalPageSchema), tags: ['admin'], querystring: paging } },
      async (req) => ok(await ledgerEntries(ctx, req.query.page, req.query.limit)),
    );
  };
}
