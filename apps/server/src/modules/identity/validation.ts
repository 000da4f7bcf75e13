import { z } from 'zod';
import { AppError } from '../../http/errors';

/** Rules shared by the identity routes and services (docs/product/limits.md). */
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Mainland China (area code 86): 1, then 3–9, 11 digits in all. */
export const MAINLAND_MOBILE_RE = /^1[3-9]\d{9}$/;
/** Other areas: the national number, 5–15 digits (E.164 allows 15 with the country code). */
export const INTL_MOBILE_RE = /^\d{5,15}$/;
export const AREA_CODE_RE = /^\d{1,4}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

export const areaCodeField = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\+/, ''))
  .pipe(z.string().regex(AREA_CODE_RE, 'mobile_invalid'));

/** 8–32 characters with at least one letter and one digit. */
export function checkPasswordPolicy(password: string, repeat?: string): void {
  if (
    password.length < PASSWORD_MIN ||
    password.length > PASSWORD_MAX ||
    !/[A-Za-z]/.test(password) ||
    !/\d/.test(password) ||
    /\s/.test(password)
  ) {
    throw new AppError('password_weak');
  }
  if (repeat !== undefined && repeat !== password) throw new AppError('password_mismatch');
}

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new AppError('email_invalid');
  return email;
}

export function normalizeMobile(rawMobile: string, rawArea: string | undefined): { mobile: string; areaCode: string } {
  const areaCode = (rawArea ?? '86').trim().replace(/^\+/, '') || '86';
  const mobile = rawMobile.trim().replace(/[\s-]/g, '');
  if (!AREA_CODE_RE.test(areaCode)) throw new AppError('mobile_invalid');
  const ok = areaCode === '86' ? MAINLAND_MOBILE_RE.test(mobile) : INTL_MOBILE_RE.test(mobile);
  if (!ok) throw new AppError('mobile_invalid');
  return { mobile, areaCode };
}

/** The key codes are stored under: the e-mail, or "+<area> <mobile>". */
export function mobileTarget(mobile: string, areaCode: string): string {
  return `+${areaCode} ${mobile}`;
}

export function mask(value: string | null, keepStart: number, keepEnd: number): string | null {
  if (!value) return null;
  if (value.length <= keepStart + keepEnd) return '*'.repeat(value.length);
  return value.slice(0, keepStart) + '****' + value.slice(value.length - keepEnd);
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 0) return mask(email, 2, 2);
  const name = email.slice(0, at);
  return (name.length <= 2 ? name[0] + '*' : name.slice(0, 2) + '***') + email.slice(at);
}
