/**
 * User API of timed up/down contracts: the seconds-trade calls (/microtrade/*) and the newer
 * /contract/* calls, which map onto the same services (docs/product/api.md).
 * /contract/followContract belongs to copy trading and is not served here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  apiResponse,
  contractDetailsQuerySchema,
  contractListQuerySchema,
  contractMarketQuerySchema,
  contractOrderDetailSchema,
  contractOrderListQuerySchema,
  contractOrderPageSchema,
  contractOrderStatusQuerySchema,
  contractOrdersQuerySchema,
  contractPayableCurrencyListSchema,
  contractPlaceOrderBodySchema,
  contractProductListSchema,
  contractProductPageSchema,
  contractProductSchema,
  contractResultQuerySchema,
  contractSubmitBodySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser, resolveSession } from '../sessions';
import { getOrder, listOrders, payableCurrencies, placeOrder, product, products } from './service';

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

    // ---- seconds trade ---------------------------------------------------------------------
    app.get(
      '/microtrade/payable_currencies',
      {
        schema: {
          tags,
          summary: 'Currencies a stake can be paid in, with limits and (signed in) the contract-account balance',
          querystring: contractMarketQuerySchema,
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
          querystring: contractMarketQuerySchema,
          response: apiResponse(contractProductListSchema),
        },
      },
      async (req) => ok(await products(ctx, { instrumentId: req.query.match_id })),
    );

    app.post(
      '/microtrade/submit',
      { preValidation: user, schema: { tags, summary: 'Places an up (type 1) or down (type 2) order', body: contractSubmitBodySchema, response: apiResponse(contractOrderDetailSchema) } },
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
          querystring: contractOrdersQuerySchema,
          response: apiResponse(contractOrderPageSchema),
        },
      },
      async (req) => ok(await listOrders(ctx, currentUser(req), { tab: req.query.status, page: req.query.page, limit: req.query.limit })),
    );

    app.get(
      '/microtrade/get_result',
      { preValidation: user, schema: { tags, summary: 'One order with its result and settlement ticks', querystring: contractResultQuerySchema, response: apiResponse(contractOrderDetailSchema) } },
      async (req) => ok(await getOrder(ctx, currentUser(req), req.query.id)),
    );

    // ---- newer API aliases ------------------------------------------------------------------
    app.get(
      '/contract/getContractList',
      {
        schema: {
          tags,
          summary: 'Contract products (newer API)',
          querystring: contractListQuerySchema,
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
          querystring: contractDetailsQuerySchema,
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
          body: contractPlaceOrderBodySchema,
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
      { preValidation: user, schema: { tags, summary: "The user's orders (newer API)", querystring: contractOrderListQuerySchema, response: apiResponse(contractOrderPageSchema) } },
      async (req) => ok(await listOrders(ctx, currentUser(req), { tab: req.query.status, page: req.query.page, limit: req.query.page_size })),
    );

    app.get(
      '/contract/findOrderStatus',
      { preValidation: user, schema: { tags, summary: 'One order (newer API)', querystring: contractOrderStatusQuerySchema, response: apiResponse(contractOrderDetailSchema) } },
      async (req) => ok(await getOrder(ctx, currentUser(req), req.query.order_id)),
    );
  };
}
