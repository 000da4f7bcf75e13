/**
 * Console API of the savings domain: products (create, edit, open/close, quota), subscriptions,
 * accrual runs (per product and day), yield-pool funding through the journal, and the demo
 * clock (only when SAVINGS_DEMO_CLOCK is on). Every change is audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiResponse,
  savingsAccrualSummarySchema,
  savingsAdminOrdersQuerySchema,
  savingsAdminProductBodySchema,
  savingsAdminProductListSchema,
  savingsAdminProductParamsSchema,
  savingsClockAdvanceBodySchema,
  savingsClockAdvanceSchema,
  savingsClockSchema,
  savingsLangQuerySchema,
  savingsOrderPageSchema,
  savingsPoolFundBodySchema,
  savingsPoolListSchema,
  savingsProductIdSchema,
  savingsProductOpenSchema,
  savingsProductStatusBodySchema,
  savingsRunNowBodySchema,
  savingsRunPageSchema,
  savingsRunsQuerySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { audit, currentOperator, requireOperator } from '../operators';
import { runAccrual } from './accrual';
import { advanceDemoClock, demoClock, savingsClock } from './clock';
import { lastDueDay, dayStart } from './rules';
import { adminProducts, adminRuns, createProduct, editProduct, fundPool, poolBalances, setProductOpen } from './console';
import { listOrders } from './records';

/** Audit rows are JSON: amounts (bigint) as decimal strings of base units. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
}

export function savingsConsoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const admins = requireOperator(ctx, ['admin']);

    app.get('/admin/savings/products', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: savingsLangQuerySchema, response: apiResponse(savingsAdminProductListSchema) } }, async () =>
      ok(await adminProducts(ctx)),
    );

    app.post('/admin/savings/products', { preValidation: admins, schema: { tags: ['admin'], body: savingsAdminProductBodySchema, response: apiResponse(savingsProductIdSchema) } }, async (req) => {
      const { lang: _l, ...form } = req.body;
      const id = await createProduct(ctx, form);
      await audit(ctx, currentOperator(req).id, 'savings.product_create', `savings_product:${id}`, undefined, form, req.ip);
      return ok({ id });
    });

    app.post('/admin/savings/products/:id', { preValidation: admins, schema: { tags: ['admin'], params: savingsAdminProductParamsSchema, body: savingsAdminProductBodySchema, response: apiResponse(savingsProductIdSchema) } }, async (req) => {
      const { lang: _l, ...form } = req.body;
      const r = await editProduct(ctx, req.params.id, form);
      await audit(ctx, currentOperator(req).id, 'savings.product_update', `savings_product:${req.params.id}`, plain(r.before), plain(r.after), req.ip);
      return ok({ id: req.params.id });
    });

    app.post(
      '/admin/savings/products/:id/status',
      { preValidation: admins, schema: { tags: ['admin'], params: savingsAdminProductParamsSchema, body: savingsProductStatusBodySchema, response: apiResponse(savingsProductOpenSchema) } },
      async (req) => {
        const r = await setProductOpen(ctx, req.params.id, req.body.open);
        await audit(ctx, currentOperator(req).id, req.body.open ? 'savings.product_open' : 'savings.product_close', `savings_product:${req.params.id}`, r.before, r.after, req.ip);
        return ok(r);
      },
    );

    app.get(
      '/admin/savings/subscriptions',
      {
        preValidation: anyOperator,
        schema: {
          tags: ['admin'],
          querystring: savingsAdminOrdersQuerySchema,
          response: apiResponse(savingsOrderPageSchema),
        },
      },
      async (req) =>
        ok(
          await listOrders(ctx, req.query.user_id, {
            status: req.query.status,
            productId: req.query.product_id,
            page: req.query.page,
            limit: req.query.limit,
            lang: 'en',
          }),
        ),
    );

    app.get(
      '/admin/savings/runs',
      { preValidation: anyOperator, schema: { tags: ['admin'], querystring: savingsRunsQuerySchema, response: apiResponse(savingsRunPageSchema) } },
      async (req) => {
        const now = savingsClock(ctx).now();
        return ok({
          ...(await adminRuns(ctx, { productId: req.query.product_id, page: req.query.page, limit: req.query.limit })),
          now: now.toISOString(),
          due_date: dayStart(lastDueDay(now, ctx.config.savings.accrualMinute)).toISOString().slice(0, 10),
          accrual_minute: ctx.config.savings.accrualMinute,
        });
      },
    );

    // Runs accrual now (the scheduler does the same each SAVINGS_JOB_MS); idempotent.
    app.post('/admin/savings/runs', { preValidation: admins, schema: { tags: ['admin'], body: savingsRunNowBodySchema, response: apiResponse(savingsAccrualSummarySchema) } }, async (req) => {
      const r = await runAccrual(ctx);
      await audit(ctx, currentOperator(req).id, 'savings.accrual_run', 'savings', undefined, r, req.ip);
      return ok(r);
    });

    app.get('/admin/savings/pools', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: savingsLangQuerySchema, response: apiResponse(savingsPoolListSchema) } }, async () =>
      ok(await poolBalances(ctx)),
    );

    app.post(
      '/admin/savings/pools/fund',
      {
        preValidation: admins,
        schema: {
          tags: ['admin'],
          body: savingsPoolFundBodySchema,
          response: apiResponse(savingsPoolListSchema),
        },
      },
      async (req) => {
        const op = currentOperator(req);
        const r = await fundPool(ctx, req.body.currency_id, req.body.amount, req.body.direction, `operator:${op.id}`);
        await audit(ctx, op.id, req.body.direction === 'in' ? 'savings.pool_fund' : 'savings.pool_defund', `yield_pool:${req.body.currency_id}`, undefined, { amount: req.body.amount }, req.ip);
        return ok(r);
      },
    );

    // Demo clock (SAVINGS_DEMO_CLOCK=on only): shows the engine's time and moves it forward.
    app.get('/admin/savings/clock', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: savingsLangQuerySchema, response: apiResponse(savingsClockSchema) } }, () => {
      const c = demoClock(ctx);
      return ok({ enabled: c !== null, now: savingsClock(ctx).now().toISOString(), offset_ms: c?.offsetMs ?? 0 });
    });

    app.post(
      '/admin/savings/clock/advance',
      { preValidation: admins, schema: { tags: ['admin'], body: savingsClockAdvanceBodySchema, response: apiResponse(savingsClockAdvanceSchema) } },
      async (req) => {
        const c = demoClock(ctx);
        if (!c) throw new AppError('savings_demo_clock_off');
        const before = c.now().toISOString();
        await advanceDemoClock(ctx, c, req.body.hours);
        const accrual = req.body.run ? await runAccrual(ctx) : null;
        await audit(ctx, currentOperator(req).id, 'savings.demo_clock_advance', 'savings_clock', { now: before }, { now: c.now().toISOString(), hours: req.body.hours }, req.ip);
        return ok({ now: c.now().toISOString(), offset_ms: c.offsetMs, accrual });
      },
    );
  };
}
