/**
 * User API of fixed-term yield products (docs/product/api.md: Savings, Mining and the newer
 * pledge/machine calls). Every family goes through the same service: the paths differ only in the
 * default kind.
 */
import {
  apiResponse,
  savingsCentreSchema,
  savingsIncomePageSchema,
  savingsIncomesBodySchema,
  savingsJoinBodySchema,
  savingsJoinSchema,
  savingsLangQuerySchema,
  savingsOrderPageSchema,
  savingsOrderSchema,
  savingsOrdersQuerySchema,
  savingsProductDetailSchema,
  savingsProductListQuerySchema,
  savingsProductListSchema,
  savingsProductParamsSchema,
  savingsProfitSchema,
  savingsRedeemBodySchema,
  savingsRedeemQuoteBodySchema,
  savingsRedeemQuoteSchema,
  type SavingsKind,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser, resolveSession } from '../sessions';
import { savingsClock } from './clock';
import { centreFigures, listIncomeRecords, listOrders, profitStats } from './records';
import { listProductViews, productDetail, redeemEarly, redeemQuote, subscribe } from './service';

type K = SavingsKind;

async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const h = req.headers.authorization;
  if (!h) return null;
  const value = (h.startsWith('Bearer ') ? h.slice(7) : h).trim();
  if (!value || value === 'null' || value === 'undefined') return null;
  return resolveSession(ctx, value);
}

export function savingsUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);

    // Products. /lh/deposit/config lists every family (or one with ?kind=); the newer calls one each.
    const productList = (fixed?: K) => async (req: FastifyRequest) =>
      ok(await listProductViews(ctx, req.lang, fixed ?? (req.query as z.infer<typeof savingsProductListQuerySchema>).kind));
    app.get('/lh/deposit/config', { schema: { tags: ['savings'], summary: 'Savings products (all families or ?kind=)', querystring: savingsProductListQuerySchema, response: apiResponse(savingsProductListSchema) } }, productList());
    app.get('/pledge/getProductList', { schema: { tags: ['savings'], summary: 'Pledge (trusteeship) products', querystring: savingsLangQuerySchema, response: apiResponse(savingsProductListSchema) } }, productList('pledge'));
    app.get('/machine/getProductList', { schema: { tags: ['savings'], summary: 'Machine-leasing products', querystring: savingsLangQuerySchema, response: apiResponse(savingsProductListSchema) } }, productList('machine'));

    app.get(
      '/lh/deposit/config/:id',
      { schema: { tags: ['savings'], summary: 'One product, with the caller\'s available balance', params: savingsProductParamsSchema, querystring: savingsLangQuerySchema, response: apiResponse(savingsProductDetailSchema) } },
      async (req) => ok(await productDetail(ctx, req.params.id, req.lang, await optionalUser(ctx, req))),
    );

    // The centre's figures: platform (everyone) and the caller's (when signed in).
    const centre = async (req: FastifyRequest) => ok({ ...(await centreFigures(ctx, await optionalUser(ctx, req))), now: savingsClock(ctx).now().toISOString() });
    app.get('/mining', { schema: { tags: ['savings'], summary: 'Savings centre figures', querystring: savingsLangQuerySchema, response: apiResponse(savingsCentreSchema) } }, centre);
    app.get('/pledge/findTrusteeshipInfo', { schema: { tags: ['savings'], summary: 'Savings centre figures (newer alias)', querystring: savingsLangQuerySchema, response: apiResponse(savingsCentreSchema) } }, centre);
    app.get('/record/findAccountAndRate', { schema: { tags: ['savings'], summary: 'Savings centre figures (newer alias)', querystring: savingsLangQuerySchema, response: apiResponse(savingsCentreSchema) } }, centre);

    // Join.
    const join = async (req: FastifyRequest) => {
      const b = req.body as z.infer<typeof savingsJoinBodySchema>;
      const userId = currentUser(req);
      const sub = await subscribe(ctx, userId, {
        productId: b.config_id ?? b.product_id ?? b.comno_id ?? b.id ?? 0,
        amount: b.amount ?? b.money ?? b.number ?? '',
        clientKey: b.idempotency_key,
      });
      const list = await listOrders(ctx, userId, { page: 1, limit: 1, lang: req.lang, productId: sub.productId });
      return ok(list.list.find((o) => o.id === sub.id) ?? { id: sub.id });
    };
    // `/Mining/exchange` is the older mining call (comno_id, money).
    for (const path of ['/lh/deposit', '/v1/deposit/add', '/Mining/exchange', '/pledge/trusteeshipProduct', '/machine/leaseProduct']) {
      app.post(path, { preValidation: user, schema: { tags: ['savings'], summary: 'Join a product: principal moves from the coin account to the savings pool (a prepaid lease: the fee to savings revenue)', body: savingsJoinBodySchema, response: apiResponse(savingsJoinSchema) } }, join);
    }

    // Records: subscriptions by state (paginated by 20, docs/product/limits.md).
    const orders = (fixed?: K) => async (req: FastifyRequest) => {
      const q = req.query as z.infer<typeof savingsOrdersQuerySchema>;
      return ok(
        await listOrders(ctx, currentUser(req), { status: q.status, kind: fixed ?? q.kind, page: q.page, limit: q.limit, lang: req.lang }),
      );
    };
    app.get('/lh/deposit/order', { preValidation: user, schema: { tags: ['savings'], summary: 'My subscriptions', querystring: savingsOrdersQuerySchema, response: apiResponse(savingsOrderPageSchema) } }, orders());
    app.get('/pledge/getOrderList', { preValidation: user, schema: { tags: ['savings'], summary: 'My pledge subscriptions', querystring: savingsOrdersQuerySchema, response: apiResponse(savingsOrderPageSchema) } }, orders('pledge'));
    app.get('/machine/getOrderList', { preValidation: user, schema: { tags: ['savings'], summary: 'My machine leases', querystring: savingsOrdersQuerySchema, response: apiResponse(savingsOrderPageSchema) } }, orders('machine'));
    app.get('/machine/myMachine', { preValidation: user, schema: { tags: ['savings'], summary: 'My machine leases', querystring: savingsOrdersQuerySchema, response: apiResponse(savingsOrderPageSchema) } }, orders('machine'));

    // Daily income records.
    const incomes = async (req: FastifyRequest) => {
      const b = req.body as z.infer<typeof savingsIncomesBodySchema>;
      return ok(await listIncomeRecords(ctx, currentUser(req), { subscriptionId: b.order_id, page: b.page, limit: b.limit, lang: req.lang }));
    };
    app.post('/Mining/exchangeList', { preValidation: user, schema: { tags: ['savings'], summary: 'My daily income records', body: savingsIncomesBodySchema, response: apiResponse(savingsIncomePageSchema) } }, incomes);
    app.post('/lh/deposit/income', { preValidation: user, schema: { tags: ['savings'], summary: 'My daily income records', body: savingsIncomesBodySchema, response: apiResponse(savingsIncomePageSchema) } }, incomes);

    // Profit statistics: per currency all income, yesterday, 7 and 30 days, per family, per day.
    app.get(
      '/lh/deposit/profit',
      { preValidation: user, schema: { tags: ['savings'], summary: 'My profit statistics (per currency, family and day)', querystring: savingsLangQuerySchema, response: apiResponse(savingsProfitSchema) } },
      async (req) => ok({ now: savingsClock(ctx).now().toISOString(), currencies: await profitStats(ctx, currentUser(req)) }),
    );

    // Early redemption: the sheet shows the quote; the redemption computes the same figures.
    app.post(
      '/lh/deposit/order/quote',
      { preValidation: user, schema: { tags: ['savings'], summary: 'Early-redemption figures (penalty, forfeited income, refund)', body: savingsRedeemQuoteBodySchema, response: apiResponse(savingsRedeemQuoteSchema) } },
      async (req) => ok(await redeemQuote(ctx, currentUser(req), req.body.id)),
    );
    app.post(
      '/lh/deposit/order/cancel',
      {
        preValidation: user,
        schema: {
          tags: ['savings'],
          summary: 'Redeem early: principal less penalty (refused with savings_quote_changed when expected_refund differs)',
          body: savingsRedeemBodySchema,
          response: apiResponse(savingsOrderSchema),
        },
      },
      async (req) => {
        const v = await redeemEarly(ctx, currentUser(req), req.body.id, req.body.expected_refund, req.lang);
        return ok(v);
      },
    );
  };
}
