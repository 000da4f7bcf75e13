/** Console API of the ledger: the Ledger page (totals, system accounts, reconciliation) and the journal. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, journalPageSchema, journalQuerySchema, ledgerSummarySchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { requireOperator } from '../operators';
import { ledgerEntries, ledgerSummary } from './admin-service';

export function ledgerAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    app.get('/admin/ledger/summary', { preValidation: anyOperator, schema: { response: apiResponse(ledgerSummarySchema), tags: ['admin'] } }, async () =>
      ok(await ledgerSummary(ctx)),
    );

    app.get(
      '/admin/ledger/entries',
      { preValidation: anyOperator, schema: { response: apiResponse(journalPageSchema), tags: ['admin'], querystring: journalQuerySchema } },
      async (req) => ok(await ledgerEntries(ctx, req.query.page, req.query.limit)),
    );
  };
}
