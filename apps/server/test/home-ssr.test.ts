/**
 * The server render of the home screen (http/boot-page.ts + apps/web/src/ssr/entry.tsx): index.html
 * carries Home's real content, from the database, in the page's language, escaped, and the
 * server's own code is never served. Builds the web app's server entry once (≈ 3 s).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { CONTENT_CATEGORY } from '@bourse/contract';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_GUARD_SCRIPT } from '../src/http/route-guard';
import { RENDER_BLOCK } from '../src/modules/home';
import { insertItem, replaceTranslations } from '../src/modules/content/repo';
import { upsertSetting } from '../src/modules/platform/repo';
import { testApp } from './helpers';

const WEB = resolve(import.meta.dirname, '../../web');
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Bourse</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const EVIL = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';

function root(html: string): string {
  const m = /<div id="root" data-ssr="(\w+)">(.*)<\/div><script type="application\/json" id="boot-data">/s.exec(html);
  if (!m) throw new Error('no server-rendered #root');
  return m[2]!;
}

describe('server render of the home screen', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'bourse-web-ssr-'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    // As `npm run build` does it: vitest's NODE_ENV=test would select React's development JSX.
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: join(WEB, 'vite.config.ts'),
        root: WEB,
        mode: 'production',
        logLevel: 'error',
        build: { ssr: 'src/ssr/entry.tsx', outDir: join(dist, 'ssr') },
      });
    } finally {
      process.env.NODE_ENV = env;
    }
    t = await testApp({ webDist: dist });
    const at = t.ctx.clock.now();
    // Operator input straight into the tables (no sanitiser on the way): markup must stay text.
    await upsertSetting(t.ctx.db, 'site_name', `Acme ${EVIL}`, true, at);
    for (const [category, title, zhTitle] of [
      [CONTENT_CATEGORY.banner, `Banner ${EVIL}`, '横幅标题'],
      [CONTENT_CATEGORY.announcement, `Notice ${EVIL}`, '公告标题'],
    ] as const) {
      const item = await insertItem(
        t.ctx.db,
        {
          category_id: category,
          status: 'published',
          publish_at: null,
          cover: '',
          link_url: '',
          sort: 1000,
          is_popup: false,
          created_by: null,
        },
        at,
      );
      await replaceTranslations(
        t.ctx.db,
        item!.id,
        [
          { lang: 'en', title, summary: '', body: '' },
          { lang: 'zh', title: zhTitle, summary: '', body: '' },
        ],
        at,
      );
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('puts Home, rendered from the database, into #root in English by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('cookie');
    const html = res.body;
    expect(html).toContain('<html lang="en" data-ssr="en"');
    expect(html).toContain('<style>[data-ssr-drop] #root{display:none}</style>');
    expect(html).toContain('<div id="root" data-ssr="en">');
    // The first frame waits for the whole markup: the element the link names follows #root.
    expect(html.indexOf(RENDER_BLOCK)).toBeGreaterThan(0);
    expect(html.indexOf(RENDER_BLOCK)).toBeLessThan(html.indexOf('</head>'));
    expect(RENDER_BLOCK).toContain('href="#boot-data"');
    const markup = root(html);
    expect(markup).toContain('data-testid="page-home"');
    expect(markup).toContain('<h2 class="section-title">Shortcuts</h2>');
    expect(markup).toContain('<h2 class="section-title">Currencies</h2>');
    expect(markup).toContain('data-testid="tab-quotes"');
    // Banners, announcements and shortcuts come from the boot data, not a loading state.
    expect(markup).toContain('data-testid="banners"');
    expect(markup).toContain('Banner &lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(markup).toContain('data-testid="notice-text"');
    expect(markup).toContain('Notice &lt;img');
    expect(markup).toContain('data-testid="shortcuts"');
    expect(markup).toContain('data-testid="currency-list"');
    expect(markup).toContain('data-testid="top-markets"');
    expect(markup).toContain('data-testid="market-BTC-USDT"');
    expect(markup).toContain('Acme &lt;img');
    // Nothing the operator typed became markup, and the page has no inline script to run.
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain('<script>alert');
    // The data block, the entry script and the route guard, which the CSP allows by its hash.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html).toContain(`<script>${ROUTE_GUARD_SCRIPT}</script>`);
    const hash = createHash('sha256').update(ROUTE_GUARD_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it('has a guard that hides the markup unless the browser will hydrate it', () => {
    const visitor = { hash: '#/', storage: {} as Record<string, string> };
    const cases: Array<[string, { hash: string; storage: Record<string, string> }, boolean]> = [
      ['Home, visitor', visitor, false],
      ['no hash', { ...visitor, hash: '' }, false],
      ['home path, stored en', { hash: '#/pages/index/index', storage: { lang: 'en', fiat: 'USD' } }, false],
      ['another route', { ...visitor, hash: '#/pages/quotation/index' }, true],
      ['signed in', { ...visitor, storage: { token: 'abc' } }, true],
      ['stored language differs', { ...visitor, storage: { lang: 'de' } }, true],
      ['another fiat', { ...visitor, storage: { fiat: 'EUR' } }, true],
    ];
    for (const [name, c, hidden] of cases) {
      const attributes: string[] = [];
      runInNewContext(ROUTE_GUARD_SCRIPT, {
        location: { hash: c.hash },
        localStorage: { getItem: (k: string) => c.storage[k] ?? null },
        document: { documentElement: { dataset: { ssr: 'en' }, setAttribute: (n: string) => attributes.push(n) } },
      });
      expect(attributes.includes('data-ssr-drop'), name).toBe(hidden);
    }
    // Storage that throws (disabled): the markup stays, and the app renders as a visitor.
    const denied = { location: { hash: '#/' }, document: { documentElement: { dataset: { ssr: 'en' } } } };
    Object.defineProperty(denied, 'localStorage', {
      get(): never {
        throw new Error('denied');
      },
    });
    expect(() => {
      runInNewContext(ROUTE_GUARD_SCRIPT, denied);
    }).not.toThrow();
  });

  it('renders in the language of the lang cookie, with that language in the boot data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; lang=zh' } });
    const html = res.body;
    expect(html).toContain('<html lang="zh-Hans"');
    expect(html).toContain('<div id="root" data-ssr="zh">');
    const markup = root(html);
    expect(markup).toContain('data-lang="zh"');
    expect(markup).toContain('横幅标题');
    expect(markup).toContain('公告标题');
    expect(markup).toContain('<h2 class="section-title">快捷入口</h2>');
    const data = /id="boot-data">(.*?)<\/script>/s.exec(html)![1]!;
    const keys = (JSON.parse(data) as { queries: Array<[unknown[], unknown]> }).queries.map(([k]) => k);
    expect(keys).toContainEqual(['news-head', CONTENT_CATEGORY.banner, 'zh', 6]);
    expect(keys).toContainEqual(['menu', 'zh']);
    expect(keys).toContainEqual(['currencies', 'zh']);
    const rates = (JSON.parse(data) as { queries: Array<[unknown[], unknown]> }).queries.find(([k]) => k[0] === 'fiat-rates')?.[1];
    const api = await t.app.inject({ method: 'GET', url: '/api/fiat/rates' });
    expect(rates).toEqual(api.json<{ message: unknown }>().message);
    // An unknown language falls back to English.
    const other = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=xx' } });
    expect(other.body).toContain('<div id="root" data-ssr="en">');
  });

  it('never serves the server entry as a static file', async () => {
    for (const url of ['/ssr/entry.js', '/ssr/', '/ssr/../ssr/entry.js', '/%73sr/entry.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
