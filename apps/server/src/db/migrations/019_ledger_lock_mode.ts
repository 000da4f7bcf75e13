/**
 * Shipped as: the ledger's posting functions (`ledger_post`, `ledger_post_batch`) re-created with
 * their row locks taken FOR NO KEY UPDATE instead of FOR UPDATE. The balance columns are not keys,
 * so this is the lock an UPDATE of them takes anyway and it still serialises postings to one
 * account; but unlike FOR UPDATE it does not wait for the FOR KEY SHARE locks that foreign-key
 * checks take (a business row inserted for an account, then a posting to it, used to deadlock
 * contract placing against settling on PostgreSQL).
 *
 * It built those definitions by editing the text of migrations 001 and 010. The functions now
 * live in files applied after the ordered migrations (`db/functions.ts`), so this migration no
 * longer defines anything:
 * - a database that already ran it keeps it recorded and never runs it again; the function files
 *   then replace both functions with their current definitions;
 * - a fresh database runs the earlier versions (001, 010) and the later ones (023, 025) in order,
 *   and ends with the same function files applied on top, so the definitions it ends with are the
 *   same. Nothing runs between the migrations and the files (one transaction, under the lock).
 * The lock mode lives on in `modules/ledger/sql/ledger_post.sql` and `ledger_batch_apply.sql`.
 */
export const ledgerLockMode: string[] = [
  // Still recorded as applied on a fresh database, as on those it ran on.
  'select 1',
];
