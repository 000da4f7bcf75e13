/**
 * Shipped as: less PostgreSQL work per spot order (docs/benchmarks-history.md, eleventh session).
 * `spot_commit_group2` changed a group's balances without `ledger_batch_apply`'s explicit
 * shortfall check before the update (the accounts' CHECK constraints refused an overdraw), and
 * the journal's and the trades' id sequences were looked up once per call instead of once per row
 * (`ledger_batch_record`, `spot_commit_group2`).
 *
 * It built those definitions by editing migration 023's text. The functions now live in files
 * applied after the ordered migrations (`db/functions.ts`), so this migration no longer defines
 * anything (see migration 019 for why the end result is the same on every database). Its changes
 * live on in `modules/ledger/sql/ledger_batch_record.sql`, `ledger_apply_changes.sql` (the
 * balances, changed by one statement, now the ledger's own function) and
 * `modules/spot/sql/spot_commit_group2.sql`.
 */
export const spotCommitLeaner: string[] = [
  // Still recorded as applied on a fresh database, as on those it ran on.
  'select 1',
];
