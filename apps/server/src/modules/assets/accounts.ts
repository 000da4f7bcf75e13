/**
 * Which account type each asset-centre flow uses (spec §3 asset types: 1 legal, 2 change,
 * 3 lever, 4 micro). Deposits credit and withdrawals debit the "change" account (type 2, the
 * coin/exchange account where crypto is held); exchange also happens there. Transfers move
 * funds between any two of the four types.
 */
export const ACCOUNT_TYPES = [1, 2, 3, 4] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_NAMES: Record<AccountType, string> = {
  1: 'legal',
  2: 'change',
  3: 'lever',
  4: 'micro',
};
export const DEPOSIT_ACCOUNT_TYPE: AccountType = 2;
export const WITHDRAW_ACCOUNT_TYPE: AccountType = 2;
export const EXCHANGE_ACCOUNT_TYPE: AccountType = 2;

/** System account codes this module posts to (declared in ledger SYSTEM_ACCOUNTS). */
export const EXTERNAL = 'external';
export const DEMO = 'demo';
export const FEES = 'fees';
export const HOUSE = 'house';

/** Accepts 1..4 or the names legal/change/lever/micro (the spec's from_field / to_field). */
export function accountTypeOf(v: string | number): AccountType | null {
  const s = String(v).trim().toLowerCase();
  for (const t of ACCOUNT_TYPES) if (s === String(t) || s === ACCOUNT_TYPE_NAMES[t]) return t;
  return null;
}
