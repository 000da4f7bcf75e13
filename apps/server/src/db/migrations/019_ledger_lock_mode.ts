/**
 * The ledger's posting functions lock the accounts they check with FOR NO KEY UPDATE instead of
 * FOR UPDATE. The balance columns are not keys, so this is the lock an UPDATE of them takes anyway
 * and it still serialises postings to one account; but unlike FOR UPDATE it does not wait for the
 * FOR KEY SHARE locks that foreign-key checks take. A business transaction that inserts a row
 * referring to an account (a contract order, a subscription, a withdrawal) share-locks that
 * account; with FOR UPDATE, a concurrent posting to the account then waited on that transaction,
 * and if the business transaction waited on the posting's transaction for another row, the two
 * deadlocked (seen with contract placing and settling on PostgreSQL).
 *
 * The functions are re-created from their shipped text (migrations 001 and 010) with only the
 * lock mode changed, so their logic has one source.
 */
import { foundation } from './001_foundation';
import { ledgerBatch } from './010_ledger_batch';

function relock(statements: string[], name: string): string {
  const def = statements.find((s) => s.includes(`create function ${name}(`));
  if (!def) throw new Error(`migration 019: ${name} not found`);
  const out = def.replace(`create function ${name}(`, `create or replace function ${name}(`).replace(/\bfor update\b/g, 'for no key update');
  if (!out.includes('for no key update')) throw new Error(`migration 019: ${name} takes no row lock`);
  return out;
}

export const ledgerLockMode: string[] = [relock(foundation, 'ledger_post'), relock(ledgerBatch, 'ledger_post_batch')];
