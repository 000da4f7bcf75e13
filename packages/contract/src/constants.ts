/** Business constants shared by server and clients. */
export const PAGE_SIZE_DEFAULT = 10;
export const CODE_LENGTH = 6;
export const DEFAULT_AREA_CODE = '86';
export const PING_INTERVAL_MS = 5000;
export const LOADING_DELAY_MS = 800;
export const LOGIN_REDIRECT_MS = 1200;
export const KYC_REDIRECT_MS = 1200;
export const TOAST_MS = 1500;
export const FIAT_CACHE_MS = 86_400_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const H5_VERSION = 1;
export const APP_VERSION = '0.8.0';

/**
 * Asset (account) types: 1 legal, 2 change, 3 lever, 4 micro. The one definition the
 * server, the app and the console use (ids, names, parsing).
 */
export const ACCOUNT_TYPES = { legal: 1, change: 2, lever: 3, micro: 4 } as const;
export type AccountTypeName = keyof typeof ACCOUNT_TYPES;
export type AccountType = (typeof ACCOUNT_TYPES)[AccountTypeName];
/** The account types in order. */
export const ACCOUNT_TYPE_IDS = [1, 2, 3, 4] as const satisfies readonly AccountType[];
/** Each type's name (the API's `from_field` / `to_field` values, the app's translation keys). */
export const ACCOUNT_TYPE_NAMES: Readonly<Record<AccountType, AccountTypeName>> = {
  1: 'legal',
  2: 'change',
  3: 'lever',
  4: 'micro',
};

/** The name of an account type, or null for anything else (0 for system accounts, unknown ids). */
export function accountTypeName(type: number | string): AccountTypeName | null {
  const t = Number(type);
  return t === 1 || t === 2 || t === 3 || t === 4 ? ACCOUNT_TYPE_NAMES[t] : null;
}

/** Accepts 1..4 or the names legal/change/lever/micro (any case, spaces trimmed); null otherwise. */
export function accountTypeOf(v: string | number): AccountType | null {
  const s = String(v).trim().toLowerCase();
  for (const t of ACCOUNT_TYPE_IDS) if (s === String(t) || s === ACCOUNT_TYPE_NAMES[t]) return t;
  return null;
}

/** Fiat codes the client keeps from the public rate service. */
export const FIAT_CODES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
export type FiatCode = (typeof FIAT_CODES)[number];

/** Local storage keys. */
export const STORAGE_KEYS = {
  lang: 'lang',
  token: 'token',
  user: 'user',
  fiat: 'fiat',
  fiats: 'fiats',
  address: 'address',
  h5Version: 'h5Version',
  saveFiatsTime: 'saveFiatsTime',
} as const;

/** Page size of the savings (mining) records. */
export const SAVINGS_RECORD_PAGE_SIZE = 20;

/**
 * Purchase-window status helper, shared by savings and IEO windows: 2 before the
 * start; inside the half-open window [start, end) 0 when `flag` is 0 (closed by the operator)
 * and 1 otherwise; 0 from the end on. Times are epoch milliseconds.
 */
export function purchaseWindowStatus(flag: number, startMs: number, endMs: number, nowMs: number): 0 | 1 | 2 {
  if (nowMs < startMs) return 2;
  if (nowMs >= endMs) return 0;
  return flag === 0 ? 0 : 1;
}
