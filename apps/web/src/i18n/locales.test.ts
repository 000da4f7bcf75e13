import { LANGS } from '@bourse/contract';
import { enCommon, loadCommon } from '@bourse/locales/web';
import { describe, expect, it } from 'vitest';

/** Lists every leaf key path of a nested message object ("tabs.home", …). */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function leafValues(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafValues(child, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

const enKeys = leafKeys(enCommon).sort();
const enValues = new Map(leafValues(enCommon));

describe('web locale files (common.json)', () => {
  it('English has keys', () => {
    expect(enKeys.length).toBeGreaterThan(20);
  });

  for (const lang of LANGS) {
    describe(lang, () => {
      it('has exactly the keys of English', async () => {
        const messages = await loadCommon(lang);
        expect(leafKeys(messages).sort()).toEqual(enKeys);
      });

      it('has only non-empty strings with the same placeholders as English', async () => {
        const messages = await loadCommon(lang);
        for (const [key, value] of leafValues(messages)) {
          expect(typeof value, `${lang}:${key}`).toBe('string');
          expect((value as string).trim(), `${lang}:${key}`).not.toBe('');
          const en = enValues.get(key);
          expect(placeholders(value as string), `${lang}:${key}`).toEqual(placeholders(String(en)));
        }
      });
    });
  }
});
