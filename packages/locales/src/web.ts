/**
 * Web app UI strings (namespace `common`), one JSON per language. English is the key source and
 * is bundled eagerly as the fallback; every other language is its own lazily loaded chunk.
 */
import type { Lang } from '@bourse/contract';
import en from './en/common.json';

export type CommonMessages = typeof en;
export const enCommon: CommonMessages = en;

export async function loadCommon(lang: Lang): Promise<Record<string, unknown>> {
  switch (lang) {
    case 'en':
      return en;
    case 'zh':
      return (await import('./zh/common.json')).default;
    case 'hk':
      return (await import('./hk/common.json')).default;
    case 'th':
      return (await import('./th/common.json')).default;
    case 'jp':
      return (await import('./jp/common.json')).default;
    case 'kor':
      return (await import('./kor/common.json')).default;
    case 'fra':
      return (await import('./fra/common.json')).default;
    case 'spa':
      return (await import('./spa/common.json')).default;
    case 'de':
      return (await import('./de/common.json')).default;
    case 'vn':
      return (await import('./vn/common.json')).default;
    case 'py':
      return (await import('./py/common.json')).default;
  }
}
