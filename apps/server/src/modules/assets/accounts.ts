/**
 * Which account type each asset-centre flow uses (asset types: 1 legal, 2 change,
 * 3 lever, 4 micro). Deposits credit and withdrawals debit the "change" account (type 2, the
 * coin/exchange account where crypto is held); exchange also happens there. Transfers move
 * funds between any two of the four types.
 */
import type { AccountType } from '@bourse/contract';

// The account types themselves (ids, names, parsing) are defined once, in the contract.

export const DEPOSIT_ACCOUNT_TYPE: AccountType = 2;
export const WITHDRAW_ACCOUNT_TYPE: AccountType = 2;
export const EXCHANGE_ACCOUNT_TYPE: AccountType = 2;

/** System account codes this module posts to (declared in ledger SYSTEM_ACCOUNTS). */
export const EXTERNAL = 'external';
export const DEMO = 'demo';
export const FEES = 'fees';
export const HOUSE = 'house';
