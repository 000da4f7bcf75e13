/**
 * antd-mobile's own texts (aria-labels of the clear, close and back controls, the pull-to-refresh
 * and empty texts, picker buttons …) in the UI language. The library's default is Simplified
 * Chinese, which English and every other language heard from screen readers (issue 20).
 *
 * English is bundled (it is the library's base); the others are small chunks loaded with the
 * language's messages (src/i18n/index.ts), before the first render. Components in the tree read
 * the locale from <ConfigProvider> (app/App.tsx); Toast and Dialog render in roots of their own
 * and read the library's default, which follows it too. The server render passes its page's
 * locale to <App> itself (src/ssr/entry.tsx), so both sides render the same labels.
 */
import type { Lang } from '@bourse/contract';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import type { Locale } from 'antd-mobile/es/locales/base';
import enUS from 'antd-mobile/es/locales/en-US';
import { useSyncExternalStore } from 'react';

export type AntdLocale = Locale;

const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kor: () => import('antd-mobile/es/locales/ko-KR'),
  fra: () => import('antd-mobile/es/locales/fr-FR'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  py: () => import('antd-mobile/es/locales/ru-RU'),
};

/** The library's texts for a language (English when its chunk cannot be loaded). */
export async function loadAntdLocale(lang: Lang): Promise<Locale> {
  if (lang === 'en') return enUS;
  try {
    return (await LOADERS[lang]()).default;
  } catch (err) {
    console.warn('[i18n] antd-mobile locale not loaded', lang, err);
    return enUS;
  }
}

let current: Locale = enUS;
const listeners = new Set<() => void>();
setDefaultConfig({ locale: current });

/** Makes `locale` the one the app's components and the imperative Toast/Dialog use. */
export function setAntdLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  setDefaultConfig({ locale });
  for (const l of listeners) l();
}

export function useAntdLocale(): Locale {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
