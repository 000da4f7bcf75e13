/**
 * Server entry (issue 9: home LCP): renders the home screen with the app's own components, so
 * index.html paints real content before the 145 KB entry chunk has downloaded and run. Built by
 * `vite build --ssr` into dist/ssr/entry.js (apps/web/vite.config.ts) and loaded by the server's
 * boot page (apps/server/src/http/boot-page.ts), which puts the markup into #root next to the same
 * boot data; the browser hydrates it (src/ssr/hydration.ts decides when it may).
 *
 * The server only ever sees `/` (hash routes stay in the browser), so only Home is rendered here,
 * as a visitor (no token) with the default fiat: the conditions the browser checks before hydrating.
 */
import { LANG_LOCALE, type Lang } from '@bourse/contract';
import { enCommon, loadCommon } from '@bourse/locales/web';
import { QueryClient } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { App } from '../app/App';
import { queryClient } from '../app/queryClient';
import { NS } from '../i18n';
import { loadAntdLocale, type AntdLocale } from '../i18n/antdLocale';

export interface HomeRenderInput {
  lang: Lang;
  /** Query-cache entries, exactly those inlined as boot data (src/app/bootData.ts). */
  queries: Array<[unknown[], unknown]>;
}

export interface HomeRender {
  html: string;
  /** `<html lang>` for the page. */
  locale: string;
  /** `<title>`: the operator's site name. */
  title: string;
  /** `<meta name="description">` in the page's language. */
  description: string;
}

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

async function i18nFor(lang: Lang) {
  const messages = lang === 'en' ? null : await loadCommon(lang);
  const resources = messages ? { en: { [NS]: enCommon }, [lang]: { [NS]: messages } } : { en: { [NS]: enCommon } };
  const i18n = createInstance();
  // Same options as the browser (src/i18n/index.ts), initialised synchronously from the resources.
  await i18n.init({
    lng: lang,
    fallbackLng: 'en',
    ns: [NS],
    defaultNS: NS,
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}

async function renderMarkup(
  i18n: Awaited<ReturnType<typeof i18nFor>>,
  antdLocale: AntdLocale,
  queries: HomeRenderInput['queries'],
): Promise<string> {
  // The browser's defaults, so every query renders the same state on both sides. Nothing is
  // fetched here (queries fetch from effects): without an entry a query shows its loading state,
  // as in the browser's first render.
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  for (const [key, data] of queries) client.setQueryData(key, data);
  // prerender waits for lazy parts (the top markets) instead of leaving a client-render marker.
  // Past progressiveChunkSize (12.8 KB by default) React would write a finished Suspense part as
  // a separate piece moved into place by an inline script, which the CSP blocks: one piece.
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <App client={client} Router={HomeRouter} antdLocale={antdLocale} />
    </I18nextProvider>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  client.clear();
  // React puts a preload hint for each eager <img> in front of a body-only render. The boot page
  // already preloads the first banner in <head>; the rest would take the phone network's
  // bandwidth from the scripts. The browser's hydration skips such hints, present or not.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '');
}

/** The site name as Home shows it (features/platform/api/settings.ts useSiteName). */
function siteNameOf(queries: HomeRenderInput['queries']): string {
  const settings = queries.find(([key]) => key[0] === 'site-settings')?.[1] as { site_name?: unknown } | undefined;
  return (typeof settings?.site_name === 'string' && settings.site_name.trim()) || 'Bourse';
}

export async function renderHome({ lang, queries }: HomeRenderInput): Promise<HomeRender> {
  const [i18n, antdLocale] = await Promise.all([i18nFor(lang), loadAntdLocale(lang)]);
  const html = await renderMarkup(i18n, antdLocale, queries);
  // Markup that needs a script to be complete must not be served: the server falls back to an
  // empty #root and the browser renders.
  if (html.includes('<script')) throw new Error('server render of Home needs an inline script');
  const title = siteNameOf(queries);
  return { html, locale: LANG_LOCALE[lang], title, description: i18n.t('home.metaDescription', { name: title }) };
}
