export * as ledger from './service';
export { LedgerInvariantError } from './service';
export { reconcile, currencyTotals, type Reconciliation, type Violation } from './reconcile';
export { ledgerRoutes } from './routes';
export { walletList } from './balances';
export { SYSTEM_ACCOUNTS, type Bucket, type Leg, type EntryInput, type PostResult } from './types';
export { accountBalance, findUserAccountId } from './repo';
export { postMany, batchArrays, BatchRefused, LEDGER_OVERDRAWN, isOverdrawn, type ManyEntry, type BatchArrays } from './post-many';
export { ledgerAdminRoutes } from './admin-routes';
export {
  userBalances,
  userAccountsByIds,
  lockAccount,
  liabilityBalances,
  userJournalLines,
  userAccountIds,
  availableBalances,
  systemBalances,
  type BalanceRow,
  type JournalLine,
  type JournalLineFilter,
} from './account-reads';
