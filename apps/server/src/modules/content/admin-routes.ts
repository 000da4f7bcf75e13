import {
  adminContentCategoryListSchema,
  adminContentItemSchema,
  adminContentPageSchema,
  apiResponse,
  contentCategoryBodySchema,
  contentCategoryUpdateSchema,
  contentDeletedSchema,
  contentItemBodySchema,
  contentItemsQuerySchema,
  contentPreviewBodySchema,
  contentPreviewSchema,
  idParamsSchema,
  langOnlySchema,
  sendMessageBodySchema,
  sentMessagePageSchema,
  sentMessageSchema,
  sentMessagesQuerySchema,
  uploadRefSchema,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { audit, currentOperator, requireOperator } from '../operators';
import { readUploadPart, storeUpload } from '../files';
import { sanitizeHtml } from './sanitize';
import {
  adminCategories,
  adminCreateItem,
  adminDeleteItem,
  adminGetItem,
  adminListItems,
  adminUpdateCategory,
  adminUpdateItem,
} from './admin-service';
import { adminListMessages, sendMessage } from './messages';

/** Console API of the content domain: items per language, categories, messages. */
export function contentAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const anyOperator = requireOperator(ctx);
    // Publishing is an admin or support task; reviewers read.
    const editors = requireOperator(ctx, ['admin', 'support']);

    app.get('/admin/content/categories', { preValidation: anyOperator, schema: { response: apiResponse(adminContentCategoryListSchema), tags: ['admin'] } }, async () =>
      ok(await adminCategories(ctx)),
    );

    app.post(
      '/admin/content/categories/:id',
      {
        preValidation: requireOperator(ctx, ['admin']),
        schema: { response: apiResponse(contentCategoryUpdateSchema),
          tags: ['admin'],
          params: idParamsSchema,
          body: contentCategoryBodySchema,
        },
      },
      async (req) =>
        ok(await adminUpdateCategory(ctx, currentOperator(req), req.params.id, req.body, req.ip)),
    );

    app.get(
      '/admin/content/items',
      {
        preValidation: anyOperator,
        schema: { response: apiResponse(adminContentPageSchema),
          tags: ['admin'],
          querystring: contentItemsQuerySchema,
        },
      },
      async (req) =>
        ok(
          await adminListItems(ctx, {
            categoryId: req.query.category_id,
            status: req.query.status,
            q: req.query.q || undefined,
            page: req.query.page,
            limit: req.query.limit,
          }),
        ),
    );

    app.get(
      '/admin/content/items/:id',
      { preValidation: anyOperator, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], params: idParamsSchema } },
      async (req) => ok(await adminGetItem(ctx, req.params.id)),
    );

    app.post(
      '/admin/content/items',
      { preValidation: editors, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], body: contentItemBodySchema } },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await adminCreateItem(ctx, currentOperator(req), input, req.ip));
      },
    );

    app.post(
      '/admin/content/items/:id',
      { preValidation: editors, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], params: idParamsSchema, body: contentItemBodySchema } },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await adminUpdateItem(ctx, currentOperator(req), req.params.id, input, req.ip));
      },
    );

    app.post(
      '/admin/content/items/:id/delete',
      { preValidation: editors, schema: { response: apiResponse(contentDeletedSchema), tags: ['admin'], params: idParamsSchema, body: langOnlySchema } },
      async (req) => ok(await adminDeleteItem(ctx, currentOperator(req), req.params.id, req.ip)),
    );

    // The preview shows exactly what readers will get: the body after sanitising.
    app.post(
      '/admin/content/preview',
      {
        preValidation: anyOperator,
        schema: { response: apiResponse(contentPreviewSchema), tags: ['admin'], body: contentPreviewBodySchema },
      },
      (req) => ok({ body: sanitizeHtml(req.body.body) }),
    );

    // Images for covers and bodies go to the upload store as public files (they are published content).
    app.post(
      '/admin/content/upload',
      {
        preValidation: editors,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { response: apiResponse(uploadRefSchema), tags: ['admin'], summary: 'Upload a content image (JPEG, PNG, WebP); message is its URL' },
      },
      async (req) => {
        const op = currentOperator(req);
        const { data, filename } = await readUploadPart(req);
        const stored = await storeUpload(ctx, {
          data,
          filename,
          owner: { operatorId: op.id },
          public: true,
        });
        await audit(
          ctx,
          op.id,
          'content.upload',
          `upload:${stored.id}`,
          undefined,
          { url: stored.url, size: data.length },
          req.ip,
        );
        return ok(stored.url);
      },
    );

    app.get(
      '/admin/messages',
      { preValidation: anyOperator, schema: { response: apiResponse(sentMessagePageSchema), tags: ['admin'], querystring: sentMessagesQuerySchema } },
      async (req) => ok(await adminListMessages(ctx, req.query.page, req.query.limit)),
    );

    app.post(
      '/admin/messages',
      {
        preValidation: editors,
        schema: { response: apiResponse(sentMessageSchema),
          tags: ['admin'],
          body: sendMessageBodySchema,
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await sendMessage(ctx, currentOperator(req), input, req.ip));
      },
    );
  };
}
