/**
 * User API of timed up/down contracts: the seconds-trade calls of spec §7 (/microtrade/*) and the
 * newer /contract/* calls, which map onto the same services (docs/product/api.md). /contract/followContract
 * belongs to copy trading and is not served here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiResponse,
  contractOrderDetailSchema,
  contractOrderPageSchema,
  contractPayableCurrencyListSchema,
  contractProductListSchema,
  contractProductPageSchema,
  contractProductSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser, resolveSession } from '../sessions';
import { LIST_PAGE_SIZE, getOrder, listOrders, payableCurrencies, placeOrder, product, products } from './service';

const lang = z.string().optional();
const marketId = z.coerce.number().int().min(1).max(2_147_483_647);
const currencyId = z.coerce.number().int().min(1).max(2_147_483_647);
const direction = z.union([z.coerce.number().int().min(1).max(2), z.enum(['up', 'down']).transform((d) => (d === 'up' ? 1 : 2))]);
const seconds = z.coerce.number().int().min(1).max(86_400);
const amount = z.string().trim().min(1).max(40);
const orderId = z.coerce.string().trim().regex(/^\d{1,18}$/);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(50).default(LIST_PAGE_SIZE);
const tab = z.coerce.number().int().min(0).max(3).default(1) as unknown as z.ZodType<0 | 1 | 2 | 3>;
const clientKey = z.string().trim().min(1).max(64).optional();

async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<number | null> {
  const raw = req.headers.authorization;
  if (!raw) return null;
  const token = (raw.startsWith('Bearer ') ? raw.slice(7) : raw).trim();
  return token && token !== 'null' && token !== 'undefined' ? resolveSession(ctx, token) : null;
}

export function contractsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);
    const tags = ['contracts'];

    // ---- seconds trade (spec §7) ------------------------------------------------------------
    app.get(
      '/microtrade/payable_currencies',
      {
        schema: {
          tags,
          summary: 'Currencies a stake can be paid in, with limits and (signed in) the contract-account balance',
          querystring: z.object({ match_id: marketId.optional(), lang }),
          response: apiResponse(contractPayableCurrencyListSchema),
        },
      },
      async (req) => ok(await payableCurrencies(ctx, await optionalUser(ctx, req), req.query.match_id)),
    );

    app.get(
      '/microtrade/seconds',
      {
        schema: {
          tags,
          summary: 'Contract products per market: expiry options with payout rates, fee, stake limits, state',
          querystring: z.object({ match_id: marketId.optional(), lang }),
          response: apiResponse(contractProductListSchema),
        },
      },
      async (req) => ok(await products(ctx, { instrumentId: req.query.match_id })),
    );

    const submitBody = z.object({
      match_id: marketId,
      currency_id: currencyId,
      type: direction,
      seconds,
      number: amount,
      client_key: clientKey,
      lang,
    });
    app.post(
      '/microtrade/submit',
      { preValidation: user, schema: { tags, summary: 'Places an up (type 1) or down (type 2) order', body: submitBody, response: apiResponse(contractOrderDetailSchema) } },
      async (req) =>
        ok(
          await placeOrder(ctx, currentUser(req), {
            instrumentId: req.body.match_id,
            currencyId: req.body.currency_id,
            direction: req.body.type,
            seconds: req.body.seconds,
            number: req.body.number,
            clientKey: req.body.client_key,
          }),
        ),
    );

    app.get(
      '/microtrade/lists',
      {
        preValidation: user,
        schema: {
          tags,
          summary: "The user's orders: status 1 holding, 2 pending settlement, 3 history, 0 all (page size 5)",
          querystring: z.object({ status: tab, page, limit, lang }),
          response: apiResponse(contractOrderPageSchema),
        },
      },
      async (req) => ok(await listOrders(ctx, currentUser(req), { tab: req.query.status, page: req.query.page, limit: req.query.limit })),
    );

    app.get(
      '/microtrade/get_result',
      { preValidation: user, schema: { tags, summary: 'One order with its result and settlement ticks', querystring: z.object({ id: orderId, lang }), response: apiResponse(contractOrderDetailSchema) } },
      async (req) => ok(await getOrder(ctx, currentUser(req), req.query.id)),
    );

    // ---- newer API aliases ------------------------------------------------------------------
    app.get(
      '/contract/getContractList',
      {
        schema: {
          tags,
          summary: 'Contract products (newer API)',
          querystring: z.object({ page, page_size: z.coerce.number().int().min(1).max(100).default(50), lang }),
          response: apiResponse(contractProductPageSchema),
        },
      },
      async (req) => {
        const all = await products(ctx);
        const start = (req.query.page - 1) * req.query.page_size;
        return ok({ list: all.slice(start, start + req.query.page_size), total: all.length, page: req.query.page, limit: req.query.page_size });
      },
    );

    app.get(
      '/contract/getContractDetails',
      {
        schema: {
          tags,
          summary: 'One contract product (newer API; contract_id or product_id = market id)',
          querystring: z.object({ contract_id: marketId.optional(), product_id: marketId.optional(), lang }),
          response: apiResponse(contractProductSchema),
        },
      },
      async (req) => ok(await product(ctx, req.query.contract_id ?? req.query.product_id ?? 0)),
    );

    app.post(
      '/contract/contractPlaceOrder',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Places an order (newer API)',
          body: z.object({
            contract_id: marketId.optional(),
            product_id: marketId.optional(),
            match_id: marketId.optional(),
            currency_id: currencyId,
            type: direction,
            seconds,
            number: amount,
            client_key: clientKey,
            lang,
          }),
          response: apiResponse(contractOrderDetailSchema),
        },
      },
      async (req) =>
        ok(
          await placeOrder(ctx, currentUser(req), {
            instrumentId: req.body.contract_id ?? req.body.product_id ?? req.body.match_id ?? 0,
            currencyId: req.body.currency_id,
            direction: req.body.type,
            seconds: req.body.seconds,
            number: req.body.number,
            clientKey: req.body.client_key,
          }),
        ),
    );

    app.get(
      '/contract/getOrderList',
      { preValidation: user, schema: { tags, summary: "The user's orders (newer API)", querystring: z.object({ status: tab, page, page_size: limit, lang }), response: apiResponse(contractOrderPageSchema) } },
      async (req) => ok(await listOrders(ctx, currentUser(req), { tab: req.query.status, page: req.query.page, limit: req.query.page_size })),
    );

    app.get(
      '/contract/findOrderStatus',
      { preValidation: user, schema: { tags, summary: 'One order (newer API)', querystring: z.object({ order_id: orderId, lang }), response: apiResponse(contractOrderDetailSchema) } },
      async (req) => ok(await getOrder(ctx, currentUser(req), req.query.order_id)),
    );
  };
}
