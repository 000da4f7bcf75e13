/** User API of the asset centre: transfers between the user's own accounts, and exchange (docs/product/api.md, Wallet). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnits } from '@bourse/money';
import type { z } from 'zod';
import {
  ACCOUNT_TYPE_IDS,
  ACCOUNT_TYPE_NAMES,
  apiResponse,
  assetsHistoryQuerySchema,
  exchangeCoinBodySchema,
  exchangeListQuerySchema,
  exchangeListSchema,
  exchangeQuoteBodySchema,
  exchangeQuoteSchema,
  exchangeSchema,
  transferAccountListSchema,
  transferAccountsBodySchema,
  transferBodySchema,
  transferFeeBodySchema,
  transferFeeSchema,
  transferListSchema,
  transferSchema,
  walletChangeBodySchema,
  type AccountType,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { currentUser, requireUser } from '../sessions';
import { ledger, userAccountsByIds, userBalances } from '../ledger';
import { findCurrency, listCurrencies } from '../market';
import { executeQuote, exchangeHistory, quote } from './exchange';
import { idempotencyKey } from './idempotency-key';
import * as repo from './repo';
import { transfer, transferHistory } from './transfers';

const tags = ['assets'];

export function transferRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const auth = requireUser(ctx);

    // ---- transfer between own accounts ----
    app.post(
      '/user/getTransferList',
      {
        preValidation: auth,
        schema: { response: apiResponse(transferAccountListSchema),
          tags,
          summary: 'The accounts a transfer can use (ids for /user/Transfer)',
          body: transferAccountsBodySchema,
        },
      },
      async (req) => {
        const userId = currentUser(req);
        const currencies = (await listCurrencies(ctx.db, { enabledOnly: true })).filter(
          (c) => !req.body.currency_id || c.id === req.body.currency_id,
        );
        // Opens the (empty) accounts so each has an id the transfer can name.
        const rows = await ctx.db.transaction().execute(async (trx) => {
          const out: Array<{ id: number; currency_id: number; account_type: AccountType }> = [];
          for (const c of currencies)
            for (const t of ACCOUNT_TYPE_IDS)
              out.push({
                id: await ledger.userAccount(trx, userId, c.id, t),
                currency_id: c.id,
                account_type: t,
              });
          return out;
        });
        const balances = await userBalances(ctx.db, userId);
        const avail = new Map(balances.map((b) => [b.accountId, b.available]));
        return ok(
          rows.map((r) => {
            const c = currencies.find((x) => x.id === r.currency_id)!;
            const units = avail.get(r.id) ?? 0n;
            return {
              ...r,
              field: ACCOUNT_TYPE_NAMES[r.account_type],
              currency_name: c.name,
              sub_name: c.sub_name,
              available: formatUnits(units, c.decimals),
            };
          }),
        );
      },
    );
    app.post(
      '/user/getTransferFee',
      { preValidation: auth, schema: { response: apiResponse(transferFeeSchema), tags, body: transferFeeBodySchema } },
      async (req) => {
        const cfg = await repo.currencyConfig(ctx.db, req.body.currency_id);
        const c = await findCurrency(ctx.db, req.body.currency_id);
        if (!c) throw new AppError('currency_not_found');
        return ok({ currency_id: c.id, fee: formatUnits(cfg.transferFee, c.decimals) });
      },
    );
    app.post(
      '/user/Transfer',
      { preValidation: auth, schema: { response: apiResponse(transferSchema), tags, body: transferBodySchema } },
      async (req) => {
        const userId = currentUser(req);
        const accounts = await userAccountsByIds(ctx.db, userId, [req.body.from_currency_id, req.body.to_currency_id]);
        const from = accounts.find((a) => a.id === req.body.from_currency_id);
        const to = accounts.find((a) => a.id === req.body.to_currency_id);
        if (!from || !to) throw new AppError('account_not_found');
        if (from.currencyId !== to.currencyId) throw new AppError('account_type_invalid');
        return ok(
          await transfer(ctx, userId, {
            currencyId: from.currencyId,
            fromType: from.accountType as AccountType,
            toType: to.accountType as AccountType,
            amount: req.body.number,
            idempotencyKey: idempotencyKey(req.headers, req.body.idempotency_key),
          }),
        );
      },
    );
    app.post(
      '/wallet/change',
      {
        preValidation: auth,
        schema: { response: apiResponse(transferSchema), tags, summary: 'Transfer between own accounts', body: walletChangeBodySchema },
      },
      async (req) =>
        ok(
          await transfer(ctx, currentUser(req), {
            currencyId: req.body.currency_id,
            fromType: req.body.from_field,
            toType: req.body.to_field,
            amount: req.body.number,
            idempotencyKey: idempotencyKey(req.headers, req.body.idempotency_key),
          }),
        ),
    );
    const history = async (req: { query: z.infer<typeof assetsHistoryQuerySchema> }, userId: number) =>
      ok(await transferHistory(ctx, userId, req.query.page, req.query.limit, req.query.currency));
    app.get(
      '/wallet/hzhistory',
      { preValidation: auth, schema: { response: apiResponse(transferListSchema), tags, querystring: assetsHistoryQuerySchema } },
      async (req) => history(req, currentUser(req)),
    );
    app.get(
      '/user/getTransferRecord',
      { preValidation: auth, schema: { response: apiResponse(transferListSchema), tags, querystring: assetsHistoryQuerySchema } },
      async (req) => history(req, currentUser(req)),
    );

    // ---- exchange ----
    app.post(
      '/wallet/exchange/quote',
      {
        preValidation: auth,
        schema: { response: apiResponse(exchangeQuoteSchema), tags, summary: 'Quote an exchange (valid a few seconds)', body: exchangeQuoteBodySchema },
      },
      async (req) =>
        ok(
          await quote(ctx, currentUser(req), {
            fromCurrencyId: req.body.from_currency_id,
            toCurrencyId: req.body.to_currency_id,
            amount: req.body.number,
          }),
        ),
    );
    app.post(
      '/user/exchangeCoin',
      { preValidation: auth, schema: { response: apiResponse(exchangeSchema), tags, summary: 'Execute a valid quote', body: exchangeCoinBodySchema } },
      async (req) => ok(await executeQuote(ctx, currentUser(req), req.body.quote_id)),
    );
    app.get(
      '/wallet/exchange/list',
      { preValidation: auth, schema: { response: apiResponse(exchangeListSchema), tags, querystring: exchangeListQuerySchema } },
      async (req) => ok(await exchangeHistory(ctx, currentUser(req), req.query.page, req.query.limit)),
    );
  };
}
