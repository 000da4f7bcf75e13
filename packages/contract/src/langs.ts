/** The 11 UI languages, in the order the language picker shows them. */
export const LANGS = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'de', 'vn', 'py'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Native names shown in the language picker. */
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
  de: 'Deutsch',
  vn: 'Tiếng Việt',
  py: 'Русский',
};

/** BCP-47 locale per app language (en, zh, hk, fra, spa map to en, zh-Hans, zh-Hant, fr, es). */
export const LANG_LOCALE: Record<Lang, string> = {
  en: 'en',
  zh: 'zh-Hans',
  hk: 'zh-Hant',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
  de: 'de',
  vn: 'vi',
  py: 'ru',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function toLang(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/**
 * Cookie mirroring the stored language (localStorage `lang`): hash routes never reach the server,
 * so this is how it knows which language to render the home screen in (apps/web/src/ssr).
 */
export const LANG_COOKIE = 'lang';
