export type Bucket = 'available' | 'frozen';
export const BUCKET_CODE: Record<Bucket, number> = { available: 1, frozen: 2 };
export const BUCKET_NAME: Record<number, Bucket> = { 1: 'available', 2: 'frozen' };

/** One side of a journal entry: a signed change to one bucket of one account. */
export interface Leg {
  accountId: number;
  bucket: Bucket;
  amount: bigint;
}

export interface EntryInput {
  /** What happened, e.g. 'transfer', 'demo_credit', 'withdraw_freeze'. */
  kind: string;
  /** The business row that caused the entry. */
  refType?: string;
  refId?: string;
  /** A unique key per effect; a second post with the same key changes nothing. */
  idempotencyKey?: string;
  memo?: string;
  legs: Leg[];
}

export interface PostResult {
  entryId: string;
  /** True when the idempotency key had already been posted and nothing changed now. */
  duplicate: boolean;
}

/**
 * System accounts. Money enters the books only through the accounts allowed to go negative
 * (chain/bank channel, demo faucet, the house as counterparty); all others stay >= 0 by CHECK.
 */
export const SYSTEM_ACCOUNTS = {
  external: { allowNegative: true, purpose: 'Deposits and withdrawals through chains and bank channels' },
  demo: { allowNegative: true, purpose: 'Source of demo balances (demo data only)' },
  house: { allowNegative: true, purpose: 'Platform capital: counterparty of platform-settled products' },
  fees: { allowNegative: false, purpose: 'Fees charged to users' },
  rounding: { allowNegative: false, purpose: 'Residues of rounding (credits round down, debits up)' },
  savings_pool: { allowNegative: false, purpose: 'Principal of savings subscriptions (and compounded income) held until maturity or redemption' },
  yield_pool: { allowNegative: false, purpose: 'Operator-funded savings yield: daily income is paid only from here' },
  savings_revenue: { allowNegative: false, purpose: 'Platform revenue from savings: prepaid machine-lease fees (never refunded, not owed to users)' },
  lever_insurance: { allowNegative: false, purpose: 'Leverage insurance fund: takes what liquidated margin leaves over the market loss, covers losses beyond margin while it has funds' },
} as const;

export type SystemAccountCode = keyof typeof SYSTEM_ACCOUNTS | (string & {});
