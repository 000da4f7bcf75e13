/** The stored UI language (localStorage `lang`, default en). */
import { STORAGE_KEYS, toLang, type Lang } from '@bourse/contract';
import { readStorage, writeStorage } from '../lib/storage';

export function getStoredLang(): Lang {
  return toLang(readStorage(STORAGE_KEYS.lang));
}

export function setStoredLang(lang: Lang): void {
  writeStorage(STORAGE_KEYS.lang, lang);
}
