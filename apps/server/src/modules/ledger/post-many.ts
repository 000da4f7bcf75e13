/**
 * Posts a group's journal entries in one round trip instead of one per entry.
 *
 * The entries go through the ledger's set-based database primitive, `ledger_post_batch`
 * (migration 010): the same idempotency keys, guarded balances under row locks taken in account
 * order, append-only journal and zero-sum trigger as `ledger_post`, applied to the batch as a
 * whole (the net change per account is checked; the batch commits atomically, so no
 * intermediate balance is ever visible).
 *
 * The legs are checked here to balance per currency (as ledger.post does; the database trigger
 * also refuses a posting whose currency is not its account's). A refusal (a shortfall or a key
 * already used) throws BatchRefused, which rolls back the caller's transaction (the spot writer
 * then rebuilds and retries one by one; savings accrual marks the day stalled).
 * Used by high-volume writers (spot matching, savings accrual); everything else uses `post`.
 */
import { sql } from 'kysely';
import type { Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { LedgerInvariantError } from './service';
import type { Leg } from './types';

const BUCKET: Record<Leg['bucket'], number> = { available: 1, frozen: 2 };

export interface ManyEntry {
  kind: string;
  refType: string;
  refId: string;
  idempotencyKey: string;
  memo?: string;
  legs: Array<Leg & { currencyId: number }>;
}

export class BatchRefused extends Error {
  constructor() {
    super('ledger refused the batch (a balance would go below zero, or an idempotency key was already used)');
  }
}

/**
 * SQLSTATE of the ledger's overdraw refusal: `ledger_apply_changes` (sql/ledger_apply_changes.sql),
 * the set-based balances step of writers that record their postings with `ledger_batch_record`
 * and refuse their whole statement on a shortfall (the spot group commit), raises it when a
 * guarded bucket would go below zero. The failed statement changed nothing.
 */
export const LEDGER_OVERDRAWN = 'BL001';

/** True when a database error is the ledger refusing an overdraw (`LEDGER_OVERDRAWN`). */
export function isOverdrawn(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === LEDGER_OVERDRAWN;
}

/** The column arrays of ledger_post_batch for a batch (each entry checked to balance per currency). */
export interface BatchArrays {
  kinds: string[];
  refTypes: string[];
  refIds: string[];
  keys: string[];
  memos: Array<string | null>;
  entryOf: number[];
  accounts: number[];
  currencies: number[];
  buckets: number[];
  amounts: string[];
}

export function batchArrays(entries: ManyEntry[]): BatchArrays {
  const a: BatchArrays = { kinds: [], refTypes: [], refIds: [], keys: [], memos: [], entryOf: [], accounts: [], currencies: [], buckets: [], amounts: [] };
  entries.forEach((e, i) => {
    const sums = new Map<number, bigint>();
    for (const l of e.legs) {
      if (l.amount === 0n) throw new LedgerInvariantError('leg amount must be a non-zero bigint');
      sums.set(l.currencyId, (sums.get(l.currencyId) ?? 0n) + l.amount);
      a.entryOf.push(i + 1);
      a.accounts.push(l.accountId);
      a.currencies.push(l.currencyId);
      a.buckets.push(BUCKET[l.bucket]);
      a.amounts.push(l.amount.toString());
    }
    for (const s of sums.values()) if (s !== 0n) throw new LedgerInvariantError(`entry ${e.idempotencyKey} does not balance`);
    a.kinds.push(e.kind);
    a.refTypes.push(e.refType);
    a.refIds.push(e.refId);
    a.keys.push(e.idempotencyKey);
    a.memos.push(e.memo ?? null);
  });
  return a;
}

export async function postMany(trx: Transaction<DB>, entries: ManyEntry[], at: Date): Promise<string[]> {
  if (!entries.length) return [];
  const a = batchArrays(entries);
  const res = await sql<{ ids: string[] | null }>`select ledger_post_batch(${at},
      ${a.kinds}::text[], ${a.refTypes}::text[], ${a.refIds}::text[], ${a.keys}::text[], ${a.memos}::text[],
      ${a.entryOf}::integer[], ${a.accounts}::integer[], ${a.currencies}::integer[], ${a.buckets}::smallint[], ${a.amounts}::numeric[])::text[] as ids`
    .execute(trx)
    .catch((err: unknown) => {
      // A used idempotency key (SQLSTATE 23505): the same refusal as a shortfall.
      if ((err as { code?: string }).code === '23505') throw new BatchRefused();
      throw err;
    });
  const ids = res.rows[0]?.ids;
  if (!ids) throw new BatchRefused();
  return ids;
}
