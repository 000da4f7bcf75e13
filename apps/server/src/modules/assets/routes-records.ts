/** User API of the asset centre: the journal lines of the user's accounts (docs/product/api.md, Wallet). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResponse, journalLineListSchema, journalLinesBodySchema, journalLinesQuerySchema } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from '../sessions';
import { journalLines } from './records';

const tags = ['assets'];

export function recordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);
    app.post(
      '/wallet/legal_log',
      { preValidation: auth, schema: { response: apiResponse(journalLineListSchema), tags, body: journalLinesBodySchema } },
      async (req) =>
        ok(
          await journalLines(ctx, currentUser(req), {
            currencyId: req.body.currency ?? req.body.coin,
            accountType: req.body.type,
            kind: req.body.kind || undefined,
            page: req.body.page,
            limit: req.body.limit,
          }),
        ),
    );
    app.get(
      '/record/getRecordList',
      { preValidation: auth, schema: { response: apiResponse(journalLineListSchema), tags, querystring: journalLinesQuerySchema } },
      async (req) =>
        ok(
          await journalLines(ctx, currentUser(req), {
            currencyId: req.query.currency ?? req.query.coin,
            accountType: req.query.type,
            kind: req.query.kind || undefined,
            page: req.query.page,
            limit: req.query.page_size ?? req.query.limit,
          }),
        ),
    );
    // GET /record/findAccountAndRate is served by modules/savings (savings centre figures).
  };
}
