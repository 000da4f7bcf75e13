/**
 * Content as readers see it (the news calls of docs/product/api.md, the content pages of
 * docs/product/screens.md). Readers only ever see items that are published and due (`publish_at`
 * empty or reached on ctx.clock), in their language with English as the fallback. Rich text is
 * sanitised when it is saved (admin-service.ts), so what is stored is what is served. User
 * messages: messages.ts.
 */
import { CONTENT_CATEGORY, LANGS, type ContentKind, type Lang } from '@bourse/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { DEFAULT_CATEGORIES } from './categories';
import * as repo from './repo';
import { toPlainText } from './sanitize';

const SUMMARY_LEN = 140;

export async function ensureContentDefaults(ctx: AppContext): Promise<void> {
  for (const c of DEFAULT_CATEGORIES) await repo.insertCategoryIfMissing(ctx.db, c);
}

// ---- reader views -------------------------------------------------------------------------

type Row = NonNullable<Awaited<ReturnType<typeof repo.getVisible>>>;
export type Translation = Awaited<ReturnType<typeof repo.translationsFor>>[number];

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

/** The newest published popup notice (`/news/index_pop`), or null. */
export async function popupNotice(ctx: AppContext, lang: Lang) {
  const row = await repo.latestPopup(ctx.db, ctx.clock.now());
  if (!row) return null;
  const [view] = await withTranslations(ctx, [row], lang, true);
  return view ?? null;
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
