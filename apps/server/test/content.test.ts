/**
 * Content and messages through the real app: console publishing per language, English fallback,
 * scheduling on the manual clock, sanitising on save, popup notice, the newer-API aliases, the
 * inbox with unread counts and owner-only mark-read, operator roles and the audit trail.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_CATEGORY } from '@bourse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginToken, testAppWithFiles } from './helpers';
import { multipart, operatorToken } from './identity-helpers';

let h: Awaited<ReturnType<typeof testAppWithFiles>>;
let admin: string;

type Body = { type: string | number; message: unknown; error?: string };

beforeAll(async () => {
  h = await testAppWithFiles('content-test-', { demoData: false });
  admin = await operatorToken(h, { ip: '10.9.0.1' });
});
afterAll(() => h.close());

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload: Record<string, unknown> = {},
  token?: string,
): Promise<Body> {
  const headers = token ? { authorization: token } : {};
  const res =
    method === 'GET'
      ? await h.app.inject({
          method,
          url,
          query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
          headers,
        })
      : await h.app.inject({ method, url, payload, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Body>();
}

interface AdminItem {
  id: number;
  state: string;
  translations: Array<{ lang: string; title: string; body: string }>;
}
interface ListView {
  list: Array<{ id: number; title: string; lang: string; summary: string; time: number; c_id: number }>;
  total: number;
  has_more: boolean;
}

async function createItem(body: Record<string, unknown>, token = admin) {
  return call(
    'POST',
    '/api/admin/content/items',
    { status: 'published', publish_at: null, cover: '', link_url: '', sort: 0, is_popup: false, ...body },
    token,
  );
}

describe('content: publishing and reading', () => {
  it('publishes an article per language and serves it in the reader language with English fallback', async () => {
    const created = await createItem({
      category_id: CONTENT_CATEGORY.news,
      translations: [
        { lang: 'en', title: 'Fees lowered', summary: '', body: '<p>Trading fees are <b>lower</b>.</p>' },
        { lang: 'zh', title: '手续费下调', summary: '', body: '<p>交易手续费<b>下调</b>。</p>' },
        { lang: 'de', title: '', summary: '', body: '' },
      ],
    });
    expect(created.type).toBe('ok');
    const item = created.message as AdminItem;
    expect(item.state).toBe('live');
    expect(item.translations.map((t) => t.lang)).toEqual(['en', 'zh']); // the empty German version is not stored

    const en = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.news, lang: 'en' }))
      .message as ListView;
    const zh = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.news, lang: 'zh' }))
      .message as ListView;
    const de = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.news, lang: 'de' }))
      .message as ListView;
    expect(en.list[0]).toMatchObject({
      id: item.id,
      title: 'Fees lowered',
      lang: 'en',
      summary: 'Trading fees are lower.',
    });
    expect(zh.list[0]).toMatchObject({ id: item.id, title: '手续费下调', lang: 'zh' });
    expect(de.list[0]).toMatchObject({ id: item.id, title: 'Fees lowered', lang: 'en' });
    expect(en.list[0]!.time).toBe(h.clock.now().getTime());

    const detail = (await call('POST', '/api/news/detail', { id: item.id, lang: 'zh' })).message as {
      body: string;
      title: string;
    };
    expect(detail).toMatchObject({ title: '手续费下调', body: '<p>交易手续费<b>下调</b>。</p>' });
    // `type` names the expected category: another one is not found.
    const wrong = await call('POST', '/api/news/detail', { id: item.id, type: CONTENT_CATEGORY.faq });
    expect(wrong).toMatchObject({ type: 'error', error: 'content_not_found' });
  });

  it('requires an English title and a known category', async () => {
    const noEn = await createItem({
      category_id: CONTENT_CATEGORY.news,
      translations: [{ lang: 'zh', title: '仅中文', body: '' }],
    });
    expect(noEn).toMatchObject({ type: 'error', error: 'content_translation_required' });
    const badCat = await createItem({ category_id: 999, translations: [{ lang: 'en', title: 'x' }] });
    expect(badCat).toMatchObject({ type: 'error', error: 'content_category_not_found' });
    const badCover = await createItem({
      category_id: CONTENT_CATEGORY.news,
      cover: 'javascript:alert(1)',
      translations: [{ lang: 'en', title: 'x' }],
    });
    expect(badCover).toMatchObject({ type: 'error', error: 'field_invalid' });
    const list = await call('POST', '/api/news/list', { c_id: 999 });
    expect(list).toMatchObject({ type: 'error', error: 'content_category_not_found' });
    const missing = await call('POST', '/api/news/list', { lang: 'zh' });
    expect(missing).toMatchObject({ type: 'error', error: 'field_required', message: '分类不能为空' });
  });

  it('sanitises rich text on save: a stored-XSS attempt never reaches a reader', async () => {
    const evil =
      '<p onclick="alert(1)">Hello</p><script>alert(document.cookie)</script><img src=x onerror=alert(1)>' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg>';
    const created = (
      await createItem({
        category_id: CONTENT_CATEGORY.knowledge,
        translations: [{ lang: 'en', title: '<b>XSS</b> test', body: evil }],
      })
    ).message as AdminItem;
    const stored = created.translations[0]!;
    expect(stored.title).toBe('XSS test');
    expect(stored.body).toBe('<p>Hello</p><img src="x" loading="lazy"><a>click</a>');
    const detail = (await call('POST', '/api/news/detail', { id: created.id })).message as { body: string };
    expect(detail.body).toBe(stored.body);
    expect(detail.body).not.toMatch(/script|onerror|onclick|javascript:|iframe|onload/i);

    const preview = (await call('POST', '/api/admin/content/preview', { body: evil }, admin)).message as {
      body: string;
    };
    expect(preview.body).toBe(stored.body);
  });

  it('keeps drafts, hidden and scheduled items away from readers until due (manual clock)', async () => {
    const at = new Date(h.clock.now().getTime() + 3600_000).toISOString();
    const scheduled = (
      await createItem({
        category_id: CONTENT_CATEGORY.events,
        publish_at: at,
        translations: [{ lang: 'en', title: 'Later' }],
      })
    ).message as AdminItem;
    expect(scheduled.state).toBe('scheduled');
    const draft = (
      await createItem({
        category_id: CONTENT_CATEGORY.events,
        status: 'draft',
        translations: [{ lang: 'en', title: 'Draft' }],
      })
    ).message as AdminItem;
    expect(draft.state).toBe('draft');

    const before = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.events }))
      .message as ListView;
    expect(before.total).toBe(0);
    expect(await call('POST', '/api/news/detail', { id: scheduled.id })).toMatchObject({
      error: 'content_not_found',
    });
    expect(await call('POST', '/api/news/detail', { id: draft.id })).toMatchObject({
      error: 'content_not_found',
    });

    h.clock.advance(3600_000);
    const after = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.events }))
      .message as ListView;
    expect(after.list.map((i) => i.title)).toEqual(['Later']);

    // Hiding takes it away again; the console still has it.
    const hidden = await call(
      'POST',
      `/api/admin/content/items/${scheduled.id}`,
      {
        category_id: CONTENT_CATEGORY.events,
        status: 'hidden',
        publish_at: at,
        cover: '',
        link_url: '',
        sort: 0,
        is_popup: false,
        translations: [{ lang: 'en', title: 'Later' }],
      },
      admin,
    );
    expect((hidden.message as AdminItem).state).toBe('hidden');
    expect(
      ((await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.events })).message as ListView).total,
    ).toBe(0);
  });

  it('paginates with has_more and the newer-API alias', async () => {
    for (let i = 1; i <= 12; i++) {
      h.clock.advance(1000);
      await createItem({
        category_id: CONTENT_CATEGORY.announcement,
        translations: [{ lang: 'en', title: `Notice ${i}` }],
      });
    }
    const p1 = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.announcement, page: 1 }))
      .message as ListView;
    expect(p1.list).toHaveLength(10);
    expect(p1.list[0]!.title).toBe('Notice 12');
    expect(p1).toMatchObject({ total: 12, has_more: true });
    const p2 = (await call('POST', '/api/news/list', { c_id: CONTENT_CATEGORY.announcement, page: 2 }))
      .message as ListView;
    expect(p2.list.map((i) => i.title)).toEqual(['Notice 2', 'Notice 1']);
    expect(p2.has_more).toBe(false);
    const alias = (await call('GET', '/api/index/getNewsList', { page: 2, page_size: 5 }))
      .message as ListView;
    expect(alias.list.map((i) => i.title)).toEqual([
      'Notice 7',
      'Notice 6',
      'Notice 5',
      'Notice 4',
      'Notice 3',
    ]);
  });

  it('serves the newest published popup notice (and its alias), in the reader language', async () => {
    expect((await call('GET', '/api/news/index_pop')).message).toBeNull();
    const first = (
      await createItem({
        category_id: CONTENT_CATEGORY.announcement,
        is_popup: true,
        translations: [{ lang: 'en', title: 'Pop 1' }],
      })
    ).message as AdminItem;
    h.clock.advance(1000);
    const second = (
      await createItem({
        category_id: CONTENT_CATEGORY.announcement,
        is_popup: true,
        translations: [
          { lang: 'en', title: 'Pop 2', body: '<p>Body</p>' },
          { lang: 'jp', title: 'ポップ 2', body: '<p>本文</p>' },
        ],
      })
    ).message as AdminItem;
    expect(first.id).toBeLessThan(second.id);
    const pop = (await call('GET', '/api/news/index_pop', { lang: 'jp' })).message as {
      id: number;
      title: string;
      body: string;
    };
    expect(pop).toMatchObject({ id: second.id, title: 'ポップ 2', body: '<p>本文</p>' });
    const alias = (await call('GET', '/api/index/findNotice')).message as { id: number; title: string };
    expect(alias).toMatchObject({ id: second.id, title: 'Pop 2' });
    // Deleting it brings back the previous one.
    expect((await call('POST', `/api/admin/content/items/${second.id}/delete`, {}, admin)).type).toBe('ok');
    expect(((await call('GET', '/api/news/index_pop')).message as { id: number }).id).toBe(first.id);
  });

  it('lists categories and lets an admin rename one; reviewers cannot publish; changes are audited', async () => {
    const cats = (await call('GET', '/api/news/categories', { lang: 'zh' })).message as Array<{
      id: number;
      name: string;
    }>;
    expect(cats.find((c) => c.id === CONTENT_CATEGORY.faq)?.name).toBe('常见问题');
    expect(cats.map((c) => c.id)).toEqual(expect.arrayContaining([4, 5, 33, 35, 19, 36, 34]));

    const renamed = await call(
      'POST',
      `/api/admin/content/categories/${CONTENT_CATEGORY.faq}`,
      { names: { en: 'Help centre' } },
      admin,
    );
    expect(renamed.type).toBe('ok');
    const en = (await call('GET', '/api/news/categories')).message as Array<{ id: number; name: string }>;
    expect(en.find((c) => c.id === CONTENT_CATEGORY.faq)?.name).toBe('Help centre');

    expect(
      (
        await call(
          'POST',
          '/api/admin/operators',
          { username: 'rita', password: 'reviewer-pass-1', role: 'reviewer' },
          admin,
        )
      ).type,
    ).toBe('ok');
    const reviewer = await operatorToken(h, { username: 'rita', password: 'reviewer-pass-1', ip: '10.9.0.2' });
    const refused = await createItem(
      { category_id: CONTENT_CATEGORY.news, translations: [{ lang: 'en', title: 'x' }] },
      reviewer,
    );
    expect(refused).toMatchObject({ type: 'error', error: 'operator_forbidden' });
    expect(
      (await call('GET', '/api/admin/content/items', { category_id: CONTENT_CATEGORY.news }, reviewer)).type,
    ).toBe('ok');
    expect((await call('GET', '/api/admin/content/items', {})).type).toBe(999);

    const audit = (await call('GET', '/api/admin/audit', { limit: 100 }, admin)).message as {
      items: Array<{ action: string }>;
    };
    const actions = new Set(audit.items.map((a) => a.action));
    for (const a of ['content.create', 'content.update', 'content.delete', 'content.category.update'])
      expect(actions.has(a), a).toBe(true);
  });

  it('filters and searches items in the console', async () => {
    const res = (
      await call(
        'GET',
        '/api/admin/content/items',
        { q: 'notice 1', category_id: CONTENT_CATEGORY.announcement },
        admin,
      )
    ).message as {
      items: Array<{ title: string; langs: string[] }>;
      total: number;
    };
    expect(res.items.map((i) => i.title).sort()).toEqual(['Notice 1', 'Notice 10', 'Notice 11', 'Notice 12']);
    expect(res.items[0]!.langs).toEqual(['en']);
  });
});

describe('messages', () => {
  let alice: number;
  let bob: number;
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    alice = await createUser(h.ctx.db, 'alice-pass-1');
    bob = await createUser(h.ctx.db, 'bob-pass-12');
    const email = async (id: number) =>
      (await h.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow())
        .email!;
    aliceToken = await loginToken(h.app, await email(alice), 'alice-pass-1');
    bobToken = await loginToken(h.app, await email(bob), 'bob-pass-12');
  });

  interface Inbox {
    list: Array<{ id: string; title: string; content: string; read: boolean; broadcast: boolean }>;
    total: number;
    unread: number;
  }

  it('needs a session', async () => {
    expect((await call('POST', '/api/Mining/usermessage')).type).toBe(999);
    expect((await call('POST', '/api/Mining/messagestatus', { id: 1 })).type).toBe(999);
  });

  it('delivers a message to one user and a broadcast to all, with unread counts', async () => {
    const direct = await call(
      'POST',
      '/api/admin/messages',
      { user_id: alice, title: 'Your withdrawal', body: 'It was sent.' },
      admin,
    );
    expect(direct.type).toBe('ok');
    h.clock.advance(1000);
    expect(
      (await call('POST', '/api/admin/messages', { title: 'Maintenance', body: 'Tonight 02:00 UTC' }, admin))
        .type,
    ).toBe('ok');
    expect(
      await call('POST', '/api/admin/messages', { user_id: 987654, title: 'x', body: 'y' }, admin),
    ).toMatchObject({ error: 'message_user_not_found' });

    const a = (await call('POST', '/api/Mining/usermessage', {}, aliceToken)).message as Inbox;
    expect(a).toMatchObject({ total: 2, unread: 2 });
    expect(a.list.map((m) => [m.title, m.broadcast, m.read])).toEqual([
      ['Maintenance', true, false],
      ['Your withdrawal', false, false],
    ]);
    const b = (await call('POST', '/api/Mining/usermessage', {}, bobToken)).message as Inbox;
    expect(b).toMatchObject({ total: 1, unread: 1 });
    expect(b.list[0]!.title).toBe('Maintenance');
  });

  it("marks only the owner's messages read, idempotently, and per user for broadcasts", async () => {
    const a = (await call('POST', '/api/Mining/usermessage', {}, aliceToken)).message as Inbox;
    const directId = a.list.find((m) => !m.broadcast)!.id;
    const broadcastId = a.list.find((m) => m.broadcast)!.id;

    // Bob cannot touch Alice's message (and learns nothing about it).
    expect(await call('POST', '/api/Mining/messagestatus', { id: directId }, bobToken)).toMatchObject({
      type: 'error',
      error: 'message_not_found',
    });
    expect(await call('POST', '/api/Mining/messagestatus', { id: 'abc' }, bobToken)).toMatchObject({
      type: 'error',
      error: 'message_not_found',
    });

    const r1 = (await call('POST', '/api/Mining/messagestatus', { id: directId }, aliceToken)).message as {
      unread: number;
    };
    expect(r1.unread).toBe(1);
    const r2 = (await call('POST', '/api/Mining/messagestatus', { id: directId }, aliceToken)).message as {
      unread: number;
    };
    expect(r2.unread).toBe(1);

    // Alice reading the broadcast leaves Bob's copy unread.
    expect(
      (
        (await call('POST', '/api/Mining/messagestatus', { id: broadcastId }, aliceToken)).message as {
          unread: number;
        }
      ).unread,
    ).toBe(0);
    expect(
      ((await call('GET', '/api/Mining/message_unread', {}, bobToken)).message as { unread: number }).unread,
    ).toBe(1);
    expect(
      ((await call('POST', '/api/Mining/messagestatus_all', {}, bobToken)).message as { unread: number })
        .unread,
    ).toBe(0);

    const admins = (await call('GET', '/api/admin/messages', {}, admin)).message as {
      items: Array<{ title: string; reads: number; user: string | null }>;
    };
    expect(admins.items.find((m) => m.title === 'Maintenance')).toMatchObject({ reads: 2, user: null });
  });
});

describe('content images', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);

  it('stores an operator upload in the upload store as a public image and uses it as a cover', async () => {
    const m = multipart(png, 'cover.png');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/content/upload',
      payload: m.payload,
      headers: { ...m.headers, authorization: admin },
    });
    const body = res.json<Body>();
    expect(body.type).toBe('ok');
    const url = body.message as string;
    expect(url).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png$/);
    const id = url.slice('/api/file/'.length);
    const row = await h.ctx.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_public: true, user_id: null, mime: 'image/png' });
    expect(existsSync(join(h.dataDir, 'uploads', id))).toBe(true);

    const item = (
      await createItem({
        category_id: CONTENT_CATEGORY.banner,
        cover: url,
        translations: [{ lang: 'en', title: 'With cover' }],
      })
    ).message as { id: number; cover: string };
    expect(item.cover).toBe(url);
  });

  it('refuses non-images and callers without an operator session', async () => {
    const text = multipart(Buffer.from('<script>alert(1)</script>'), 'x.png');
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/admin/content/upload',
      payload: text.payload,
      headers: { ...text.headers, authorization: admin },
    });
    expect(bad.json<Body>()).toMatchObject({ type: 'error', error: 'upload_type_invalid' });
    const m = multipart(png, 'cover.png');
    const anon = await h.app.inject({
      method: 'POST',
      url: '/api/admin/content/upload',
      payload: m.payload,
      headers: m.headers,
    });
    expect(anon.json<Body>().type).toBe(999);
  });
});

describe('site settings', () => {
  it('lets an admin set name, support link, partners and media; the app reads them', async () => {
    const saved = await call(
      'POST',
      '/api/admin/site/settings',
      {
        site_name: 'Acme Exchange',
        site_logo: '/logo.svg',
        customer_service_url: 'https://chat.example.com/room/1',
        partners: [
          { name: 'Chain One', logo: 'https://cdn.example.com/c1.png', url: 'https://chain.example.com' },
          { name: '  ', logo: '', url: '' },
        ],
        media: [{ name: 'Daily Crypto', logo: '', url: '' }],
      },
      admin,
    );
    expect(saved.type).toBe('ok');
    const site = (await call('GET', '/api/getercSetting')).message as Record<string, unknown>;
    expect(site).toMatchObject({
      site_name: 'Acme Exchange',
      customer_service_url: 'https://chat.example.com/room/1',
      partners: [
        { name: 'Chain One', logo: 'https://cdn.example.com/c1.png', url: 'https://chain.example.com' },
      ],
      media: [{ name: 'Daily Crypto', logo: '', url: '' }],
    });
    expect((await call('GET', '/api/getSetting', { keyword: 'customer_service_url' })).message).toBe(
      'https://chat.example.com/room/1',
    );

    const bad = await call(
      'POST',
      '/api/admin/site/settings',
      { site_name: 'X', customer_service_url: 'javascript:alert(1)' },
      admin,
    );
    expect(bad).toMatchObject({ type: 'error', error: 'field_invalid' });
  });

  it('edits the home shortcuts; the menu follows in every language', async () => {
    const menu = (await call('GET', '/api/admin/site/menu', {}, admin)).message as Array<{
      id: number;
      key: string;
      names: Record<string, string>;
      url: string;
      sort: number;
      icon: string;
    }>;
    expect(menu.slice(0, 6).map((m) => m.key)).toEqual([
      'quotes',
      'recharge',
      'savings',
      'invite',
      'service',
      'language',
    ]);
    const service = menu.find((m) => m.key === 'service')!;
    expect(service.url).toBe('service:');
    const faq = menu.find((m) => m.key === 'faq')!;
    const res = await call(
      'POST',
      `/api/admin/site/menu/${faq.id}`,
      { names: { ...faq.names, en: 'Help' }, url: faq.url, icon: faq.icon, sort: faq.sort, status: 0 },
      admin,
    );
    expect(res.type).toBe('ok');
    const pub = (await call('GET', '/api/menu')).message as Array<{ key: string }>;
    expect(pub.some((m) => m.key === 'faq')).toBe(false);
    const badUrl = await call(
      'POST',
      `/api/admin/site/menu/${faq.id}`,
      { names: faq.names, url: 'javascript:alert(1)', icon: '', sort: 1, status: 1 },
      admin,
    );
    expect(badUrl).toMatchObject({ type: 'error', error: 'field_invalid' });
  });
});
