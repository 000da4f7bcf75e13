import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressQueueQuerySchema,
  addressQueueSchema,
  addressReviewSchema,
  apiResponse,
  identitySettingsBodySchema,
  identitySettingsSchema,
  identityUserDetailSchema,
  identityUserPageSchema,
  identityUsersQuerySchema,
  idParamsSchema,
  kycQueueQuerySchema,
  kycQueueSchema,
  kycRecordSchema,
  kycRejectBodySchema,
  userStatusSchema,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentOperator, requireOperator } from '../operators';
import {
  addressQueue,
  identitySettings,
  kycQueue,
  reviewAddress,
  reviewKyc,
  searchUsers,
  setUserStatus,
  updateIdentitySettings,
  userDetail,
} from './admin-service';

const tags = ['admin', 'identity'];

/** Console API of the identity domain: users, real-name review, address approvals, settings. */
export function identityAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    const reviewers = requireOperator(ctx, ['admin', 'reviewer']);
    const adminOnly = requireOperator(ctx, ['admin']);

    app.get('/admin/identity/users', { preValidation: anyOperator, schema: { response: apiResponse(identityUserPageSchema), tags, querystring: identityUsersQuerySchema } }, async (req) =>
      ok(await searchUsers(ctx, req.query.q, req.query.page, req.query.limit)),
    );
    app.get('/admin/identity/users/:id', { preValidation: anyOperator, schema: { response: apiResponse(identityUserDetailSchema), tags, params: idParamsSchema } }, async (req) => ok(await userDetail(ctx, req.params.id)));
    app.post('/admin/identity/users/:id/freeze', { preValidation: adminOnly, schema: { response: apiResponse(userStatusSchema), tags, params: idParamsSchema } }, async (req) =>
      ok(await setUserStatus(ctx, currentOperator(req), req.params.id, true, req.ip)),
    );
    app.post('/admin/identity/users/:id/unfreeze', { preValidation: adminOnly, schema: { response: apiResponse(userStatusSchema), tags, params: idParamsSchema } }, async (req) =>
      ok(await setUserStatus(ctx, currentOperator(req), req.params.id, false, req.ip)),
    );

    app.get('/admin/kyc', { preValidation: anyOperator, schema: { response: apiResponse(kycQueueSchema), tags, querystring: kycQueueQuerySchema } }, async (req) =>
      ok(await kycQueue(ctx, req.query.status, req.query.page, req.query.limit)),
    );
    app.post('/admin/kyc/:id/approve', { preValidation: reviewers, schema: { response: apiResponse(kycRecordSchema), tags, params: idParamsSchema } }, async (req) =>
      ok(await reviewKyc(ctx, currentOperator(req), req.params.id, true, null, req.ip)),
    );
    app.post(
      '/admin/kyc/:id/reject',
      { preValidation: reviewers, schema: { response: apiResponse(kycRecordSchema), tags, params: idParamsSchema, body: kycRejectBodySchema } },
      async (req) => ok(await reviewKyc(ctx, currentOperator(req), req.params.id, false, req.body.reason, req.ip)),
    );

    app.get('/admin/addresses', { preValidation: anyOperator, schema: { response: apiResponse(addressQueueSchema), tags, querystring: addressQueueQuerySchema } }, async (req) =>
      ok(await addressQueue(ctx, req.query.status, req.query.page, req.query.limit)),
    );
    app.post('/admin/addresses/:id/approve', { preValidation: reviewers, schema: { response: apiResponse(addressReviewSchema), tags, params: idParamsSchema } }, async (req) =>
      ok(await reviewAddress(ctx, currentOperator(req), req.params.id, true, req.ip)),
    );
    app.post('/admin/addresses/:id/reject', { preValidation: reviewers, schema: { response: apiResponse(addressReviewSchema), tags, params: idParamsSchema } }, async (req) =>
      ok(await reviewAddress(ctx, currentOperator(req), req.params.id, false, req.ip)),
    );

    app.get('/admin/identity/settings', { preValidation: anyOperator, schema: { response: apiResponse(identitySettingsSchema), tags } }, async () => ok(await identitySettings(ctx)));
    app.post(
      '/admin/identity/settings',
      {
        preValidation: adminOnly,
        schema: { response: apiResponse(identitySettingsSchema),
          tags,
          body: identitySettingsBodySchema,
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await updateIdentitySettings(ctx, currentOperator(req), input, req.ip));
      },
    );
  };
}
