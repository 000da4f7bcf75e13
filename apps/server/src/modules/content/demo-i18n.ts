/**
 * DEMO CONTENT in the languages besides English and Chinese (demo.ts holds those two): the same
 * items, keyed by their seed key, so a Japanese or Thai visitor of the demo reads banners,
 * announcements, the FAQ and the content pages in their language instead of the English fallback
 * (issue 20). Like the rest of the demo content, every page-like item ends with the note that it
 * is demo text.
 *
 * `addDemoTranslations` adds these to the demo items, also on a database seeded before they
 * existed, but only where the language is missing and the item's English title is still the one
 * seeded (an item an operator rewrote is left alone).
 */
import { CONTENT_CATEGORY as C } from '@bourse/contract';
import type { AppContext } from '../../context';
import { sanitizeHtml } from './sanitize';
import texts from './demo-i18n.json' with { type: 'json' };

export const DEMO_EXTRA_LANGS = ['hk', 'th', 'jp', 'kor', 'fra', 'spa', 'de', 'vn', 'py'] as const;
export type DemoExtraLang = (typeof DEMO_EXTRA_LANGS)[number];

/** One item in one language. */
interface DemoText {
  title: string;
  body: string;
}

// The texts are data (demo-i18n.json): the "this is demo content" note at the end of page-like
// items, and each item's title and body per language, keyed by its seed key. Typed here, so a
// language missing from an item fails the type check.
const data: { note: Record<DemoExtraLang, string>; items: Record<string, Record<DemoExtraLang, DemoText>> } = texts;

/** The "this is demo content" note at the end of page-like items. */
export const DEMO_NOTE = data.note;
export const DEMO_TRANSLATIONS = data.items;

/**
 * Adds the translations of demo-i18n.json to the seeded demo items that lack them. `items` are the demo
 * items (seed key, category, English title as seeded); an item whose English title an operator
 * changed, or that is no longer marked demo, is skipped.
 */
export async function addDemoTranslations(
  ctx: AppContext,
  items: Array<{ key: string; category: number; enTitle: string }>,
  at: Date,
): Promise<void> {
  for (const item of items) {
    const itemTexts = DEMO_TRANSLATIONS[item.key];
    if (!itemTexts) continue;
    const row = await ctx.db
      .selectFrom('content_items as i')
      .innerJoin('content_translations as t', (j) =>
        j.onRef('t.item_id', '=', 'i.id').on('t.lang', '=', 'en'),
      )
      .select(['i.id', 't.title'])
      .where('i.seed_key', '=', `demo:${item.key}`)
      .where('i.is_demo', '=', true)
      .executeTakeFirst();
    if (!row || row.title !== item.enTitle) continue;
    const pageLike = item.category !== C.banner && item.category !== C.faq;
    await ctx.db
      .insertInto('content_translations')
      .values(
        DEMO_EXTRA_LANGS.map((lang) => ({
          item_id: row.id,
          lang,
          title: itemTexts[lang].title,
          summary: '',
          body: sanitizeHtml(itemTexts[lang].body + (pageLike ? DEMO_NOTE[lang] : '')),
          updated_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['item_id', 'lang']).doNothing())
      .execute();
  }
}
