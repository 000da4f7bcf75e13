import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGS } from '@bourse/contract';
import { errorMessages, fieldLabels } from './index';

describe('server message catalogues', () => {
  it('every language has a non-empty message for every error code', () => {
    for (const lang of LANGS) {
      for (const code of ERROR_CODES) {
        const text = (errorMessages[lang] as Record<string, string>)[code];
        expect(text, `${lang}.${code}`).toBeTruthy();
      }
      expect(Object.keys(errorMessages[lang]).sort()).toEqual([...ERROR_CODES].sort());
    }
  });

  it('every language labels the same fields and keeps the placeholders of English', () => {
    for (const lang of LANGS) {
      expect(Object.keys(fieldLabels[lang]).sort()).toEqual(Object.keys(fieldLabels.en).sort());
      for (const code of ERROR_CODES) {
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        const en = (errorMessages.en as Record<string, string>)[code]!;
        expect(placeholders((errorMessages[lang] as Record<string, string>)[code]!), `${lang}.${code}`).toEqual(placeholders(en));
      }
    }
  });
});
