/** Business constants of spec §9 shared by server and clients. */
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

/** Asset (account) types of spec §3. */
export const ACCOUNT_TYPES = { legal: 1, change: 2, lever: 3, micro: 4 } as const;
export type AccountType = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];

/** Fiat codes the client keeps (spec §7, External). */
export const FIAT_CODES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;
export type FiatCode = (typeof FIAT_CODES)[number];

/** Local storage keys of spec §3. */
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

/** Page size of the savings (mining) records (spec §9). */
export const SAVINGS_RECORD_PAGE_SIZE = 20;

/**
 * Purchase-window status helper of spec §4, shared by savings and IEO windows: 2 before the
 * start; inside the half-open window [start, end) 0 when `flag` is 0 (closed by the operator)
 * and 1 otherwise; 0 from the end on. Times are epoch milliseconds.
 */
export function purchaseWindowStatus(flag: number, startMs: number, endMs: number, nowMs: number): 0 | 1 | 2 {
  if (nowMs < startMs) return 2;
  if (nowMs >= endMs) return 0;
  return flag === 0 ? 0 : 1;
}
