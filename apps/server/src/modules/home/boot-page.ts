/**
 * The web app's index.html with its first screen's data inlined and, when the web build has its
 * server entry, the home screen itself rendered into #root (issue 9: home LCP).
 *
 * A cold visit would otherwise wait for the entry script, the first render, then /getercSetting
 * and /news/list, and only then start the banner image. Here the server adds to the built
 * index.html: a `<link rel="preload" as="image">` for the first banner (fetched in parallel with
 * the scripts) and a JSON data block with the answers the home page asks for first (site
 * configuration, banners, announcements, shortcuts, currencies, fiat rates, markets), which the client puts into its
 * query cache before the first render (apps/web/src/app/bootData.ts). The data block is
 * `type="application/json"`, so it is never executed; the CSP allows no inline script but the
 * fixed guard below, by its hash.
 *
 * Server render: `dist/ssr/entry.js` (apps/web/src/ssr/entry.tsx, built by `vite build --ssr`)
 * renders Home from exactly those answers with the app's own components; the markup goes into
 * `<div id="root" data-ssr="<lang>">` and the browser hydrates it when it is on Home in that
 * language as a visitor (apps/web/src/ssr/hydration.ts), else renders afresh (then the guard
 * script in <head> has kept the markup hidden from the start). The language is the
 * `lang` cookie the app keeps equal to its stored language (hash routes and localStorage never
 * reach the server), else English, the app's own default. Without the server entry, or
 * if it fails, the page is served as before, with an empty #root.
 *
 * Rendered pages are cached per language for a few seconds: the index stays cheap under load and
 * a newly published banner shows within BOOT_CACHE_MS.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CONTENT_CATEGORY, LANG_COOKIE, toLang, type Lang } from '@bourse/contract';
import type { AppContext } from '../../context';
import { ROUTE_GUARD_SCRIPT } from '../../http/route-guard';
import { listNews } from '../content';
import { currencyView, listCurrencies, quotation } from '../market';
import { fiatRates, menu, siteConfig } from '../platform';

export const BOOT_CACHE_MS = 5_000;
/** Must match the web app's query keys (features/content/api/content.ts useNewsHead, platform settings). */
export const BOOT_BANNER_LIMIT = 6;
export const BOOT_NOTICE_LIMIT = 5;

type BootQuery = [key: unknown[], data: unknown];

/** The server entry of the web build (apps/web/src/ssr/entry.tsx). */
export interface HomeRenderer {
  renderHome(input: {
    lang: Lang;
    queries: BootQuery[];
  }): Promise<{ html: string; locale: string; title?: string; description?: string }>;
}

/** The language of the page: the app's `lang` cookie, else English (the app's default). */
export function pageLang(cookieHeader: string | undefined): Lang {
  const m = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`).exec(cookieHeader ?? '');
  return toLang(m?.[1]?.trim());
}

/**
 * The query-cache entries the home page needs first, in the page's language. Keys must match
 * the web app's (useSiteSettings, useNewsHead, useMenu, useCurrencies, useFiatRates,
 * useQuotation); the values are what the API answers.
 */
export async function bootQueries(ctx: AppContext, lang: Lang = 'en'): Promise<BootQuery[]> {
  const optional = <T>(p: Promise<T>) => p.catch(() => null);
  const [settings, banners, notices, shortcuts, currencies, rates, markets] = await Promise.all([
    siteConfig(ctx),
    optional(listNews(ctx, { cId: CONTENT_CATEGORY.banner, page: 1, limit: BOOT_BANNER_LIMIT, lang })),
    optional(listNews(ctx, { cId: CONTENT_CATEGORY.announcement, page: 1, limit: BOOT_NOTICE_LIMIT, lang })),
    optional(menu(ctx, lang)),
    optional(listCurrencies(ctx.db, { enabledOnly: true }).then((rows) => rows.map(currencyView))),
    optional(fiatRates(ctx)),
    optional(quotation(ctx.db, null, ctx.clock.now())),
  ]);
  const out: BootQuery[] = [[['site-settings'], settings]];
  if (banners) out.push([['news-head', CONTENT_CATEGORY.banner, lang, BOOT_BANNER_LIMIT], banners]);
  if (notices) out.push([['news-head', CONTENT_CATEGORY.announcement, lang, BOOT_NOTICE_LIMIT], notices]);
  if (shortcuts) out.push([['menu', lang], shortcuts]);
  if (currencies) out.push([['currencies', lang], currencies]);
  // Fetched at launch otherwise; its late answer re-rendered all of Home right after hydration.
  if (rates && rates.length > 0) out.push([['fiat-rates'], rates]);
  // The top markets as a visitor sees them (no favourites); live ticks take over after hydration.
  if (markets) out.push([['quotation_new', lang], markets]);
  // The same values the browser will parse from the data block, so both render the same.
  return JSON.parse(JSON.stringify(out)) as BootQuery[];
}

/**
 * Render-blocking until the element `#boot-data` (right after the server's markup) has been
 * parsed: `<link rel="expect" blocking="render">` (HTML standard; Chromium 124+; other browsers
 * ignore it and paint as before). Only with the server's markup in the page.
 */
export const RENDER_BLOCK = '<link rel="expect" href="#boot-data" blocking="render">';

/** JSON safe to place inside a <script> element: no `<`, so no `</script>` or `<!--` can end it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Inserts the preload link, the data block and the server-rendered home screen into the built index.html. */
export function renderBootPage(
  template: string,
  queries: BootQuery[],
  home?: { lang: Lang; locale: string; html: string; title?: string; description?: string },
): string {
  const banners = queries.find(([key]) => key[0] === 'news-head' && key[1] === CONTENT_CATEGORY.banner)?.[1] as
    | { list?: Array<{ cover?: string }> }
    | undefined;
  const cover = banners?.list?.[0]?.cover ?? '';
  // Only same-origin paths are preloaded (covers are uploads or bundled images).
  const preload =
    cover.startsWith('/') && !cover.startsWith('//')
      ? `<link rel="preload" as="image" href="${attr(cover)}" fetchpriority="high">`
      : '';
  const data = `<script type="application/json" id="boot-data">${scriptSafeJson({ queries })}</script>`;
  // React escaped every text and attribute of the markup; lang and locale come from fixed lists.
  const root = home ? `<div id="root" data-ssr="${home.lang}">${home.html}</div>` : '<div id="root"></div>';
  // The first frame waits until the whole markup is parsed (the data block follows #root). The
  // parser yields every few milliseconds, and without this Chromium painted the header alone, then
  // styled and laid out the rest of the first screen in a second frame: one 120-370 ms task at 4x
  // CPU right after the first paint, mostly the first use of each font size and weight. The whole
  // page has arrived by then (it is sent in one piece); the first paint comes ≈ 0.1-0.3 s later and
  // shows the whole first screen, and the header is no longer laid out twice (docs/benchmarks-history.md,
  // tenth session).
  const guard = home
    ? `<style>[data-ssr-drop] #root{display:none}</style><script>${ROUTE_GUARD_SCRIPT}</script>${RENDER_BLOCK}`
    : '';
  // The banner's preload goes first in <head> (after the charset), requested ahead of the scripts.
  const charset = /<meta charset="[^"]*" ?\/?>/i;
  const head = charset.test(template)
    ? template.replace(charset, (meta) => `${meta}${preload}`).replace('</head>', `${guard}</head>`)
    : template.replace('</head>', `${preload}${guard}</head>`);
  let page = head.replace('<div id="root"></div>', () => `${root}${data}`);
  if (home) page = page.replace(/<html lang="[^"]*"/, `<html lang="${attr(home.locale)}" data-ssr="${home.lang}"`);
  // The page's title and description in its language (search results and link previews); the
  // built index.html carries English ones for pages served without the server's render.
  if (home?.title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${attr(home.title!)}</title>`);
  if (home?.description) {
    const meta = `<meta name="description" content="${attr(home.description)}">`;
    const existing = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
    page = existing.test(page) ? page.replace(existing, () => meta) : page.replace('</head>', () => `${meta}</head>`);
  }
  return page;
}

/**
 * The entry stylesheet written into the page: with the home markup in the HTML, fetching it was
 * the last round trip before the first paint (≈ 0.25 s on the phone profile). The link stays,
 * `disabled` (never fetched, never applied), because Vite's loader of lazy pages looks for it by
 * href and would otherwise add the stylesheet again after the pages' own styles.
 */
export function inlineEntryStylesheet(template: string, webDist: string): string {
  return template.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/, (link, href: string) => {
    const file = join(webDist, href);
    if (!existsSync(file)) return link;
    // No `</style` may end the element early (the file is our own build, but be exact).
    const css = readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
}

/** Loads dist/ssr/entry.js when the build has it; null (client rendering only) otherwise. */
export async function loadHomeRenderer(ctx: AppContext, webDist: string): Promise<HomeRenderer | null> {
  const file = join(webDist, 'ssr', 'entry.js');
  if (!existsSync(file)) return null;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<HomeRenderer>;
    if (typeof mod.renderHome === 'function') return mod as HomeRenderer;
    ctx.log.warn({ file }, 'web server entry has no renderHome: home is rendered in the browser only');
  } catch (err) {
    ctx.log.warn({ err, file }, 'web server entry failed to load: home is rendered in the browser only');
  }
  return null;
}

export interface BootPage {
  /** The current page in a language, plain and gzipped (cached for BOOT_CACHE_MS); never rejects. */
  get(lang?: Lang): Promise<{ html: string; gzip: Buffer }>;
}

export function bootPage(ctx: AppContext, webDist: string): BootPage {
  const template = inlineEntryStylesheet(readFileSync(join(webDist, 'index.html'), 'utf8'), webDist);
  const renderer = loadHomeRenderer(ctx, webDist);
  const cache = new Map<Lang, { at: number; page: Promise<{ html: string; gzip: Buffer }> }>();

  async function render(lang: Lang): Promise<string> {
    const queries = await bootQueries(ctx, lang);
    const ssr = await renderer;
    const home = await ssr?.renderHome({ lang, queries }).catch((err: unknown) => {
      // The page still works without the markup: the browser renders Home itself.
      ctx.log.warn({ err, lang }, 'server render of the home screen failed');
      return null;
    });
    return renderBootPage(template, queries, home ? { lang, ...home } : undefined);
  }

  return {
    get(lang = 'en') {
      const now = Date.now();
      const cached = cache.get(lang);
      if (cached && now - cached.at <= BOOT_CACHE_MS) return cached.page;
      const page = render(lang)
        .catch((err: unknown) => {
          // Without its data the page still works (the app fetches it); try again next request.
          ctx.log.warn({ err }, 'boot data for index.html failed');
          cache.delete(lang);
          return template;
        })
        .then((html) => ({ html, gzip: gzipSync(html) }));
      cache.set(lang, { at: now, page });
      return page;
    },
  };
}
