/** Request schemas of the content domain: news, notices, messages, the console's editor (modules/content routes). */
import { z } from 'zod';
import { CONTENT_CATEGORY } from '../content';
import { PAGE_SIZE_DEFAULT } from '../constants';
import { rowId } from '../ids';
import { LANGS } from '../langs';
import { CONTENT_ITEM_STATUSES } from './content';
import { langField, pageField } from './request-fields';

/** The longest item body (HTML) an editor may save or preview. */
export const CONTENT_BODY_MAX = 200_000;

const pageSize = z.coerce.number().int().min(1).max(50).default(PAGE_SIZE_DEFAULT);

/** POST /news/list. */
export const newsListBodySchema = z.object({ c_id: rowId, page: pageField, limit: pageSize, with_body: z.coerce.boolean().optional(), lang: langField });

/** POST /news/detail: `type` is the category the caller expects (an item of another category is not found). */
export const newsDetailBodySchema = z.object({ id: rowId, type: rowId.optional(), lang: langField });

/** GET /index/getNewsList (newer API): `type` is the category id, announcements by default. */
export const newsListQuerySchema = z.object({ type: rowId.default(CONTENT_CATEGORY.announcement), page: pageField, page_size: pageSize, lang: langField });

/** POST /Mining/usermessage. */
export const inboxBodySchema = z.object({ page: pageField, limit: pageSize, lang: langField });

/** POST /Mining/messagestatus: a message id (bigint, sent as text or number). */
export const messageReadBodySchema = z.object({ id: z.coerce.string().regex(/^[1-9]\d{0,17}$/, 'message_not_found'), lang: langField });

// ---- console ----

const consolePaging = { page: pageField, limit: z.coerce.number().int().min(1).max(100).default(20), lang: langField };

/** POST /admin/content/categories/:id. */
export const contentCategoryBodySchema = z.object({
  names: z.record(z.string(), z.string().max(200)).optional(),
  sort: z.coerce.number().int().min(0).max(10000).optional(),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  lang: langField,
});

/** GET /admin/content/items. */
export const contentItemsQuerySchema = z.object({
  ...consolePaging,
  category_id: rowId.optional(),
  status: z.enum(CONTENT_ITEM_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
});

/** One language of an item. */
export const contentTranslationBodySchema = z.object({
  lang: z.enum(LANGS),
  title: z.string().max(400),
  summary: z.string().max(2000).optional(),
  body: z.string().max(CONTENT_BODY_MAX).optional(),
});

/** POST /admin/content/items and /admin/content/items/:id. */
export const contentItemBodySchema = z.object({
  category_id: rowId,
  status: z.enum(CONTENT_ITEM_STATUSES),
  publish_at: z.string().trim().max(40).nullable().default(null),
  cover: z.string().max(2000).default(''),
  link_url: z.string().max(2000).default(''),
  sort: z.coerce.number().int().min(-10000).max(10000).default(0),
  is_popup: z.boolean().default(false),
  translations: z.array(contentTranslationBodySchema).min(1).max(LANGS.length),
  lang: langField,
});

/** POST /admin/content/preview. */
export const contentPreviewBodySchema = z.object({ body: z.string().max(CONTENT_BODY_MAX), lang: langField });

/** GET /admin/messages. */
export const sentMessagesQuerySchema = z.object(consolePaging);

/** POST /admin/messages: `user_id` null or absent sends to every user. */
export const sendMessageBodySchema = z.object({
  user_id: rowId.nullable().default(null),
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(5000),
  lang: langField,
});

// What the console sends (parsed field types: the values the server accepts as they are).
/** A content item with its translations. */
export type ContentItemBody = Omit<z.output<typeof contentItemBodySchema>, 'lang'>;
/** The console's item list filter. */
export type ContentItemsQuery = z.output<typeof contentItemsQuerySchema>;
