import {
  LANGS,
  adminContentCategoryListSchema,
  adminContentItemSchema,
  adminContentPageSchema,
  apiResponse,
  contentCategoryUpdateSchema,
  contentDeletedSchema,
  contentPreviewSchema,
  rowId,
  sentMessagePageSchema,
  sentMessageSchema,
  uploadRefSchema,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { audit, currentOperator, requireOperator } from '../operators';
import { readUploadPart, storeUpload } from '../files';
import { sanitizeHtml } from './sanitize';
import {
  MAX_BODY,
  adminCategories,
  adminCreateItem,
  adminDeleteItem,
  adminGetItem,
  adminListItems,
  adminListMessages,
  adminUpdateCategory,
  adminUpdateItem,
  sendMessage,
} from './service';

const lang = z.string().optional();
const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  lang,
};
const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const itemBody = z.object({
  category_id: rowId,
  status: z.enum(['draft', 'published', 'hidden']),
  publish_at: z.string().trim().max(40).nullable().default(null),
  cover: z.string().max(2000).default(''),
  link_url: z.string().max(2000).default(''),
  sort: z.coerce.number().int().min(-10000).max(10000).default(0),
  is_popup: z.boolean().default(false),
  translations: z
    .array(
      z.object({
        lang: z.enum(LANGS),
        title: z.string().max(400),
        summary: z.string().max(2000).optional(),
        body: z.string().max(MAX_BODY).optional(),
      }),
    )
    .min(1)
    .max(LANGS.length),
  lang,
});

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
          params: idParam,
          body: z.object({
            names: z.record(z.string(), z.string().max(200)).optional(),
            sort: z.coerce.number().int().min(0).max(10000).optional(),
            status: z.union([z.literal(0), z.literal(1)]).optional(),
            lang,
          }),
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
          querystring: z.object({
            ...paging,
            category_id: rowId.optional(),
            status: z.enum(['draft', 'published', 'hidden']).optional(),
            q: z.string().trim().max(100).optional(),
          }),
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
      { preValidation: anyOperator, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], params: idParam } },
      async (req) => ok(await adminGetItem(ctx, req.params.id)),
    );

    app.post(
      '/admin/content/items',
      { preValidation: editors, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], body: itemBody } },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await adminCreateItem(ctx, currentOperator(req), input, req.ip));
      },
    );

    app.post(
      '/admin/content/items/:id',
      { preValidation: editors, schema: { response: apiResponse(adminContentItemSchema), tags: ['admin'], params: idParam, body: itemBody } },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await adminUpdateItem(ctx, currentOperator(req), req.params.id, input, req.ip));
      },
    );

    app.post(
      '/admin/content/items/:id/delete',
      { preValidation: editors, schema: { response: apiResponse(contentDeletedSchema), tags: ['admin'], params: idParam, body: z.object({ lang }) } },
      async (req) => ok(await adminDeleteItem(ctx, currentOperator(req), req.params.id, req.ip)),
    );

    // The preview shows exactly what readers will get: the body after sanitising.
    app.post(
      '/admin/content/preview',
      {
        preValidation: anyOperator,
        schema: { response: apiResponse(contentPreviewSchema), tags: ['admin'], body: z.object({ body: z.string().max(MAX_BODY), lang }) },
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
      { preValidation: anyOperator, schema: { response: apiResponse(sentMessagePageSchema), tags: ['admin'], querystring: z.object(paging) } },
      async (req) => ok(await adminListMessages(ctx, req.query.page, req.query.limit)),
    );

    app.post(
      '/admin/messages',
      {
        preValidation: editors,
        schema: { response: apiResponse(sentMessageSchema),
          tags: ['admin'],
          body: z.object({
            // null or absent: a broadcast to every user.
            user_id: rowId.nullable().default(null),
            title: z.string().trim().min(1).max(120),
            body: z.string().trim().min(1).max(5000),
            lang,
          }),
        },
      },
      async (req) => {
        const { lang: _lang, ...input } = req.body;
        return ok(await sendMessage(ctx, currentOperator(req), input, req.ip));
      },
    );
  };
}
