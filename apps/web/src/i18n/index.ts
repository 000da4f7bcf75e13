/**
 * i18next set-up: 11 languages, namespace `common` from @bourse/locales. English is
 * bundled as the fallback; the stored language (localStorage `lang`, default en) is loaded
 * before the first render so there is no flash of English. `<html lang>` follows LANG_LOCALE.
 * The server render (src/ssr/entry.tsx) builds its own instance per language from the same files.
 */
import { LANG_LOCALE, type Lang } from '@bourse/contract';
import { enCommon, loadCommon } from '@bourse/locales/web';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLang, setStoredLang, writeLangCookie } from '../api/lang';
import { loadAntdLocale, setAntdLocale } from './antdLocale';

export const NS = 'common';

function applyHtmlLang(lang: Lang): void {
  document.documentElement.lang = LANG_LOCALE[lang];
}

async function ensureLoaded(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, NS)) return;
  const messages = await loadCommon(lang);
  i18n.addResourceBundle(lang, NS, messages, true, true);
}

export async function initI18n(): Promise<void> {
  const lang = getStoredLang();
  // antd-mobile's texts in the same language, fetched alongside the messages.
  const antdLocale = loadAntdLocale(lang);
  let messages: Record<string, unknown> | null = null;
  if (lang !== 'en') {
    try {
      messages = await loadCommon(lang);
    } catch (err) {
      console.warn('[i18n] could not load', lang, err);
    }
  }
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    ns: [NS],
    defaultNS: NS,
    resources: messages ? { en: { [NS]: enCommon }, [lang]: { [NS]: messages } } : { en: { [NS]: enCommon } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setAntdLocale(await antdLocale);
  applyHtmlLang(lang);
  // Visitors who chose a language before the cookie existed get it now (server render, next visit).
  writeLangCookie(lang);
}

/** Switches the UI language, stores it, and updates `<html lang>`. */
export async function changeLanguage(lang: Lang): Promise<void> {
  const [, antdLocale] = await Promise.all([ensureLoaded(lang), loadAntdLocale(lang)]);
  setStoredLang(lang);
  setAntdLocale(antdLocale);
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

export { i18n };
