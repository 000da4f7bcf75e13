/**
 * Demo data in the visitor's language (issue 20: Japanese and Thai showed English banners,
 * announcements, FAQ and product names): through the API a Japanese or Thai reader gets their own
 * text, and a database seeded before the languages existed gets them on the next start.
 */
import { CONTENT_CATEGORY, LANGS } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSavingsDemo } from '../src/modules/savings';
import { testApp } from './helpers';

let h: Awaited<ReturnType<typeof testApp>>;

async function get<T>(url: string): Promise<T> {
  const res = await h.app.inject({ method: 'GET', url });
  return res.json<{ message: T }>().message;
}
async function post<T>(url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await h.app.inject({ method: 'POST', url, payload });
  return res.json<{ message: T }>().message;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const THAI = /[\u0e00-\u0e7f]/;

beforeAll(async () => {
  h = await testApp();
});
afterAll(async () => h.close());

describe('demo content per language', () => {
  it('banners, announcements and FAQ come in Japanese and Thai', async () => {
    for (const [lang, script] of [
      ['jp', JAPANESE],
      ['th', THAI],
    ] as const) {
      for (const cId of [CONTENT_CATEGORY.banner, CONTENT_CATEGORY.announcement, CONTENT_CATEGORY.faq]) {
        const list = await post<{ list: Array<{ title: string; lang: string }> }>('/api/news/list', {
          c_id: cId,
          lang,
        });
        expect(list.list.length, `${lang} ${cId}`).toBeGreaterThan(0);
        for (const item of list.list) {
          expect(item.lang, item.title).toBe(lang);
          expect(item.title, item.title).toMatch(script);
        }
      }
    }
  });

  it('savings product names come in every language', async () => {
    for (const [lang, script] of [
      ['jp', JAPANESE],
      ['th', THAI],
    ] as const) {
      const products = await get<Array<{ name: string }>>(`/api/lh/deposit/config?lang=${lang}`);
      expect(products.length).toBeGreaterThanOrEqual(4);
      for (const p of products) expect(p.name).toMatch(script);
    }
    const rows = await h.ctx.db
      .selectFrom('savings_products')
      .select(['names'])
      .where('is_demo', '=', true)
      .execute();
    for (const r of rows) {
      const names = (typeof r.names === 'string' ? JSON.parse(r.names) : r.names) as Record<string, string>;
      expect(Object.keys(names).sort()).toEqual([...LANGS].sort());
    }
  });

  it('names seeded with three languages get the rest, unless an operator renamed the product', async () => {
    const old = { en: 'USDT savings 7 days (demo)', zh: 'USDT 7天储蓄（演示）', hk: 'USDT 7天儲蓄（演示）' };
    const renamed = { en: 'Our 30-day lock', zh: '30天锁仓', hk: '30天鎖倉' };
    await h.ctx.db
      .updateTable('savings_products')
      .set({ names: JSON.stringify(old) })
      .where('seed_key', '=', 'demo:savings:savings')
      .execute();
    await h.ctx.db
      .updateTable('savings_products')
      .set({ names: JSON.stringify(renamed) })
      .where('seed_key', '=', 'demo:savings:lock')
      .execute();
    await seedSavingsDemo(h.ctx);
    const namesOf = async (key: string) => {
      const r = await h.ctx.db
        .selectFrom('savings_products')
        .select('names')
        .where('seed_key', '=', key)
        .executeTakeFirstOrThrow();
      return (typeof r.names === 'string' ? JSON.parse(r.names) : r.names) as Record<string, string>;
    };
    const savings = await namesOf('demo:savings:savings');
    expect(Object.keys(savings).sort()).toEqual([...LANGS].sort());
    expect(savings.jp).toBe('USDT 7日間積立（デモ）');
    expect(await namesOf('demo:savings:lock')).toEqual(renamed);
  });
});
