/** User API of leveraged trading (/lever/*; docs/product/lever.md). Rules live in service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  apiResponse,
  leverBatchCloseBodySchema,
  leverCloseAllBodySchema,
  leverCloseBodySchema,
  leverCloseResultsSchema,
  leverDealBodySchema,
  leverDealSchema,
  leverDetailQuerySchema,
  leverMyTradeBodySchema,
  leverPositionPageSchema,
  leverPositionSchema,
  leverPreviewSchema,
  leverSetStopBodySchema,
  leverSubmitBodySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { errorMessage, requestLang } from '../../http/i18n';
import { currentUser, optionalUser, requireUser } from '../sessions';
import {
  close,
  closeAll,
  closeMany,
  deal,
  detail,
  myTrades,
  open,
  preview,
  setStops,
  type Translate,
} from './service';

const translator = (req: FastifyRequest): Translate => {
  const lang = requestLang(req.query, req.body);
  return (code, params) => errorMessage(lang, code, params);
};

export function leverRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);
    const tags = ['lever'];

    app.post(
      '/lever/deal',
      {
        schema: {
          tags,
          summary:
            'Leverage markets with their terms and prices, the policy, and (signed in) the lever-account balance',
          body: leverDealBodySchema,
          response: apiResponse(leverDealSchema),
        },
      },
      async (req) => ok(await deal(ctx, await optionalUser(ctx, req), req.body ?? {})),
    );

    app.post(
      '/lever/preview',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'What an order would open at the current price (changes nothing)',
          body: leverSubmitBodySchema,
          response: apiResponse(leverPreviewSchema),
        },
      },
      async (req) => ok(await preview(ctx, currentUser(req), req.body)),
    );

    app.post(
      '/lever/submit',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Opens a long (type 1) or short (type 2) position',
          body: leverSubmitBodySchema,
          response: apiResponse(leverPositionSchema),
        },
      },
      async (req) => ok(await open(ctx, currentUser(req), req.body)),
    );

    app.post(
      '/lever/my_trade',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Open (status 1) or closed (status 2) positions, newest first',
          body: leverMyTradeBodySchema,
          response: apiResponse(leverPositionPageSchema),
        },
      },
      async (req) => ok(await myTrades(ctx, currentUser(req), req.body)),
    );

    app.get(
      '/lever/detail',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'One position with its exit and the ticks it used',
          querystring: leverDetailQuerySchema,
          response: apiResponse(leverPositionSchema),
        },
      },
      async (req) => ok(await detail(ctx, currentUser(req), req.query.id)),
    );

    app.post(
      '/lever/setstop',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Sets or clears take-profit and stop-loss',
          body: leverSetStopBodySchema,
          response: apiResponse(leverPositionSchema),
        },
      },
      async (req) => ok(await setStops(ctx, currentUser(req), req.body.id, req.body)),
    );

    app.post(
      '/lever/close',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Closes one position at the current price',
          body: leverCloseBodySchema,
          response: apiResponse(leverPositionSchema),
        },
      },
      async (req) => ok(await close(ctx, currentUser(req), req.body.id)),
    );

    app.post(
      '/lever/dealall',
      {
        preValidation: user,
        schema: {
          tags,
          summary:
            'Closes every open position (type 0), the longs (1) or the shorts (2): a result per position',
          body: leverCloseAllBodySchema,
          response: apiResponse(leverCloseResultsSchema),
        },
      },
      async (req) => ok(await closeAll(ctx, currentUser(req), req.body, translator(req))),
    );

    app.post(
      '/lever/batch_close',
      {
        preValidation: user,
        schema: {
          tags,
          summary: 'Closes the listed positions: a result per position',
          body: leverBatchCloseBodySchema,
          response: apiResponse(leverCloseResultsSchema),
        },
      },
      async (req) => ok(await closeMany(ctx, currentUser(req), req.body.ids, translator(req))),
    );
  };
}
