/**
 * The stored UI language (localStorage `lang`, default en), mirrored into the `lang` cookie so the
 * server renders the home screen in the same language the app will hydrate it with.
 */
import { LANG_COOKIE, STORAGE_KEYS, toLang, type Lang } from '@bourse/contract';
import { readStorage, writeStorage } from '../lib/storage';

export function getStoredLang(): Lang {
  return toLang(readStorage(STORAGE_KEYS.lang));
}

export function setStoredLang(lang: Lang): void {
  writeStorage(STORAGE_KEYS.lang, lang);
  writeLangCookie(lang);
}

/** One year, whole site; only a language code, never sent anywhere but this origin. */
export function writeLangCookie(lang: Lang): void {
  try {
    document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies disabled: the server renders English and the app renders on its own.
  }
}
