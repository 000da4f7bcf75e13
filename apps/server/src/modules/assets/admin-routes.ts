/** Console API of the asset centre: deposits (demo credit, manual confirmations), withdrawal review, per-currency limits and fees, liabilities. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDepositListSchema,
  adminDepositsQuerySchema,
  adminWithdrawalListSchema,
  adminWithdrawalsQuerySchema,
  apiResponse,
  assetsConfigSchema,
  assetsIdParamsSchema,
  assetsLangBodySchema,
  assetsLangQuerySchema,
  assetsRejectBodySchema,
  assetsSettingsBodySchema,
  assetsSettingsSchema,
  bankChannelBodySchema,
  bankChannelResponseSchema,
  currencyConfigBodySchema,
  currencyConfigSchema,
  demoDepositBodySchema,
  demoDepositResultSchema,
  depositReviewSchema,
  liabilityListSchema,
  withdrawalApprovalSchema,
  withdrawalReviewSchema,
  withdrawalSentBodySchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { audit, currentOperator, requireOperator } from '../operators';
import { adminDeposits, adminWithdrawals } from './admin';
import { bankChannel, saveBankChannel } from './bank';
import { listConfigs, saveConfig } from './config';
import { demoDeposit, reviewManualDeposit } from './deposits';
import { liabilities } from './liabilities';
import * as repo from './repo';
import { approveWithdrawal, completeWithdrawal, markWithdrawalSent, rejectWithdrawal } from './withdrawal-review';
import { withdrawCodeRequired } from './withdrawals';
import { putSetting } from '../platform';

const tags = ['admin'];
const idParam = assetsIdParamsSchema;

export function assetsAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const reviewers = requireOperator(ctx, ['admin', 'reviewer']);
    const admins = requireOperator(ctx, ['admin']);

    // ---- deposits ----
    app.get(
      '/admin/assets/deposits',
      {
        preValidation: anyOperator,
        schema: { response: apiResponse(adminDepositListSchema),
          tags,
          querystring: adminDepositsQuerySchema,
        },
      },
      async (req) => ok(await adminDeposits(ctx, req.query)),
    );
    app.post(
      '/admin/assets/deposits/demo',
      {
        preValidation: admins,
        schema: { response: apiResponse(demoDepositResultSchema),
          tags,
          summary: 'Demo deposit (demo data on, demo users only)',
          body: demoDepositBodySchema,
        },
      },
      async (req) => {
        const op = currentOperator(req).id;
        const r = await demoDeposit(ctx, op, {
          userId: req.body.user_id,
          currencyId: req.body.currency_id,
          amount: req.body.amount,
        });
        await audit(
          ctx,
          op,
          'assets.deposit.demo',
          `deposit:${r.depositId}`,
          null,
          { user_id: req.body.user_id, currency_id: req.body.currency_id, amount: req.body.amount },
          req.ip,
        );
        return ok(r);
      },
    );
    app.post(
      '/admin/assets/deposits/:id/confirm',
      { preValidation: reviewers, schema: { response: apiResponse(depositReviewSchema), tags, params: idParam, body: assetsLangBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        const r = await reviewManualDeposit(ctx, op, req.params.id, { approve: true });
        await audit(
          ctx,
          op,
          'assets.deposit.confirm',
          `deposit:${r.id}`,
          { status: 'review' },
          { status: r.status },
          req.ip,
        );
        return ok({ id: r.id, status: r.status });
      },
    );
    app.post(
      '/admin/assets/deposits/:id/reject',
      { preValidation: reviewers, schema: { response: apiResponse(depositReviewSchema), tags, params: idParam, body: assetsRejectBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        const r = await reviewManualDeposit(ctx, op, req.params.id, {
          approve: false,
          reason: req.body.reason,
        });
        await audit(
          ctx,
          op,
          'assets.deposit.reject',
          `deposit:${r.id}`,
          { status: 'review' },
          { status: r.status, reason: req.body.reason },
          req.ip,
        );
        return ok({ id: r.id, status: r.status });
      },
    );

    // ---- withdrawals ----
    app.get(
      '/admin/assets/withdrawals',
      {
        preValidation: anyOperator,
        schema: { response: apiResponse(adminWithdrawalListSchema),
          tags,
          querystring: adminWithdrawalsQuerySchema,
        },
      },
      async (req) => ok(await adminWithdrawals(ctx, req.query)),
    );
    app.post(
      '/admin/assets/withdrawals/:id/approve',
      { preValidation: reviewers, schema: { response: apiResponse(withdrawalApprovalSchema), tags, params: idParam, body: assetsLangBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        const w = await approveWithdrawal(ctx, op, req.params.id);
        await audit(
          ctx,
          op,
          'assets.withdrawal.approve',
          `withdrawal:${w.id}`,
          { status: 'review' },
          { status: w.status, approvals: [w.approver1_id, w.approver2_id] },
          req.ip,
        );
        return ok({
          id: w.id,
          status: w.status,
          approvals: (w.approver1_id ? 1 : 0) + (w.approver2_id ? 1 : 0),
          needs_two: w.needs_two,
        });
      },
    );
    app.post(
      '/admin/assets/withdrawals/:id/reject',
      { preValidation: reviewers, schema: { response: apiResponse(withdrawalReviewSchema), tags, params: idParam, body: assetsRejectBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        const before = await repo.findWithdrawal(ctx.db, req.params.id);
        const w = await rejectWithdrawal(ctx, op, req.params.id, req.body.reason);
        await audit(
          ctx,
          op,
          'assets.withdrawal.reject',
          `withdrawal:${w.id}`,
          { status: before?.status },
          { status: w.status, reason: w.reason },
          req.ip,
        );
        return ok({ id: w.id, status: w.status });
      },
    );
    app.post(
      '/admin/assets/withdrawals/:id/sent',
      {
        preValidation: reviewers,
        schema: { response: apiResponse(withdrawalReviewSchema),
          tags,
          summary: 'Mark sent with the transaction hash (no signer configured)',
          params: idParam,
          body: withdrawalSentBodySchema,
        },
      },
      async (req) => {
        const op = currentOperator(req).id;
        await markWithdrawalSent(ctx, req.params.id, req.body.tx_hash, op);
        await audit(
          ctx,
          op,
          'assets.withdrawal.sent',
          `withdrawal:${req.params.id}`,
          { status: 'approved' },
          { status: 'sent', tx_hash: req.body.tx_hash },
          req.ip,
        );
        return ok({ id: req.params.id, status: 'sent' as const });
      },
    );
    app.post(
      '/admin/assets/withdrawals/:id/complete',
      { preValidation: reviewers, schema: { response: apiResponse(withdrawalReviewSchema), tags, params: idParam, body: assetsLangBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        await completeWithdrawal(ctx, req.params.id, op);
        await audit(
          ctx,
          op,
          'assets.withdrawal.complete',
          `withdrawal:${req.params.id}`,
          { status: 'sent' },
          { status: 'completed' },
          req.ip,
        );
        return ok({ id: req.params.id, status: 'completed' as const });
      },
    );

    // ---- configuration ----
    app.get(
      '/admin/assets/config',
      { preValidation: anyOperator, schema: { response: apiResponse(assetsConfigSchema), tags, querystring: assetsLangQuerySchema } },
      async () =>
        ok({
          currencies: await listConfigs(ctx),
          withdraw_code_required: await withdrawCodeRequired(ctx),
          quote_ttl_ms: ctx.config.assetsQuoteTtlMs,
          demo_data: ctx.config.demoData,
        }),
    );
    app.post(
      '/admin/assets/config/:id',
      {
        preValidation: admins,
        schema: { response: apiResponse(currencyConfigSchema),
          tags,
          params: idParam,
          body: currencyConfigBodySchema,
        },
      },
      async (req) => {
        const op = currentOperator(req).id;
        const { lang: _l, ...input } = req.body;
        const r = await saveConfig(ctx, req.params.id, input);
        await audit(ctx, op, 'assets.config.update', `currency:${req.params.id}`, r.before, r.after, req.ip);
        return ok(r.after);
      },
    );
    app.post(
      '/admin/assets/settings',
      { preValidation: admins, schema: { response: apiResponse(assetsSettingsSchema), tags, body: assetsSettingsBodySchema } },
      async (req) => {
        const op = currentOperator(req).id;
        const before = await withdrawCodeRequired(ctx);
        await putSetting(ctx.db, 'withdraw_code_required', req.body.withdraw_code_required, ctx.clock.now());
        await audit(
          ctx,
          op,
          'assets.settings.update',
          'withdraw_code_required',
          before,
          req.body.withdraw_code_required,
          req.ip,
        );
        return ok({ withdraw_code_required: req.body.withdraw_code_required });
      },
    );

    // ---- bank-card channel: the receiving account shown to users who deposit by bank transfer ----
    app.get(
      '/admin/assets/bank-channel',
      { preValidation: anyOperator, schema: { response: apiResponse(bankChannelResponseSchema), tags, querystring: assetsLangQuerySchema } },
      async () => ok(await bankChannel(ctx.db)),
    );
    app.post(
      '/admin/assets/bank-channel',
      {
        preValidation: admins,
        schema: { response: apiResponse(bankChannelResponseSchema), tags, summary: 'Set the receiving bank account', body: bankChannelBodySchema },
      },
      async (req) => {
        const op = currentOperator(req).id;
        const { lang: _l, ...input } = req.body;
        const r = await saveBankChannel(ctx, input);
        await audit(ctx, op, 'assets.bank_channel.update', 'bank_channel', r.before, r.after, req.ip);
        return ok(r.after);
      },
    );

    // ---- liabilities ----
    app.get(
      '/admin/assets/liabilities',
      { preValidation: anyOperator, schema: { response: apiResponse(liabilityListSchema), tags, querystring: assetsLangQuerySchema } },
      async () => ok(await liabilities(ctx)),
    );
  };
}
