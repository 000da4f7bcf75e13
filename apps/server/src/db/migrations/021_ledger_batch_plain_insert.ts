/**
 * Shipped as: `ledger_post_batch` re-created to insert its journal entries with a plain INSERT
 * instead of INSERT … ON CONFLICT (idempotency_key) DO NOTHING followed by a row count. The
 * outcome is the same (a key already in the journal, or repeated in the batch, fails the statement
 * with unique_violation, 23505, and nothing of the batch stays), without a speculative insertion
 * per entry (docs/benchmarks-history.md, seventh session).
 *
 * It built that definition by editing migration 019's text. The functions now live in files
 * applied after the ordered migrations (`db/functions.ts`), so this migration no longer defines
 * anything (see migration 019 for why the end result is the same on every database). The plain
 * insert lives on in `modules/ledger/sql/ledger_batch_record.sql`.
 */
export const ledgerBatchPlainInsert: string[] = [
  // Still recorded as applied on a fresh database, as on those it ran on.
  'select 1',
];
