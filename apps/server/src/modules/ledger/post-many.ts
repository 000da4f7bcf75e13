/**
 * Posts a group's journal entries in a few round trips instead of one per entry.
 *
 * Each entry goes through the ledger's own database primitive, `ledger_post` (migration 001):
 * the same idempotency keys, the same guarded balance updates under row locks, the same
 * append-only journal and the same deferred zero-sum trigger as `ledger.post`. What differs is
 * only the transport: up to CHUNK calls in one SELECT (evaluated left to right), so a group of
 * a hundred orders costs a couple of round trips rather than a few hundred.
 *
 * The legs are checked here to balance per currency (as ledger.post does; the database trigger
 * also refuses a posting whose currency is not its account's); any refusal or duplicate throws,
 * which rolls back the caller's transaction (the spot writer then rebuilds and retries).
 * Used by high-volume writers (spot matching); everything else uses `post`.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { LedgerInvariantError } from './service';
import type { Leg } from './types';

const CHUNK = 200;
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
  constructor(readonly index: number) {
    super(`ledger refused entry ${index} of the batch`);
  }
}

export async function postMany(trx: Transaction<DB>, entries: ManyEntry[], at: Date): Promise<string[]> {
  for (const e of entries) {
    const sums = new Map<number, bigint>();
    for (const l of e.legs) {
      if (l.amount === 0n) throw new LedgerInvariantError('leg amount must be a non-zero bigint');
      sums.set(l.currencyId, (sums.get(l.currencyId) ?? 0n) + l.amount);
    }
    for (const s of sums.values()) if (s !== 0n) throw new LedgerInvariantError(`entry ${e.idempotencyKey} does not balance`);
  }
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += CHUNK) {
    const chunk = entries.slice(start, start + CHUNK);
    const calls: RawBuilder<unknown>[] = chunk.map(
      (e, i) => sql`ledger_post(${e.kind}, ${e.refType}, ${e.refId}, ${e.idempotencyKey}, ${e.memo ?? null}, ${at},
        ${e.legs.map((l) => l.accountId)}::integer[],
        ${e.legs.map((l) => l.currencyId)}::integer[],
        ${e.legs.map((l) => BUCKET[l.bucket])}::smallint[],
        ${e.legs.map((l) => l.amount.toString())}::numeric[])::text as ${sql.ref(`e${i}`)}`,
    );
    const res = await sql<Record<string, string>>`select ${sql.join(calls)}`.execute(trx);
    const row = res.rows[0]!;
    chunk.forEach((_, i) => {
      const id = BigInt(row[`e${i}`]!);
      if (id <= 0n) throw new BatchRefused(start + i);
      ids.push(id.toString());
    });
  }
  return ids;
}
