/** Demo content on a real database: seeded once, English and Chinese, marked demo, fallback for the rest. */
import { CONTENT_CATEGORY } from '@bourse/contract';
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
  it('is seeded idempotently, marked demo, in English and Chinese with English fallback', async () => {
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
      expect(th.list.map((i) => i.title)).toEqual(en.list.map((i) => i.title));
    }
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
