/** Demo content on a real database: seeded once, in all 11 languages, marked demo. */
import { CONTENT_CATEGORY, LANGS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testContext, type TestDb } from '../../../test/helpers';
import { ensurePlatformDefaults } from '../platform';
import { seedDemoContent } from './demo';
import { ensureContentDefaults, listNews, newsDetail, popupNotice } from './service';

let t: TestDb;
let ctx: ReturnType<typeof testContext>;

beforeAll(async () => {
  t = await openTestDb();
  ctx = testContext(t.db);
  await ensurePlatformDefaults(ctx);
  await ensureContentDefaults(ctx);
  await ensureContentDefaults(ctx);
});
afterAll(async () => t.close());

describe('demo content', () => {
  it('is seeded idempotently, marked demo, in every language', async () => {
    await seedDemoContent(ctx);
    await seedDemoContent(ctx);
    const count = await t.db
      .selectFrom('content_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const demo = await t.db.selectFrom('content_items').select('id').where('is_demo', '=', true).execute();
    expect(Number(count.n)).toBe(demo.length);
    expect(demo.length).toBeGreaterThanOrEqual(10);

    for (const key of ['announcement', 'faq', 'about', 'terms', 'privacy', 'banner'] as const) {
      const en = await listNews(ctx, { cId: CONTENT_CATEGORY[key], page: 1, limit: 10, lang: 'en' });
      const zh = await listNews(ctx, { cId: CONTENT_CATEGORY[key], page: 1, limit: 10, lang: 'zh' });
      const th = await listNews(ctx, { cId: CONTENT_CATEGORY[key], page: 1, limit: 10, lang: 'th' });
      expect(en.total, key).toBeGreaterThan(0);
      expect(zh.list.every((i) => i.lang === 'zh' && i.is_demo)).toBe(true);
      // Thai readers get Thai, not the English fallback (issue 20).
      expect(th.list.length).toBe(en.list.length);
      expect(th.list.every((i) => i.lang === 'th' && /[\u0e00-\u0e7f]/.test(i.title))).toBe(true);
    }
    // Every demo item has a translation in each of the 11 languages.
    const perItem = await t.db
      .selectFrom('content_translations as t')
      .innerJoin('content_items as i', 'i.id', 't.item_id')
      .where('i.is_demo', '=', true)
      .select(['t.item_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('t.item_id')
      .execute();
    expect(perItem.length).toBe(demo.length);
    expect(perItem.every((r) => Number(r.n) === LANGS.length)).toBe(true);
    const jpAbout = (await listNews(ctx, { cId: CONTENT_CATEGORY.about, page: 1, limit: 1, lang: 'jp' }))
      .list[0]!;
    expect(jpAbout.lang).toBe('jp');
    expect((await newsDetail(ctx, jpAbout.id, 'jp')).body).toContain('デモコンテンツ');
    const about = (await listNews(ctx, { cId: CONTENT_CATEGORY.about, page: 1, limit: 1, lang: 'en' }))
      .list[0]!;
    expect((await newsDetail(ctx, about.id, 'en')).body).toContain('Demo content');
    expect(await popupNotice(ctx, 'zh')).toBeNull();

    const partners = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'partners')
      .executeTakeFirstOrThrow();
    expect((partners.value as Array<{ name: string }>).every((p) => p.name.startsWith('Demo'))).toBe(true);
  });

  it('adds languages missing from items seeded before, but not to items an operator rewrote', async () => {
    const byKey = async (key: string) =>
      t.db
        .selectFrom('content_items')
        .select('id')
        .where('seed_key', '=', `demo:${key}`)
        .executeTakeFirstOrThrow();
    const terms = await byKey('terms');
    const privacy = await byKey('privacy');
    // As a database seeded before these languages existed: English and Chinese only.
    await t.db
      .deleteFrom('content_translations')
      .where('item_id', 'in', [terms.id, privacy.id])
      .where('lang', 'not in', ['en', 'zh'])
      .execute();
    // An operator rewrote the privacy policy's English.
    await t.db
      .updateTable('content_translations')
      .set({ title: 'Our privacy policy' })
      .where('item_id', '=', privacy.id)
      .where('lang', '=', 'en')
      .execute();
    await seedDemoContent(ctx);
    const langsOf = async (id: number) =>
      (await t.db.selectFrom('content_translations').select('lang').where('item_id', '=', id).execute())
        .map((r) => r.lang)
        .sort();
    expect(await langsOf(terms.id)).toEqual([...LANGS].sort());
    expect(await langsOf(privacy.id)).toEqual(['en', 'zh']);
  });

  it('does not bring back demo partners an operator removed', async () => {
    await t.db
      .updateTable('settings')
      .set({ value: JSON.stringify([]) })
      .where('key', '=', 'partners')
      .execute();
    await seedDemoContent(ctx);
    const partners = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'partners')
      .executeTakeFirstOrThrow();
    expect(partners.value).toEqual([]);
  });
});
