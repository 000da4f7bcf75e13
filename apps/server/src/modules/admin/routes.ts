import type {} from '@fastify/rate-limit'; // route-level rateLimit config types
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowId } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { deviceFromRequest, setDeviceCookie } from '../identity';
import { tokenFromHeader } from '../identity/sessions';
import { currentOperator, requireOperator } from './auth';
import * as repo from './repo';
import { createCurrency, currencyView, listCurrencies, updateCurrency } from '../market';
import { audit } from './service';
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
      async (req, reply) => {
        const { device, ...signedIn } = await operatorLogin(ctx, req.body.username, req.body.password, req.ip, deviceFromRequest(req, 'operator'));
        setDeviceCookie(req, reply, 'operator', device);
        return ok(signedIn);
      },
    );

    app.get('/admin/me', { preValidation: anyOperator, schema: { tags: ['admin'] } }, (req) => ok(currentOperator(req)));

    app.post('/admin/logout', { preValidation: anyOperator, schema: { tags: ['admin'] } }, async (req) => {
      await operatorLogout(ctx, tokenFromHeader(req.headers.authorization) ?? '', currentOperator(req), req.ip);
      return ok(null);
    });

    app.get('/admin/ledger/summary', { preValidation: anyOperator, schema: { tags: ['admin'] } }, async () =>
      ok(await ledgerSummary(ctx)),
    );

    app.get(
      '/admin/ledger/entries',
      { preValidation: anyOperator, schema: { tags: ['admin'], querystring: paging } },
      async (req) => ok(await ledgerEntries(ctx, req.query.page, req.query.limit)),
    );

    const auditQuery = paging.extend({ view: z.enum(['all', 'sign_in_failures']).default('all') });
    app.get('/admin/audit', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: auditQuery } }, async (req) => {
      const actions = req.query.view === 'sign_in_failures' ? repo.SIGN_IN_FAILURES : undefined;
      const { items, total } = await repo.listAudit(ctx.db, req.query.page, req.query.limit, actions);
      return ok({ items: items.map((i) => ({ ...i, id: String(i.id), created_at: i.created_at.toISOString() })), total });
    });

    app.get('/admin/operators', { preValidation: anyOperator, schema: { tags: ['admin'] } }, async () =>
      ok(await repo.listOperators(ctx.db)),
    );

    app.post(
      '/admin/operators',
      {
        preValidation: adminOnly,
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

    app.get('/admin/currencies', { preValidation: anyOperator, schema: { tags: ['admin'] } }, async () =>
      ok((await listCurrencies(ctx.db)).map(currencyView)),
    );

    const currencyLook = {
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'field_invalid'),
      image: z.string().trim().max(300).regex(/^(\/[\w./-]*|https:\/\/[\w./%-]+)$/, 'field_invalid'),
      sort: z.coerce.number().int().min(0).max(10000),
    };

    app.post(
      '/admin/currencies',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          body: z.object({
            name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,12}$/, 'field_invalid'),
            sub_name: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{0,12}$/, 'field_invalid').default(''),
            decimals: z.coerce.number().int().min(0).max(30),
            is_fiat: z.boolean().default(false),
            ...currencyLook,
            lang: z.string().optional(),
          }),
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        const created = await createCurrency(ctx.db, input);
        await audit(ctx, currentOperator(req).id, 'currency.create', `currency:${created.id}`, undefined, currencyView(created), req.ip);
        return ok(currencyView(created));
      },
    );

    app.post(
      '/admin/currencies/:id',
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          params: z.object({ id: rowId }),
          body: z.object({
            color: currencyLook.color.optional(),
            image: currencyLook.image.optional(),
            sort: currencyLook.sort.optional(),
            status: z.coerce.number().int().min(0).max(1).optional(),
            lang: z.string().optional(),
          }),
        },
      },
      async (req) => {
        const { lang: _lang, ...patch } = req.body;
        const { before, after } = await updateCurrency(ctx.db, req.params.id, patch);
        await audit(ctx, currentOperator(req).id, 'currency.update', `currency:${after.id}`, currencyView(before), currencyView(after), req.ip);
        return ok(currencyView(after));
      },
    );

    app.get('/admin/outbox', { preValidation: anyOperator, schema: { tags: ['admin'], querystring: paging } }, async (req) =>
      ok(await repo.listOutbox(ctx.db, req.query.page, req.query.limit)),
    );
  };
}
