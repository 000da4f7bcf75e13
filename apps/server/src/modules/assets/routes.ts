/** User API of the asset centre (spec §7 Wallet calls and their "Newer API" aliases). Thin: schema → service → ok(). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnits } from '@bourse/money';
import { z } from 'zod';
import {
  ACCOUNT_TYPE_IDS,
  ACCOUNT_TYPE_NAMES,
  accountTypeOf,
  apiResponse,
  currencyRateSchema,
  depositListSchema,
  depositSchema,
  exchangeListSchema,
  exchangeQuoteSchema,
  exchangeSchema,
  journalLineListSchema,
  transferAccountListSchema,
  transferFeeSchema,
  transferListSchema,
  transferSchema,
  userCoinListSchema,
  walletDetailSchema,
  walletInfoSchema,
  walletOverviewSchema,
  withdrawalListSchema,
  withdrawalSchema,
  type AccountType,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requireKyc } from '../identity';
import { currentUser, requireUser } from '../sessions';
import { ledger } from '../ledger';
import { listCurrencies } from '../market';
import { rateOf, userCurrencyList, walletDetail, walletInfo, walletOverview } from './balances';
import { requestManualDeposit } from './deposits';
import { executeQuote, exchangeHistory, quote } from './exchange';
import { PAGE_SIZE, depositList, journalLines, withdrawalList } from './records';
import * as repo from './repo';
import { transfer, transferHistory } from './transfers';
import { requestWithdrawal, withdrawalView } from './withdrawals';

const tags = ['assets'];
const lang = z.string().optional();
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const amountText = z.union([z.string(), z.number()]).transform(String).optional();
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  lang,
};
const typeField = z.union([z.string(), z.number()]).transform((v, c) => {
  const t = accountTypeOf(v);
  if (t === null) {
    c.addIssue({ code: 'custom', message: 'account_type_invalid' });
    return z.NEVER;
  }
  return t;
});
const idemKey = z.string().trim().min(1).max(100).optional();

function idempotencyKey(headers: Record<string, unknown>, body?: string): string | undefined {
  const h = headers['idempotency-key'];
  const v = typeof h === 'string' && h.trim() ? h.trim() : body;
  if (v !== undefined && (v.length > 100 || v.length === 0))
    throw new AppError('field_invalid', { field: 'idempotency_key' });
  return v;
}

export function assetsUserRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
          body: z.object({ lang }),
        },
      },
      async (req) => ok(await walletOverview(ctx, currentUser(req))),
    );
    app.get(
      '/user/getWalletList',
      { preValidation: auth, schema: { response: apiResponse(walletOverviewSchema), tags, querystring: z.object({ lang }) } },
      async (req) => ok(await walletOverview(ctx, currentUser(req))),
    );

    const detailSchema = z.object({
      currency: id.optional(),
      coin: id.optional(),
      type: typeField.default(2),
      lang,
    });
    app.post('/wallet/detail', { preValidation: auth, schema: { response: apiResponse(walletDetailSchema), tags, body: detailSchema } }, async (req) =>
      ok(await walletDetail(ctx, currentUser(req), req.body.currency ?? req.body.coin ?? 0, req.body.type)),
    );
    app.get(
      '/user/getWalletDetails',
      { preValidation: auth, schema: { response: apiResponse(walletDetailSchema), tags, querystring: detailSchema } },
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
      { preValidation: auth, schema: { response: apiResponse(walletInfoSchema), tags, body: z.object({ currency: id, lang }) } },
      async (req) => ok(await walletInfo(ctx, currentUser(req), req.body.currency)),
    );
    app.get(
      '/currency/user_currency_list',
      {
        preValidation: auth,
        schema: { response: apiResponse(userCoinListSchema),
          tags,
          summary: 'Coins with balances; with purpose, only those offered for deposit or withdrawal',
          querystring: z.object({ purpose: z.enum(['deposit', 'withdraw']).optional(), lang }),
        },
      },
      async (req) => ok(await userCurrencyList(ctx, currentUser(req), req.query.purpose)),
    );
    app.get(
      '/wallet/getRateCurrency',
      { schema: { response: apiResponse(currencyRateSchema), tags, querystring: z.object({ id, lang }) } },
      async (req) => ok(await rateOf(ctx, req.query.id)),
    );

    // ---- manual deposit ----
    const chargeSchema = z.object({
      currency: id,
      amount: amountText,
      type: z.coerce.number().int().optional(),
      proof: z.string().trim().max(300).optional(),
      pic: z.string().trim().max(300).optional(),
      lang,
    });
    const charge = async (req: { body: z.infer<typeof chargeSchema> }, userId: number) =>
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
        schema: { response: apiResponse(depositSchema), tags, summary: 'Manual deposit with proof (reviewed)', body: chargeSchema },
      },
      async (req) => charge(req, currentUser(req)),
    );
    app.post('/user/recharge', { preValidation: auth, schema: { response: apiResponse(depositSchema), tags, body: chargeSchema } }, async (req) =>
      charge(req, currentUser(req)),
    );
    app.get(
      '/recharge/log',
      { preValidation: auth, schema: { response: apiResponse(depositListSchema), tags, querystring: z.object({ ...paging, currency: id.optional() }) } },
      async (req) =>
        ok(await depositList(ctx, currentUser(req), req.query.page, req.query.limit, req.query.currency)),
    );

    // ---- withdrawal ----
    const outSchema = z.object({
      currency: id,
      number: amountText,
      amount: amountText,
      address_id: id.optional(),
      address: z.string().trim().max(200).optional(),
      code: z.string().trim().max(12).optional(),
      code_type: z.enum(['email', 'sms']).optional(),
      card: z.enum(['domestic', 'international']).optional(),
      idempotency_key: idemKey,
      lang,
    });
    const withdrawGuard = [auth, requireKyc(ctx, 'withdraw')];
    const out = async (
      req: { body: z.infer<typeof outSchema>; headers: Record<string, unknown> },
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
        schema: { response: apiResponse(withdrawalSchema), tags, summary: 'Request a withdrawal to an address-book entry', body: outSchema },
      },
      async (req) => out(req, currentUser(req)),
    );
    app.post(
      '/user/withdraw',
      { preValidation: withdrawGuard, schema: { response: apiResponse(withdrawalSchema), tags, body: outSchema } },
      async (req) => out(req, currentUser(req)),
    );
    app.get(
      '/user/withdraw/list',
      { preValidation: auth, schema: { response: apiResponse(withdrawalListSchema), tags, querystring: z.object({ ...paging, currency: id.optional() }) } },
      async (req) =>
        ok(await withdrawalList(ctx, currentUser(req), req.query.page, req.query.limit, req.query.currency)),
    );
    app.get(
      '/user/withdraw/detail',
      { preValidation: auth, schema: { response: apiResponse(withdrawalSchema), tags, querystring: z.object({ id, lang }) } },
      async (req) => {
        const w = await ctx.db
          .selectFrom('asset_withdrawals as w')
          .innerJoin('currencies as c', 'c.id', 'w.currency_id')
          .selectAll('w')
          .select(['c.name', 'c.sub_name', 'c.decimals'])
          .where('w.id', '=', req.query.id)
          .where('w.user_id', '=', currentUser(req))
          .executeTakeFirst();
        if (!w) throw new AppError('withdrawal_not_found');
        return ok(withdrawalView(w, w.decimals, w.name, w.sub_name));
      },
    );

    // ---- transfer between own accounts ----
    app.post(
      '/user/getTransferList',
      {
        preValidation: auth,
        schema: { response: apiResponse(transferAccountListSchema),
          tags,
          summary: 'The accounts a transfer can use (ids for /user/Transfer)',
          body: z.object({ currency_id: id.optional(), lang }),
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
        const balances = await ctx.db
          .selectFrom('accounts')
          .select(['id', 'available'])
          .where('user_id', '=', userId)
          .execute();
        const avail = new Map(balances.map((b) => [b.id, b.available]));
        return ok(
          rows.map((r) => {
            const c = currencies.find((x) => x.id === r.currency_id)!;
            const units = BigInt(avail.get(r.id) ?? '0');
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
      { preValidation: auth, schema: { response: apiResponse(transferFeeSchema), tags, body: z.object({ currency_id: id, lang }) } },
      async (req) => {
        const cfg = await repo.currencyConfig(ctx.db, req.body.currency_id);
        const c = (await listCurrencies(ctx.db)).find((x) => x.id === req.body.currency_id);
        if (!c) throw new AppError('currency_not_found');
        return ok({ currency_id: c.id, fee: formatUnits(cfg.transferFee, c.decimals) });
      },
    );
    app.post(
      '/user/Transfer',
      {
        preValidation: auth,
        schema: { response: apiResponse(transferSchema),
          tags,
          body: z.object({
            number: amountText,
            from_currency_id: id,
            to_currency_id: id,
            idempotency_key: idemKey,
            lang,
          }),
        },
      },
      async (req) => {
        const userId = currentUser(req);
        const accounts = await ctx.db
          .selectFrom('accounts')
          .select(['id', 'currency_id', 'account_type'])
          .where('user_id', '=', userId)
          .where('id', 'in', [req.body.from_currency_id, req.body.to_currency_id])
          .execute();
        const from = accounts.find((a) => a.id === req.body.from_currency_id);
        const to = accounts.find((a) => a.id === req.body.to_currency_id);
        if (!from || !to) throw new AppError('account_not_found');
        if (from.currency_id !== to.currency_id) throw new AppError('account_type_invalid');
        return ok(
          await transfer(ctx, userId, {
            currencyId: from.currency_id,
            fromType: from.account_type as AccountType,
            toType: to.account_type as AccountType,
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
        schema: { response: apiResponse(transferSchema),
          tags,
          summary: 'Transfer between own accounts',
          body: z.object({
            currency_id: id,
            number: amountText,
            from_field: typeField,
            to_field: typeField,
            idempotency_key: idemKey,
            lang,
          }),
        },
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
    const historySchema = z.object({ ...paging, currency: id.optional() });
    const history = async (req: { query: z.infer<typeof historySchema> }, userId: number) =>
      ok(await transferHistory(ctx, userId, req.query.page, req.query.limit, req.query.currency));
    app.get(
      '/wallet/hzhistory',
      { preValidation: auth, schema: { response: apiResponse(transferListSchema), tags, querystring: historySchema } },
      async (req) => history(req, currentUser(req)),
    );
    app.get(
      '/user/getTransferRecord',
      { preValidation: auth, schema: { response: apiResponse(transferListSchema), tags, querystring: historySchema } },
      async (req) => history(req, currentUser(req)),
    );

    // ---- exchange ----
    app.post(
      '/wallet/exchange/quote',
      {
        preValidation: auth,
        schema: { response: apiResponse(exchangeQuoteSchema),
          tags,
          summary: 'Quote an exchange (valid a few seconds)',
          body: z.object({ from_currency_id: id, to_currency_id: id, number: amountText, lang }),
        },
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
      {
        preValidation: auth,
        schema: { response: apiResponse(exchangeSchema),
          tags,
          summary: 'Execute a valid quote',
          body: z.object({ quote_id: z.string().trim().min(1).max(64), lang }),
        },
      },
      async (req) => ok(await executeQuote(ctx, currentUser(req), req.body.quote_id)),
    );
    app.get(
      '/wallet/exchange/list',
      { preValidation: auth, schema: { response: apiResponse(exchangeListSchema), tags, querystring: z.object(paging) } },
      async (req) => ok(await exchangeHistory(ctx, currentUser(req), req.query.page, req.query.limit)),
    );

    // ---- records ----
    const recordFilter = {
      currency: id.optional(),
      coin: id.optional(),
      type: typeField.optional(),
      kind: z.string().trim().max(40).optional(),
    };
    app.post(
      '/wallet/legal_log',
      { preValidation: auth, schema: { response: apiResponse(journalLineListSchema), tags, body: z.object({ ...paging, ...recordFilter }) } },
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
      {
        preValidation: auth,
        schema: { response: apiResponse(journalLineListSchema),
          tags,
          querystring: z.object({
            ...paging,
            ...recordFilter,
            page_size: z.coerce.number().int().min(1).max(100).optional(),
          }),
        },
      },
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
