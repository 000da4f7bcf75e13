/**
 * The web app's index.html with its first screen's data inlined (issue 9: home LCP).
 *
 * A cold visit would otherwise wait for the entry script, the first render, then /getercSetting
 * and /news/list, and only then start the banner image. Here the server adds to the built
 * index.html: a `<link rel="preload" as="image">` for the first banner (fetched in parallel with
 * the scripts) and a JSON data block with the answers the home page asks for first (site
 * configuration, the English banners and announcements), which the client puts into its query
 * cache before the first render (apps/web/src/app/bootData.ts). The data block is
 * `type="application/json"`, so it is never executed and the CSP stays script-src 'self'.
 * Rendered pages are cached for a few seconds: the index stays cheap under load and a newly
 * published banner shows within BOOT_CACHE_MS.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONTENT_CATEGORY } from '@bourse/contract';
import type { AppContext } from '../context';
import { listNews } from '../modules/content';
import { siteConfig } from '../modules/platform';

export const BOOT_CACHE_MS = 5_000;
/** Must match the web app's query keys (features/content/api/content.ts useNewsHead, platform settings). */
export const BOOT_BANNER_LIMIT = 6;
export const BOOT_NOTICE_LIMIT = 5;

type BootQuery = [key: unknown[], data: unknown];

/** The query-cache entries the home page needs first. English only: other languages fetch their own. */
export async function bootQueries(ctx: AppContext): Promise<BootQuery[]> {
  const [settings, banners, notices] = await Promise.all([
    siteConfig(ctx),
    listNews(ctx, { cId: CONTENT_CATEGORY.banner, page: 1, limit: BOOT_BANNER_LIMIT, lang: 'en' }).catch(() => null),
    listNews(ctx, { cId: CONTENT_CATEGORY.announcement, page: 1, limit: BOOT_NOTICE_LIMIT, lang: 'en' }).catch(() => null),
  ]);
  const out: BootQuery[] = [[['site-settings'], settings]];
  if (banners) out.push([['news-head', CONTENT_CATEGORY.banner, 'en', BOOT_BANNER_LIMIT], banners]);
  if (notices) out.push([['news-head', CONTENT_CATEGORY.announcement, 'en', BOOT_NOTICE_LIMIT], notices]);
  return out;
}

/** JSON safe to place inside a <script> element: no `<`, so no `</script>` or `<!--` can end it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Inserts the preload link and the data block into the built index.html. */
export function renderBootPage(template: string, queries: BootQuery[]): string {
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
  return template.replace('</head>', `${preload}</head>`).replace('<div id="root"></div>', `<div id="root"></div>${data}`);
}

export interface BootPage {
  /** The current page, plain and gzipped (cached for BOOT_CACHE_MS); never rejects. */
  get(): Promise<{ html: string; gzip: Buffer }>;
}

export function bootPage(ctx: AppContext, webDist: string): BootPage {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  let cached: { at: number; page: Promise<{ html: string; gzip: Buffer }> } | null = null;
  return {
    get() {
      const now = Date.now();
      if (!cached || now - cached.at > BOOT_CACHE_MS) {
        const page = bootQueries(ctx)
          .then((q) => renderBootPage(template, q))
          .catch((err: unknown) => {
            // Without its data the page still works (the app fetches it); try again next request.
            ctx.log.warn({ err }, 'boot data for index.html failed');
            cached = null;
            return template;
          })
          .then((html) => ({ html, gzip: gzipSync(html) }));
        cached = { at: now, page };
      }
      return cached.page;
    },
  };
}
