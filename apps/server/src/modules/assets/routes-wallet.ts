/** User API of the asset centre: balances, manual deposits and withdrawals (docs/product/api.md, Wallet). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  apiResponse,
  assetsHistoryQuerySchema,
  assetsLangBodySchema,
  assetsLangQuerySchema,
  currencyRateQuerySchema,
  currencyRateSchema,
  depositListSchema,
  depositSchema,
  manualDepositBodySchema,
  userCoinListSchema,
  userCurrencyListQuerySchema,
  walletDetailBodySchema,
  walletDetailQuerySchema,
  walletDetailSchema,
  walletInfoBodySchema,
  walletInfoSchema,
  walletOverviewSchema,
  withdrawalDetailQuerySchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawBodySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requireKyc } from '../identity';
import { findCurrency } from '../market';
import { currentUser, requireUser } from '../sessions';
import { rateOf, userCurrencyList, walletDetail, walletInfo, walletOverview } from './balances';
import { requestManualDeposit } from './deposits';
import { idempotencyKey } from './idempotency-key';
import { depositList, withdrawalList } from './records';
import * as repo from './repo';
import { requestWithdrawal, withdrawalView } from './withdrawals';

const tags = ['assets'];

export function walletRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);

    // ---- balances ----
    app.post(
      '/wallet/list',
      {
        preValidation: auth,
        schema: { response: apiResponse(walletOverviewSchema),
          tags,
          summary: 'Balances of every account type with converted values',
          body: assetsLangBodySchema,
        },
      },
      async (req) => ok(await walletOverview(ctx, currentUser(req))),
    );
    app.get(
      '/user/getWalletList',
      { preValidation: auth, schema: { response: apiResponse(walletOverviewSchema), tags, querystring: assetsLangQuerySchema } },
      async (req) => ok(await walletOverview(ctx, currentUser(req))),
    );

    app.post('/wallet/detail', { preValidation: auth, schema: { response: apiResponse(walletDetailSchema), tags, body: walletDetailBodySchema } }, async (req) =>
      ok(await walletDetail(ctx, currentUser(req), req.body.currency ?? req.body.coin ?? 0, req.body.type)),
    );
    app.get(
      '/user/getWalletDetails',
      { preValidation: auth, schema: { response: apiResponse(walletDetailSchema), tags, querystring: walletDetailQuerySchema } },
      async (req) =>
        ok(
          await walletDetail(
            ctx,
            currentUser(req),
            req.query.currency ?? req.query.coin ?? 0,
            req.query.type,
          ),
        ),
    );
    app.post(
      '/wallet/get_info',
      { preValidation: auth, schema: { response: apiResponse(walletInfoSchema), tags, body: walletInfoBodySchema } },
      async (req) => ok(await walletInfo(ctx, currentUser(req), req.body.currency)),
    );
    app.get(
      '/currency/user_currency_list',
      {
        preValidation: auth,
        schema: { response: apiResponse(userCoinListSchema),
          tags,
          summary: 'Coins with balances; with purpose, only those offered for deposit or withdrawal',
          querystring: userCurrencyListQuerySchema,
        },
      },
      async (req) => ok(await userCurrencyList(ctx, currentUser(req), req.query.purpose)),
    );
    app.get(
      '/wallet/getRateCurrency',
      { schema: { response: apiResponse(currencyRateSchema), tags, querystring: currencyRateQuerySchema } },
      async (req) => ok(await rateOf(ctx, req.query.id)),
    );

    // ---- manual deposit ----
    const charge = async (req: { body: z.infer<typeof manualDepositBodySchema> }, userId: number) =>
      ok(
        await requestManualDeposit(ctx, userId, {
          currencyId: req.body.currency,
          amount: req.body.amount,
          accountType: req.body.type,
          proof: req.body.proof ?? req.body.pic,
        }),
      );
    app.post(
      '/wallet/charge_req',
      {
        preValidation: auth,
        schema: { response: apiResponse(depositSchema), tags, summary: 'Manual deposit with proof (reviewed)', body: manualDepositBodySchema },
      },
      async (req) => charge(req, currentUser(req)),
    );
    app.post('/user/recharge', { preValidation: auth, schema: { response: apiResponse(depositSchema), tags, body: manualDepositBodySchema } }, async (req) =>
      charge(req, currentUser(req)),
    );
    app.get(
      '/recharge/log',
      { preValidation: auth, schema: { response: apiResponse(depositListSchema), tags, querystring: assetsHistoryQuerySchema } },
      async (req) =>
        ok(await depositList(ctx, currentUser(req), req.query.page, req.query.limit, req.query.currency)),
    );

    // ---- withdrawal ----
    const withdrawGuard = [auth, requireKyc(ctx, 'withdraw')];
    const out = async (
      req: { body: z.infer<typeof withdrawBodySchema>; headers: Record<string, unknown> },
      userId: number,
    ) =>
      ok(
        await requestWithdrawal(ctx, userId, {
          currencyId: req.body.currency,
          amount: req.body.number ?? req.body.amount,
          addressId: req.body.address_id,
          address: req.body.address,
          code: req.body.code,
          codeChannel: req.body.code_type,
          card: req.body.card,
          idempotencyKey: idempotencyKey(req.headers, req.body.idempotency_key),
        }),
      );
    app.post(
      '/wallet/out',
      {
        preValidation: withdrawGuard,
        schema: { response: apiResponse(withdrawalSchema), tags, summary: 'Request a withdrawal to an address-book entry', body: withdrawBodySchema },
      },
      async (req) => out(req, currentUser(req)),
    );
    app.post(
      '/user/withdraw',
      { preValidation: withdrawGuard, schema: { response: apiResponse(withdrawalSchema), tags, body: withdrawBodySchema } },
      async (req) => out(req, currentUser(req)),
    );
    app.get(
      '/user/withdraw/list',
      { preValidation: auth, schema: { response: apiResponse(withdrawalListSchema), tags, querystring: assetsHistoryQuerySchema } },
      async (req) =>
        ok(await withdrawalList(ctx, currentUser(req), req.query.page, req.query.limit, req.query.currency)),
    );
    app.get(
      '/user/withdraw/detail',
      { preValidation: auth, schema: { response: apiResponse(withdrawalSchema), tags, querystring: withdrawalDetailQuerySchema } },
      async (req) => {
        const w = await repo.findWithdrawal(ctx.db, req.query.id);
        if (!w || w.user_id !== currentUser(req)) throw new AppError('withdrawal_not_found');
        // The withdrawal's currency exists (foreign key).
        const c = (await findCurrency(ctx.db, w.currency_id))!;
        return ok(withdrawalView(w, c.decimals, c.name, c.sub_name));
      },
    );
  };
}
