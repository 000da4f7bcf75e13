/**
 * Content (spec §7 news calls, §1 content pages) and user messages. Readers only ever see items
 * that are published and due (`publish_at` empty or reached on ctx.clock), in their language with
 * English as the fallback. Rich text is sanitised when it is saved (sanitize.ts), so what is
 * stored is what is served.
 */
import {
  CONTENT_CATEGORY,
  LANGS,
  channels,
  isLang,
  type ContentItemState,
  type ContentItemStatus,
  type ContentKind,
  type Lang,
} from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import { DEFAULT_CATEGORIES } from './categories';
import * as repo from './repo';
import { safeUrl, sanitizeHtml, toPlainText } from './sanitize';

export const MAX_BODY = 200_000;
const SUMMARY_LEN = 140;

export async function ensureContentDefaults(ctx: AppContext): Promise<void> {
  for (const c of DEFAULT_CATEGORIES) await repo.insertCategoryIfMissing(ctx.db, c);
}

// ---- reader views -------------------------------------------------------------------------

type Row = NonNullable<Awaited<ReturnType<typeof repo.getVisible>>>;
type Translation = Awaited<ReturnType<typeof repo.translationsFor>>[number];

const CATEGORY_KEY = new Map<number, string>(Object.entries(CONTENT_CATEGORY).map(([k, v]) => [v, k]));

/** The version to show: the caller's language, else English, else the first in picker order. */
export function pickTranslation(list: Translation[], lang: Lang): Translation | undefined {
  return (
    list.find((t) => t.lang === lang) ??
    list.find((t) => t.lang === 'en') ??
    [...list].sort((a, b) => LANGS.indexOf(a.lang as Lang) - LANGS.indexOf(b.lang as Lang))[0]
  );
}

/** The first SUMMARY_LEN characters (whole code points), with an ellipsis when cut. */
function excerpt(text: string): string {
  const chars = Array.from(text);
  return chars.length <= SUMMARY_LEN ? text : `${chars.slice(0, SUMMARY_LEN).join('').trimEnd()}…`;
}

function itemView(row: Row, t: Translation) {
  const at = row.publish_at ?? row.created_at;
  return {
    id: row.id,
    c_id: row.category_id,
    category: CATEGORY_KEY.get(row.category_id) ?? String(row.category_id),
    title: t.title,
    summary: t.summary || excerpt(toPlainText(t.body)),
    cover: row.cover,
    link: row.link_url,
    /** Milliseconds since the epoch (publication time, else creation). */
    time: at.getTime(),
    /** The language actually served (may be `en` when the caller's has no version). */
    lang: t.lang,
    is_popup: row.is_popup,
    is_demo: row.is_demo,
  };
}

export type ContentItemView = ReturnType<typeof itemView>;

async function withTranslations(ctx: AppContext, rows: Row[], lang: Lang, full: boolean) {
  const translations = await repo.translationsFor(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byItem = new Map<number, Translation[]>();
  for (const t of translations) byItem.set(t.item_id, [...(byItem.get(t.item_id) ?? []), t]);
  const out: Array<ContentItemView & { body?: string }> = [];
  for (const row of rows) {
    const t = pickTranslation(byItem.get(row.id) ?? [], lang);
    if (!t) continue;
    out.push(full ? { ...itemView(row, t), body: t.body } : itemView(row, t));
  }
  return out;
}

export async function listNews(
  ctx: AppContext,
  input: { cId: number; page: number; limit: number; lang: Lang; withBody?: boolean },
) {
  const category = await repo.getCategory(ctx.db, input.cId);
  if (!category || category.status !== 1) throw new AppError('content_category_not_found');
  const { items, total } = await repo.listVisible(
    ctx.db,
    input.cId,
    ctx.clock.now(),
    input.page,
    input.limit,
  );
  const list = await withTranslations(ctx, items, input.lang, input.withBody ?? false);
  return {
    list,
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
  };
}

export async function newsDetail(ctx: AppContext, id: number, lang: Lang, cId?: number) {
  const row = await repo.getVisible(ctx.db, id, ctx.clock.now());
  if (!row || (cId !== undefined && row.category_id !== cId)) throw new AppError('content_not_found');
  const [view] = await withTranslations(ctx, [row], lang, true);
  if (!view) throw new AppError('content_not_found');
  return view;
}

/** The newest published popup notice (spec §7 `/news/index_pop`), or null. */
export async function popupNotice(ctx: AppContext, lang: Lang) {
  const row = await repo.latestPopup(ctx.db, ctx.clock.now());
  if (!row) return null;
  const [view] = await withTranslations(ctx, [row], lang, true);
  return view ?? null;
}

// ---- console ------------------------------------------------------------------------------

export interface TranslationInput {
  lang: string;
  title: string;
  summary?: string;
  body?: string;
}

export interface ItemInput {
  category_id: number;
  status: 'draft' | 'published' | 'hidden';
  publish_at: string | null;
  cover: string;
  link_url: string;
  sort: number;
  is_popup: boolean;
  translations: TranslationInput[];
}

function invalid(field: string) {
  return new AppError('field_invalid', { field });
}

/** Validates and cleans an item: known category, English title, safe URLs, sanitised bodies. */
async function cleanItem(ctx: AppContext, input: ItemInput) {
  const category = await repo.getCategory(ctx.db, input.category_id);
  if (!category) throw new AppError('content_category_not_found');
  const seen = new Set<string>();
  const translations: repo.TranslationFields[] = [];
  for (const t of input.translations) {
    if (!isLang(t.lang) || seen.has(t.lang)) throw invalid('lang');
    const title = toPlainText(t.title).slice(0, 200);
    const body = sanitizeHtml(t.body ?? '');
    // A language left completely empty in the editor is simply not stored.
    if (!title && !toPlainText(body)) continue;
    if (!title) throw new AppError('field_required', { field: 'title' });
    seen.add(t.lang);
    translations.push({ lang: t.lang, title, summary: toPlainText(t.summary ?? '').slice(0, 500), body });
  }
  if (!seen.has('en')) throw new AppError('content_translation_required');
  const cover = input.cover.trim() ? safeUrl(input.cover.trim(), 'image') : '';
  if (cover === null) throw invalid('cover');
  const link = input.link_url.trim() ? safeUrl(input.link_url.trim(), 'link') : '';
  if (link === null) throw invalid('link_url');
  let publishAt: Date | null = null;
  if (input.publish_at) {
    publishAt = new Date(input.publish_at);
    if (Number.isNaN(publishAt.getTime())) throw invalid('publish_at');
  }
  const fields: repo.ItemFields = {
    category_id: input.category_id,
    status: input.status,
    publish_at: publishAt,
    cover,
    link_url: link,
    sort: input.sort,
    is_popup: input.is_popup,
  };
  return { fields, translations };
}

function adminItemView(
  item: NonNullable<Awaited<ReturnType<typeof repo.getItem>>>,
  translations: Translation[],
  now: Date,
) {
  const due = item.publish_at === null || item.publish_at.getTime() <= now.getTime();
  // The column's check constraint allows only these.
  const status = item.status as ContentItemStatus;
  /** What readers see now: live, scheduled (published, not yet due), or not shown. */
  const state: ContentItemState = status === 'published' ? (due ? 'live' : 'scheduled') : status;
  return {
    id: item.id,
    category_id: item.category_id,
    status,
    state,
    publish_at: item.publish_at?.toISOString() ?? null,
    cover: item.cover,
    link_url: item.link_url,
    sort: item.sort,
    is_popup: item.is_popup,
    is_demo: item.is_demo,
    created_at: item.created_at.toISOString(),
    updated_at: item.updated_at.toISOString(),
    translations: [...translations]
      .sort((a, b) => LANGS.indexOf(a.lang as Lang) - LANGS.indexOf(b.lang as Lang))
      .map((t) => ({ lang: t.lang, title: t.title, summary: t.summary, body: t.body })),
  };
}

export async function adminListItems(
  ctx: AppContext,
  f: { categoryId?: number; status?: string; q?: string; page: number; limit: number },
) {
  const { items, total } = await repo.listItemsAdmin(ctx.db, f);
  const translations = await repo.translationsFor(
    ctx.db,
    items.map((i) => i.id),
  );
  const now = ctx.clock.now();
  return {
    items: items.map((i) => {
      const view = adminItemView(
        i,
        translations.filter((t) => t.item_id === i.id),
        now,
      );
      const { translations: list, ...rest } = view;
      return {
        ...rest,
        title:
          pickTranslation(
            translations.filter((t) => t.item_id === i.id),
            'en',
          )?.title ?? '',
        langs: list.map((t) => t.lang),
      };
    }),
    total,
  };
}

export async function adminGetItem(ctx: AppContext, id: number) {
  const item = await repo.getItem(ctx.db, id);
  if (!item) throw new AppError('content_not_found');
  return adminItemView(item, await repo.translationsFor(ctx.db, [id]), ctx.clock.now());
}

export async function adminCreateItem(ctx: AppContext, op: Operator, input: ItemInput, ip: string | null) {
  const { fields, translations } = await cleanItem(ctx, input);
  const at = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertItem(trx, { ...fields, created_by: op.id }, at);
    if (!row) throw new AppError('internal');
    await repo.replaceTranslations(trx, row.id, translations, at);
    return row.id;
  });
  const view = await adminGetItem(ctx, id);
  await audit(ctx, op.id, 'content.create', `content:${id}`, undefined, view, ip);
  return view;
}

export async function adminUpdateItem(
  ctx: AppContext,
  op: Operator,
  id: number,
  input: ItemInput,
  ip: string | null,
) {
  const before = await adminGetItem(ctx, id);
  const { fields, translations } = await cleanItem(ctx, input);
  const at = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateItem(trx, id, fields, at);
    await repo.replaceTranslations(trx, id, translations, at);
  });
  const after = await adminGetItem(ctx, id);
  await audit(ctx, op.id, 'content.update', `content:${id}`, before, after, ip);
  return after;
}

export async function adminDeleteItem(ctx: AppContext, op: Operator, id: number, ip: string | null) {
  const before = await adminGetItem(ctx, id);
  await repo.deleteItem(ctx.db, id);
  await audit(ctx, op.id, 'content.delete', `content:${id}`, before, undefined, ip);
  return { id };
}

export async function adminCategories(ctx: AppContext) {
  const [rows, counts] = await Promise.all([repo.listCategories(ctx.db), repo.countItemsPerCategory(ctx.db)]);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    kind: r.kind as ContentKind,
    sort: r.sort,
    status: r.status,
    names: r.names as Record<string, string>,
    items: counts.get(r.id) ?? 0,
  }));
}

export async function adminUpdateCategory(
  ctx: AppContext,
  op: Operator,
  id: number,
  patch: { names?: Record<string, string>; sort?: number; status?: number },
  ip: string | null,
) {
  const before = await repo.getCategory(ctx.db, id);
  if (!before) throw new AppError('content_category_not_found');
  let names: Record<string, string> | undefined;
  if (patch.names) {
    names = { ...(before.names as Record<string, string>) };
    for (const [lang, name] of Object.entries(patch.names)) {
      if (!isLang(lang)) throw invalid('lang');
      const clean = toPlainText(name).slice(0, 60);
      if (clean) names[lang] = clean;
    }
  }
  const after = await repo.updateCategory(ctx.db, id, { names, sort: patch.sort, status: patch.status });
  if (!after) throw new AppError('content_category_not_found');
  await audit(ctx, op.id, 'content.category.update', `content_category:${id}`, before, after, ip);
  return {
    ...after,
    kind: after.kind as ContentKind,
    names: after.names as Record<string, string>,
    created_at: after.created_at.toISOString(),
  };
}

/** Public list of categories with names in the caller's language. */
export async function categories(ctx: AppContext, lang: Lang) {
  const rows = await repo.listCategories(ctx.db);
  return rows
    .filter((r) => r.status === 1)
    .map((r) => {
      const names = r.names as Partial<Record<Lang, string>>;
      return { id: r.id, key: r.key, kind: r.kind as ContentKind, name: names[lang] ?? names.en ?? r.key };
    });
}

// ---- messages -----------------------------------------------------------------------------

export async function inbox(ctx: AppContext, userId: number, page: number, limit: number) {
  const { items, total, unread } = await repo.listInbox(ctx.db, userId, page, limit);
  return {
    list: items.map((m) => ({
      id: String(m.id),
      title: m.title,
      content: m.body,
      broadcast: m.user_id === null,
      time: m.created_at.getTime(),
      read: m.read_at !== null,
      read_at: m.read_at?.getTime() ?? null,
    })),
    total,
    unread,
    page,
    limit,
    has_more: page * limit < total,
  };
}

/** Marks one of the caller's messages read (spec §7 `/Mining/messagestatus {id}`); idempotent. */
export async function markMessageRead(ctx: AppContext, userId: number, id: string) {
  const found = await repo.findInboxMessage(ctx.db, userId, id);
  if (!found) throw new AppError('message_not_found');
  if (found.read_at === null) await repo.markRead(ctx.db, userId, id, ctx.clock.now());
  return { id, read: true, unread: await repo.unreadCount(ctx.db, userId) };
}

export async function markAllMessagesRead(ctx: AppContext, userId: number) {
  await repo.markAllRead(ctx.db, userId, ctx.clock.now());
  return { unread: await repo.unreadCount(ctx.db, userId) };
}

export async function unreadMessages(ctx: AppContext, userId: number) {
  return { unread: await repo.unreadCount(ctx.db, userId) };
}

/** An operator message to one user (user_id) or to everybody (null). Plain text. */
export async function sendMessage(
  ctx: AppContext,
  op: Operator | null,
  input: { user_id: number | null; title: string; body: string },
  ip: string | null,
) {
  if (input.user_id !== null && !(await repo.userExists(ctx.db, input.user_id)))
    throw new AppError('message_user_not_found');
  const title = input.title.trim();
  const body = input.body.trim();
  const row = await repo.insertMessage(
    ctx.db,
    { user_id: input.user_id, title, body, created_by: op?.id ?? null },
    ctx.clock.now(),
  );
  const view = {
    id: String(row.id),
    user_id: row.user_id,
    title,
    body,
    created_at: row.created_at.toISOString(),
  };
  if (op)
    await audit(
      ctx,
      op.id,
      input.user_id === null ? 'message.broadcast' : 'message.send',
      input.user_id === null ? 'users:all' : `user:${input.user_id}`,
      undefined,
      view,
      ip,
    );
  if (input.user_id !== null)
    ctx.realtime.publish(channels.user(input.user_id), 'message', { id: view.id, title });
  return view;
}

export async function adminListMessages(ctx: AppContext, page: number, limit: number) {
  const { items, total } = await repo.listMessagesAdmin(ctx.db, page, limit);
  return {
    items: items.map((m) => ({
      id: String(m.id),
      user_id: m.user_id,
      user: m.user_id === null ? null : (m.user_email ?? m.user_mobile ?? `#${m.user_id}`),
      title: m.title,
      body: m.body,
      operator: m.operator_username,
      reads: Number(m.reads ?? 0),
      created_at: m.created_at.toISOString(),
    })),
    total,
  };
}
