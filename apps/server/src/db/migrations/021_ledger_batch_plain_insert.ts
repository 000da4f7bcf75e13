/**
 * `ledger_post_batch` inserts its journal entries with a plain INSERT instead of
 * INSERT … ON CONFLICT (idempotency_key) DO NOTHING followed by a row count. The outcome is the
 * same: a key already in the journal (or repeated in the batch) fails the statement with
 * unique_violation (SQLSTATE 23505), which postMany turns into BatchRefused and the spot writer
 * into a refused group, and nothing of the batch stays. But ON CONFLICT makes every row a
 * speculative insertion (probe the unique index, insert with a speculative token, confirm), a
 * cost paid per entry by every spot group commit and savings accrual for a case that only ever
 * ends in an error (docs/benchmarks.md, seventh session).
 *
 * The function is re-created from its current text (migration 019's, which is 010's with the
 * lock mode changed) with only this statement changed, so its logic keeps one source.
 */
import { ledgerLockMode } from './019_ledger_lock_mode';

const CONFLICT = `
       on conflict (idempotency_key) do nothing;
     get diagnostics v_inserted = row_count;
     if v_inserted <> v_n then
       raise exception 'ledger: idempotency key already used in batch' using errcode = 'unique_violation';
     end if;`;

function plainInsert(): string {
  const def = ledgerLockMode.find((s) => s.includes('create or replace function ledger_post_batch('));
  if (!def) throw new Error('migration 021: ledger_post_batch not found');
  if (!def.includes(CONFLICT)) throw new Error('migration 021: the journal insert of ledger_post_batch is not the expected text');
  return def
    .replace(CONFLICT, ';\n     -- A used key fails this statement through the unique index (unique_violation).')
    .replace('     v_inserted integer;\n', '');
}

export const ledgerBatchPlainInsert: string[] = [plainInsert()];
