/**
 * Response messages of the content module (modules/content: routes.ts, admin-routes.ts): news,
 * pages and notices per language, the user's messages, and the console's editor.
 */
import { z } from 'zod';
import { isoTime } from './response';

/** A published item in one language (English when the caller's has no version). */
export const contentItemSchema = z.object({
  id: z.number(),
  c_id: z.number(),
  /** The category's key (news, faq, …). */
  category: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  link: z.string(),
  /** Publication time (else creation), epoch milliseconds. */
  time: z.number(),
  /** The language actually served. */
  lang: z.string(),
  is_popup: z.boolean(),
  is_demo: z.boolean(),
  /** Sanitised HTML; in details and popups, and in lists asked `with_body`. */
  body: z.string().optional(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** POST /news/list, GET /index/getNewsList. */
export const contentPageSchema = z.object({
  list: z.array(contentItemSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** POST /news/detail (with its body). */
export const contentDetailSchema = contentItemSchema;
/** GET /news/index_pop, /index/findNotice: the newest popup notice (with its body), or null. */
export const popupNoticeSchema = contentItemSchema.nullable();

export const CONTENT_KINDS = ['list', 'page', 'banner', 'faq'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** GET /news/categories: names in the caller's language. */
export const contentCategoryListSchema = z.array(
  z.object({ id: z.number(), key: z.string(), kind: z.enum(CONTENT_KINDS), name: z.string() }),
);
export type ContentCategory = z.infer<typeof contentCategoryListSchema>[number];

/** One of the user's messages. */
export const inboxMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** Sent to every user. */
  broadcast: z.boolean(),
  /** Epoch milliseconds. */
  time: z.number(),
  read: z.boolean(),
  read_at: z.number().nullable(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** POST /Mining/usermessage: the caller's messages with the unread count. */
export const inboxSchema = z.object({
  list: z.array(inboxMessageSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  limit: z.number(),
  has_more: z.boolean(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** POST /Mining/messagestatus. */
export const messageReadSchema = z.object({ id: z.string(), read: z.boolean(), unread: z.number() });
export type MessageRead = z.infer<typeof messageReadSchema>;

/** POST /Mining/messagestatus_all, GET /Mining/message_unread. */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ---- console ----

export const CONTENT_ITEM_STATUSES = ['draft', 'published', 'hidden'] as const;
export type ContentItemStatus = (typeof CONTENT_ITEM_STATUSES)[number];
/** What readers see now: live, scheduled (published, not yet due), or not shown. */
export const CONTENT_ITEM_STATES = ['live', 'scheduled', 'draft', 'hidden'] as const;
export type ContentItemState = (typeof CONTENT_ITEM_STATES)[number];

/** A category as the console edits it (GET /admin/content/categories), with its item count. */
export const adminContentCategorySchema = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.enum(CONTENT_KINDS),
  sort: z.number(),
  /** 1 shown, 0 hidden. */
  status: z.number(),
  names: z.record(z.string(), z.string()),
  items: z.number(),
});
export type AdminContentCategory = z.infer<typeof adminContentCategorySchema>;
export const adminContentCategoryListSchema = z.array(adminContentCategorySchema);

/** POST /admin/content/categories/:id: the saved category. */
export const contentCategoryUpdateSchema = adminContentCategorySchema.omit({ items: true }).extend({ created_at: isoTime });
export type ContentCategoryUpdate = z.infer<typeof contentCategoryUpdateSchema>;

const adminItemFields = {
  id: z.number(),
  category_id: z.number(),
  status: z.enum(CONTENT_ITEM_STATUSES),
  state: z.enum(CONTENT_ITEM_STATES),
  publish_at: isoTime.nullable(),
  cover: z.string(),
  link_url: z.string(),
  sort: z.number(),
  is_popup: z.boolean(),
  is_demo: z.boolean(),
  created_at: isoTime,
  updated_at: isoTime,
};

export const contentTranslationSchema = z.object({ lang: z.string(), title: z.string(), summary: z.string(), body: z.string() });
export type ContentTranslation = z.infer<typeof contentTranslationSchema>;

/** GET/POST /admin/content/items/:id, POST /admin/content/items: an item with every language. */
export const adminContentItemSchema = z.object({ ...adminItemFields, translations: z.array(contentTranslationSchema) });
export type AdminContentItem = z.infer<typeof adminContentItemSchema>;

/** GET /admin/content/items: the English title and the languages present. */
export const adminContentPageSchema = z.object({
  items: z.array(z.object({ ...adminItemFields, title: z.string(), langs: z.array(z.string()) })),
  total: z.number(),
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;
export type AdminContentRow = AdminContentPage['items'][number];

/** POST /admin/content/items/:id/delete. */
export const contentDeletedSchema = z.object({ id: z.number() });
/** POST /admin/content/preview: the body as readers will get it (sanitised). */
export const contentPreviewSchema = z.object({ body: z.string() });

/** GET /admin/messages. */
export const sentMessagePageSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      user_id: z.number().nullable(),
      /** The recipient's e-mail or mobile; null for a broadcast. */
      user: z.string().nullable(),
      title: z.string(),
      body: z.string(),
      operator: z.string().nullable(),
      reads: z.number(),
      created_at: isoTime,
    }),
  ),
  total: z.number(),
});
export type SentMessagePage = z.infer<typeof sentMessagePageSchema>;
export type SentMessageRow = SentMessagePage['items'][number];

/** POST /admin/messages: the message sent. */
export const sentMessageSchema = z.object({
  id: z.string(),
  user_id: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  created_at: isoTime,
});
export type SentMessage = z.infer<typeof sentMessageSchema>;
