import {
  apiResponse,
  contentCategoryListSchema,
  contentDetailSchema,
  contentPageSchema,
  inboxBodySchema,
  inboxSchema,
  langOnlySchema,
  messageReadBodySchema,
  messageReadSchema,
  newsDetailBodySchema,
  newsListBodySchema,
  newsListQuerySchema,
  popupNoticeSchema,
  unreadCountSchema,
} from '@bourse/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { currentUser, requireUser } from '../sessions';
import { inbox, markAllMessagesRead, markMessageRead, unreadMessages } from './messages';
import { categories, listNews, newsDetail, popupNotice } from './service';

/** Public content calls of docs/product/api.md (and their "newer API" aliases) plus the user's messages. */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    const user = requireUser(ctx);

    app.post(
      '/news/list',
      {
        schema: { response: apiResponse(contentPageSchema),
          tags: ['content'],
          summary: 'Published items of a category, newest first (paginated)',
          body: newsListBodySchema,
        },
      },
      async (req) =>
        ok(
          await listNews(ctx, {
            cId: req.body.c_id,
            page: req.body.page,
            limit: req.body.limit,
            lang: req.lang,
            withBody: req.body.with_body,
          }),
        ),
    );

    app.post(
      '/news/detail',
      {
        schema: { response: apiResponse(contentDetailSchema),
          tags: ['content'],
          summary: 'One published item in the caller language (English fallback)',
          body: newsDetailBodySchema,
        },
      },
      async (req) => ok(await newsDetail(ctx, req.body.id, req.lang, req.body.type)),
    );

    app.get(
      '/news/index_pop',
      {
        schema: { response: apiResponse(popupNoticeSchema),
          tags: ['content'],
          summary: 'The newest popup notice, or null',
          querystring: langOnlySchema,
        },
      },
      async (req) => ok(await popupNotice(ctx, req.lang)),
    );

    app.get(
      '/news/categories',
      {
        schema: { response: apiResponse(contentCategoryListSchema),
          tags: ['content'],
          summary: 'Content categories in the caller language',
          querystring: langOnlySchema,
        },
      },
      async (req) => ok(await categories(ctx, req.lang)),
    );

    // Newer API aliases (docs/product/api.md): the same services.
    app.get(
      '/index/getNewsList',
      {
        schema: { response: apiResponse(contentPageSchema),
          tags: ['content'],
          summary: 'Published items (newer API; type = category id, default announcements)',
          querystring: newsListQuerySchema,
        },
      },
      async (req) =>
        ok(
          await listNews(ctx, {
            cId: req.query.type,
            page: req.query.page,
            limit: req.query.page_size,
            lang: req.lang,
          }),
        ),
    );

    app.get(
      '/index/findNotice',
      {
        schema: { response: apiResponse(popupNoticeSchema),
          tags: ['content'],
          summary: 'The newest popup notice (newer API)',
          querystring: langOnlySchema,
        },
      },
      async (req) => ok(await popupNotice(ctx, req.lang)),
    );

    app.post(
      '/Mining/usermessage',
      {
        preValidation: user,
        schema: { response: apiResponse(inboxSchema),
          tags: ['content'],
          summary: "The caller's messages with the unread count",
          body: inboxBodySchema,
        },
      },
      async (req) => ok(await inbox(ctx, currentUser(req), req.body.page, req.body.limit)),
    );

    app.post(
      '/Mining/messagestatus',
      {
        preValidation: user,
        schema: { response: apiResponse(messageReadSchema),
          tags: ['content'],
          summary: "Marks one of the caller's messages read",
          body: messageReadBodySchema,
        },
      },
      async (req) => ok(await markMessageRead(ctx, currentUser(req), req.body.id)),
    );

    app.post(
      '/Mining/messagestatus_all',
      {
        preValidation: user,
        schema: { response: apiResponse(unreadCountSchema),
          tags: ['content'],
          summary: "Marks all the caller's messages read",
          body: langOnlySchema,
        },
      },
      async (req) => ok(await markAllMessagesRead(ctx, currentUser(req))),
    );

    app.get(
      '/Mining/message_unread',
      {
        preValidation: user,
        schema: { response: apiResponse(unreadCountSchema),
          tags: ['content'],
          summary: "The caller's unread message count",
          querystring: langOnlySchema,
        },
      },
      async (req) => ok(await unreadMessages(ctx, currentUser(req))),
    );
  };
}
