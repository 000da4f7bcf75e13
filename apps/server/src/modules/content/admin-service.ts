/** The console's side of content: items in every language, categories. Bodies are sanitised when saved. */
import { LANGS, isLang, type ContentItemState, type ContentItemStatus, type ContentKind, type Lang, type contentItemBodySchema } from '@bourse/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import * as repo from './repo';
import { safeUrl, sanitizeHtml, toPlainText } from './sanitize';
import { pickTranslation, type Translation } from './service';

/** An item as the editor sends it (POST /admin/content/items), without the caller's language. */
export type ItemInput = Omit<z.infer<typeof contentItemBodySchema>, 'lang'>;
export type TranslationInput = ItemInput['translations'][number];

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
