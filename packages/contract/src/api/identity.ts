/**
 * Response messages of the identity domain (modules/identity: routes.ts, file-routes.ts,
 * outbox-routes.ts, admin-routes.ts) and of the sessions it lists. The server declares them on
 * its routes (`response: apiResponse(schema)`); the app and the console use the inferred types.
 */
import { z } from 'zod';
import { decimalText, isoTime } from './response';
import { accountTypeSchema, walletCurrencySchema } from './assets';

// ---- sign-in, codes, sessions ----

/** POST /sms_mail, /sms_send: seconds the code stays valid and before another may be sent. */
export const codeSentSchema = z.object({ expires_in: z.number(), cooldown: z.number() });
export type CodeSent = z.infer<typeof codeSentSchema>;

/** POST /user/register, /user/login, /user/authorize: the session token. */
export const sessionTokenSchema = z.string().describe('session token (the Authorization header value)');
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** Routes whose ok message is empty (logout, password reset, deletes). */
export const emptyMessageSchema = z.null();

/** POST /user/check_email: the address as the server stores it. */
export const checkedEmailSchema = z.object({ email: z.string() });
export type CheckedEmail = z.infer<typeof checkedEmailSchema>;

/** POST /safe/email. */
export const boundEmailSchema = z.object({ email: z.string().optional() });
export type BoundEmail = z.infer<typeof boundEmailSchema>;

/** POST /safe/mobile. */
export const boundMobileSchema = z.object({ mobile: z.string().optional(), area_code: z.string().optional() });
export type BoundMobile = z.infer<typeof boundMobileSchema>;

export const KYC_STATUS_NAMES = ['none', 'pending', 'approved', 'rejected'] as const;
export const kycStatusNameSchema = z.enum(KYC_STATUS_NAMES);
export type KycStatusName = z.infer<typeof kycStatusNameSchema>;

/** GET /user/info, POST /user/userinfo: the signed-in user's own profile. */
export const userInfoSchema = z.object({
  id: z.number(),
  uid: z.number(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_code: z.string().nullable(),
  /** What to show as the account: e-mail, masked mobile or masked wallet address. */
  account: z.string().nullable(),
  email_masked: z.string().nullable(),
  mobile_masked: z.string().nullable(),
  wallet_address: z.string().nullable(),
  has_password: z.boolean(),
  nickname: z.string(),
  head_portrait: z.string(),
  invite_code: z.string(),
  is_demo: z.boolean(),
  real_status: kycStatusNameSchema,
  created_at: isoTime,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /user/pingw. */
export const pingSchema = z.object({ server_time: z.number().describe('epoch milliseconds') });
export type Ping = z.infer<typeof pingSchema>;

/** GET /wallet/getWalletAuthorizeInfo: the fields of the EIP-4361 message to sign. */
export const walletAuthorizeInfoSchema = z.object({
  domain: z.string(),
  uri: z.string(),
  chain_id: z.number(),
  nonce: z.string(),
  version: z.string(),
  statement: z.string(),
  issued_at: isoTime,
  expiration_time: isoTime,
});
export type WalletAuthorizeInfo = z.infer<typeof walletAuthorizeInfoSchema>;

// ---- real-name verification ----

/** GET /real/state, POST /user/real. */
export const kycStateSchema = z.object({
  status: kycStatusNameSchema,
  /** Numeric form for older clients: 0 none, 1 pending, 2 approved, 3 rejected. */
  state: z.number(),
  reason: z.string().nullable(),
  real_type: z.number().nullable(),
  id_type: z.string().nullable(),
  /** Masked ("Z**** S**"). */
  name: z.string().nullable(),
  /** Masked ("110****2X"). */
  card_id: z.string().nullable(),
  submitted_at: isoTime.nullable(),
  reviewed_at: isoTime.nullable(),
  /** After a rejection: what was sent, in full, to fill the form in again. */
  resubmit: z
    .object({
      real_type: z.number(),
      id_type: z.string().nullable(),
      name: z.string().nullable(),
      card_id: z.string().nullable(),
      front_pic: z.string(),
      reverse_pic: z.string(),
    })
    .nullable(),
});
export type KycState = z.infer<typeof kycStateSchema>;

// ---- profile and files ----

/** POST /user/uploadHeadPortrait. */
export const avatarSetSchema = z.object({ head_portrait: z.string() });
export type AvatarSet = z.infer<typeof avatarSetSchema>;
/** POST /user/editNickname. */
export const nicknameSetSchema = z.object({ nickname: z.string() });
export type NicknameSet = z.infer<typeof nicknameSetSchema>;

/** POST /upload, POST /admin/content/upload: the stored file's reference (URL path). */
export const uploadRefSchema = z.string().describe('file reference (URL path)');

// ---- address book ----

/** One address-book entry (POST /user/wallet/save, GET /user/wallet/list). */
export const bookAddressSchema = z.object({
  id: z.number(),
  currency: z.string(),
  name: z.string(),
  address: z.string(),
  type: z.string(),
  /** 0 waiting for approval, 1 approved, 2 rejected (when operators approve addresses). */
  approve_status: z.number(),
  created_at: isoTime,
});
export type BookAddress = z.infer<typeof bookAddressSchema>;

export const bookAddressPageSchema = z.object({
  data: z.array(bookAddressSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type BookAddressPage = z.infer<typeof bookAddressPageSchema>;

// ---- bank cards (numbers masked) ----

/** POST /user/cash_info, /user/cash_save: the domestic card, or null when none is bound. */
export const domesticCardSchema = z
  .object({
    real_name: z.string(),
    bank_name: z.string(),
    bank_branch: z.string(),
    /** Masked. */
    bank_account: z.string().nullable(),
    updated_at: isoTime,
  })
  .nullable();
export type DomesticCard = z.infer<typeof domesticCardSchema>;

/** POST /user/cash_info_international, /user/cash_save_international. */
export const internationalCardSchema = z
  .object({
    account_name: z.string(),
    bank_name: z.string(),
    swift: z.string(),
    /** Masked. */
    iban: z.string().nullable(),
    bank_address: z.string(),
    country: z.string(),
    updated_at: isoTime,
  })
  .nullable();
export type InternationalCard = z.infer<typeof internationalCardSchema>;

// ---- invitations ----

/** POST /user/invite_list. */
export const inviteListSchema = z.object({
  data: z.array(
    z.object({
      uid: z.number(),
      /** Masked e-mail or mobile, else the nickname. */
      account: z.string(),
      nickname: z.string(),
      created_at: isoTime,
    }),
  ),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type InviteList = z.infer<typeof inviteListSchema>;
export type Invitee = InviteList['data'][number];

// ---- console: users, real-name review, address approvals, settings, outbox ----

export const identityUserRowSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  area_code: z.string().nullable(),
  nickname: z.string(),
  invite_code: z.string(),
  is_demo: z.boolean(),
  /** 1 active, 0 frozen. */
  status: z.number(),
  created_at: isoTime,
  last_seen_at: isoTime.nullable(),
});
export type IdentityUserRow = z.infer<typeof identityUserRowSchema>;

/** GET /admin/identity/users. */
export const identityUserPageSchema = z.object({ items: z.array(identityUserRowSchema), total: z.number() });
export type IdentityUserPage = z.infer<typeof identityUserPageSchema>;

/** A real-name submission as operators see it (unmasked). */
export const kycRecordSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  real_type: z.number(),
  id_type: z.string().nullable(),
  name: z.string().nullable(),
  card_id: z.string().nullable(),
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** 1 pending, 2 approved, 3 rejected. */
  status: z.number(),
  reason: z.string().nullable(),
  reviewer_id: z.number().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type KycRecord = z.infer<typeof kycRecordSchema>;

/** One user's session as the console lists it (modules/sessions). */
export const userSessionSchema = z.object({
  created_at: isoTime,
  last_used_at: isoTime,
  expires_at: isoTime,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

/** GET /admin/identity/users/:id. */
export const identityUserDetailSchema = z.object({
  user: identityUserRowSchema.extend({
    avatar: z.string(),
    inviter_id: z.number().nullable(),
    wallet_address: z.string().nullable(),
    invited: z.number(),
  }),
  sessions: z.array(userSessionSchema),
  kyc: kycRecordSchema.extend({ status_name: kycStatusNameSchema }).nullable(),
  balances: z.array(
    z.object({
      account_type: accountTypeSchema,
      currency_id: z.number(),
      currency: walletCurrencySchema,
      available: decimalText,
      frozen: decimalText,
    }),
  ),
});
export type IdentityUserDetail = z.infer<typeof identityUserDetailSchema>;

/** POST /admin/identity/users/:id/freeze and /unfreeze. */
export const userStatusSchema = z.object({ id: z.number(), status: z.number() });
export type UserStatus = z.infer<typeof userStatusSchema>;

/** GET /admin/kyc: submissions with the user's contact. */
export const kycQueueSchema = z.object({
  items: z.array(kycRecordSchema.extend({ email: z.string().nullable(), mobile: z.string().nullable(), nickname: z.string() })),
  total: z.number(),
});
export type KycQueue = z.infer<typeof kycQueueSchema>;
export type KycQueueRow = KycQueue['items'][number];

/** GET /admin/addresses. */
export const addressQueueSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      user_id: z.number(),
      currency: z.string(),
      name: z.string(),
      address: z.string(),
      type: z.string(),
      approve_status: z.number(),
      created_at: isoTime,
      email: z.string().nullable(),
      nickname: z.string(),
    }),
  ),
  total: z.number(),
});
export type AddressQueue = z.infer<typeof addressQueueSchema>;
export type AddressQueueRow = AddressQueue['items'][number];

/** POST /admin/addresses/:id/approve and /reject. */
export const addressReviewSchema = z.object({ id: z.number(), user_id: z.number(), approve_status: z.number() });
export type AddressReview = z.infer<typeof addressReviewSchema>;

/** GET and POST /admin/identity/settings. */
export const identitySettingsSchema = z.object({
  kyc_required_features: z.array(z.string()),
  address_approval: z.boolean(),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

/** GET /admin/outbox: messages kept when no SMTP server or SMS provider is set. */
export const outboxPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(['email', 'sms']),
      target: z.string(),
      subject: z.string(),
      body: z.string(),
      created_at: isoTime,
    }),
  ),
  total: z.number(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
export type OutboxMessage = OutboxPage['items'][number];
