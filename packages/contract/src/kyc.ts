/**
 * Real-name verification (an invalid ID number gets a clear alert): the document types the
 * form offers and the rule for each one's number. The server (POST /user/real) and the web form
 * use these same functions, so the form never lets through a number the server refuses and the
 * hint under the field states the rule the server applies.
 *
 * Documents come from many countries, so the rules check what every issuer shares (characters and
 * length) and, where a number carries its own check character, that too: an 18-character
 * mainland China resident ID (17 digits and a digit or X, ISO 7064 MOD 11-2) must pass its check,
 * so a mistyped digit is caught before review.
 */
export const KYC_ID_TYPES = ['id_card', 'passport', 'driver_license', 'other'] as const;
export type KycIdType = (typeof KYC_ID_TYPES)[number];

export interface KycIdRule {
  min: number;
  max: number;
  /** Hyphens are allowed between characters (as printed on some documents). */
  hyphens: boolean;
}

/**
 * National identity cards: 5–20 (Spanish DNI 9, German 9, Thai 13, Japanese My Number 12,
 * Korean 13, Vietnamese 12, mainland China 18). Passports: ICAO 9303 document numbers, 6–9
 * letters and digits. Driving licences: 5–20, some states print hyphens. Other documents: 4–32.
 */
export const KYC_ID_RULES: Record<KycIdType, KycIdRule> = {
  id_card: { min: 5, max: 20, hyphens: true },
  passport: { min: 6, max: 9, hyphens: false },
  driver_license: { min: 5, max: 20, hyphens: true },
  other: { min: 4, max: 32, hyphens: true },
};

export function isKycIdType(v: unknown): v is KycIdType {
  return typeof v === 'string' && (KYC_ID_TYPES as readonly string[]).includes(v);
}

/** Upper case, without spaces (people copy numbers printed in groups: "1234 5678"). */
export function normalizeIdNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** Mainland China resident ID: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function validMainlandId(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * weights[i]!;
  return '10X98765432'[sum % 11] === id[17];
}

/** Why a number is refused; the form shows a message per reason. */
export type IdNumberProblem = 'empty' | 'characters' | 'length' | 'check_digit';

export type IdNumberCheck =
  { ok: true; value: string } | { ok: false; value: string; problem: IdNumberProblem };

/** Checks a document number against its type's rule; `value` is the normalized number. */
export function checkIdNumber(idType: KycIdType, raw: string): IdNumberCheck {
  const value = normalizeIdNumber(raw);
  const rule = KYC_ID_RULES[idType];
  if (value === '') return { ok: false, value, problem: 'empty' };
  const chars = rule.hyphens ? /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/ : /^[A-Z0-9]+$/;
  if (!chars.test(value) || !/\d/.test(value)) return { ok: false, value, problem: 'characters' };
  const length = value.replace(/-/g, '').length;
  if (length < rule.min || length > rule.max) return { ok: false, value, problem: 'length' };
  if (idType === 'id_card' && /^\d{17}[\dX]$/.test(value) && !validMainlandId(value)) {
    return { ok: false, value, problem: 'check_digit' };
  }
  return { ok: true, value };
}

/** Real names: 2–64 characters after trimming, no control characters. */
export const KYC_NAME_MIN = 2;
export const KYC_NAME_MAX = 64;

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f<>]/;

export function checkRealName(raw: string): { ok: boolean; value: string } {
  const value = raw.trim().replace(/\s+/g, ' ');
  const ok = value.length >= KYC_NAME_MIN && value.length <= KYC_NAME_MAX && !NAME_FORBIDDEN.test(value);
  return { ok, value };
}

/**
 * A verified name as shown back to its owner and on shared screens: the first character of each
 * word, the rest starred ("Zhang San" → "Z**** S**", "张三丰" → "张**").
 */
export function maskRealName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const chars = Array.from(word);
      return chars.length <= 1 ? word : chars[0] + '*'.repeat(chars.length - 1);
    })
    .join(' ');
}
