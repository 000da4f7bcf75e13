import { toLang, type ErrorCode, type Lang } from '@bourse/contract';
import { errorMessages, fieldLabels, interpolate } from '@bourse/locales';

/** The caller's message for an error code, in the caller's language (English as fallback). */
export function errorMessage(lang: Lang, code: ErrorCode, params: Record<string, string | number> = {}): string {
  const table = errorMessages[lang] as Record<string, string>;
  const en = errorMessages.en as Record<string, string>;
  const withLabel = { ...params };
  if (typeof params.field === 'string') withLabel.field = fieldLabel(lang, params.field);
  return interpolate(table[code] ?? en[code] ?? code, withLabel);
}

export function fieldLabel(lang: Lang, field: string): string {
  return fieldLabels[lang][field] ?? fieldLabels.en[field] ?? field;
}

/** `lang` travels in every payload (query for GET, body otherwise); default en. */
export function requestLang(query: unknown, body: unknown): Lang {
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).lang : undefined;
  const fromQuery = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  return toLang(fromBody ?? fromQuery);
}
