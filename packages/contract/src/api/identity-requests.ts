/**
 * Request schemas of the identity domain (modules/identity: routes.ts, admin-routes.ts,
 * outbox-routes.ts, file-routes.ts). The server validates with them; the app and the console
 * type their calls with the `…Body` types (`z.input` of a schema, imported with `import type`).
 * Rules: docs/product/limits.md.
 */
import { z } from 'zod';
import { INT4_MAX, rowId } from '../ids';
import { KYC_ID_TYPES } from '../kyc';
import { langField, pageField } from './request-fields';

/** What a one-time code is for. */
export const CODE_SCENES = ['register', 'login', 'forget', 'bind', 'update_password', 'withdraw', 'security'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/** A one-time code: six digits. */
export const CODE_RE = /^\d{6}$/;
export const codeField = z.string().trim().regex(CODE_RE, 'code_invalid');
/** The length is only bounded here; the password policy is checked by the service. */
export const passwordField = z.string().max(128);

const text = (max: number) => z.string().trim().max(max);
const limit = (byDefault: number) => z.coerce.number().int().min(1).max(100).default(byDefault);

/** A call whose only field is the caller's language (query or body). */
export const langOnlySchema = z.object({ lang: langField });

// ---- codes, sign-up, sign-in ----

/** POST /sms_mail. */
export const emailCodeBodySchema = z.object({
  user_string: text(254).optional(),
  email: text(254).optional(),
  scene: z.enum(CODE_SCENES).default('register'),
  lang: langField,
});

/** POST /sms_send. */
export const smsCodeBodySchema = z.object({
  user_string: text(32).optional(),
  mobile: text(32).optional(),
  area_code: text(8).optional(),
  scene: z.enum(CODE_SCENES).default('register'),
  lang: langField,
});

/** POST /user/check_email. */
export const checkEmailBodySchema = z.object({ email: text(254).optional(), user_string: text(254).optional(), lang: langField });

/** POST /user/register. */
export const registerBodySchema = z.object({
  user_string: text(254).min(1),
  code: codeField,
  password: passwordField,
  re_password: passwordField,
  extension_code: text(32).optional(),
  type: z.enum(['email', 'mobile']).default('email'),
  area_code: text(8).optional(),
  area_code_id: z.coerce.number().int().min(0).max(INT4_MAX).optional(),
  lang: langField,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /user/login. */
export const loginBodySchema = z.object({ user_string: text(254).min(1), password: z.string().min(1).max(128), lang: langField });

/** POST /user/forget. */
export const forgetPasswordBodySchema = z.object({
  account: text(254).min(1),
  area_code: text(8).optional(),
  password: passwordField,
  repassword: passwordField,
  code: codeField,
  lang: langField,
});
export type ForgetPasswordBody = z.input<typeof forgetPasswordBodySchema>;

/** POST /safe/update_password. */
export const updatePasswordBodySchema = z.object({ password: passwordField, re_password: passwordField, code: codeField, lang: langField });

/** POST /safe/email. */
export const bindEmailBodySchema = z.object({ email: text(254).min(1), code: codeField, password: z.string().max(128).default(''), lang: langField });

/** POST /safe/mobile. */
export const bindMobileBodySchema = z.object({ mobile: text(32).min(1), area_code: text(8).optional(), code: codeField, lang: langField });

/** POST /user/authorize (sign in with a signed EIP-4361 message). */
export const walletSignInBodySchema = z.object({
  message: z.string().max(4000),
  signature: z.string().max(200),
  extension_code: text(32).optional(),
  invite: text(32).optional(),
  lang: langField,
});

// ---- real-name verification, profile ----

/** POST /user/real. */
export const kycSubmitBodySchema = z.object({
  real_type: z.coerce.number().int().pipe(z.union([z.literal(1), z.literal(2)])).default(1),
  id_type: z.enum(KYC_ID_TYPES).optional(),
  name: text(64).optional(),
  card_id: text(40).optional(),
  front_pic: text(200).min(1),
  reverse_pic: text(200).min(1),
  lang: langField,
});

/** POST /user/uploadHeadPortrait. */
export const avatarBodySchema = z.object({ head_portrait: text(200).min(1), lang: langField });

/** POST /user/editNickname. */
export const nicknameBodySchema = z.object({ nickname: text(64).min(1), lang: langField });

// ---- address book, bank cards, invitations ----

/** POST /user/wallet/save. */
export const bookAddressBodySchema = z.object({
  currency: text(32).min(1),
  name: text(40).min(1),
  address: text(128).min(1),
  type: text(16).optional(),
  lang: langField,
});

/** GET /user/wallet/list. */
export const bookAddressListQuerySchema = z.object({ page: pageField, limit: limit(10), lang: langField, currency: text(32).optional() });

/** POST /user/wallet/delete. */
export const bookAddressDeleteBodySchema = z.object({ id: rowId, lang: langField });

/** POST /user/cash_save. */
export const domesticCardBodySchema = z.object({
  real_name: text(64).default(''),
  bank_name: text(64).default(''),
  bank_branch: text(128).default(''),
  bank_account: text(40).default(''),
  lang: langField,
});

/** POST /user/cash_save_international. */
export const internationalCardBodySchema = z.object({
  account_name: text(64).default(''),
  bank_name: text(64).default(''),
  swift: text(16).default(''),
  iban: text(40).default(''),
  bank_address: text(200).default(''),
  country: text(64).default(''),
  lang: langField,
});

/** POST /user/invite_list. */
export const inviteListBodySchema = z.object({ page: pageField, limit: limit(10), lang: langField });

// ---- files ----

/** GET /file/:id. */
export const fileParamsSchema = z.object({ id: z.string().max(64) });

// ---- console ----

const consolePaging = { page: pageField, limit: limit(20), lang: langField };

/** GET /admin/outbox. */
export const outboxQuerySchema = z.object(consolePaging);

/** GET /admin/identity/users. */
export const identityUsersQuerySchema = z.object({ ...consolePaging, q: z.string().max(100).default('') });

/** GET /admin/kyc: 1 pending, 2 approved, 3 rejected. */
export const kycQueueQuerySchema = z.object({ ...consolePaging, status: z.coerce.number().int().min(1).max(3).default(1) });

/** POST /admin/kyc/:id/reject. */
export const kycRejectBodySchema = z.object({ reason: z.string().trim().min(2).max(200), lang: langField });

/** GET /admin/addresses: 0 pending, 1 approved, 2 rejected. */
export const addressQueueQuerySchema = z.object({ ...consolePaging, status: z.coerce.number().int().min(0).max(2).default(0) });

/** POST /admin/identity/settings. */
export const identitySettingsBodySchema = z.object({
  kyc_required_features: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
  address_approval: z.boolean().optional(),
  lang: langField,
});
export type IdentitySettingsBody = z.input<typeof identitySettingsBodySchema>;
