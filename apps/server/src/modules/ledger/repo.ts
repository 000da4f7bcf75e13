import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { BUCKET_CODE, type Bucket } from './types';

type Trx = Transaction<DB>;
type Executor = Database | Trx;

export async function findUserAccountId(
  db: Executor,
  userId: number,
  currencyId: number,
  accountType: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('currency_id', '=', currencyId)
    .where('account_type', '=', accountType)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function ensureUserAccount(
  trx: Trx,
  userId: number,
  currencyId: number,
  accountType: number,
): Promise<number> {
  await trx
    .insertInto('accounts')
    .values({ user_id: userId, currency_id: currencyId, account_type: accountType })
    .onConflict((oc) =>
      oc.columns(['user_id', 'currency_id', 'account_type']).where('user_id', 'is not', null).doNothing(),
    )
    .execute();
  const id = await findUserAccountId(trx, userId, currencyId, accountType);
  if (id === null) throw new Error('ledger: user account vanished');
  return id;
}

export async function ensureSystemAccount(
  trx: Trx,
  code: string,
  currencyId: number,
  allowNegative: boolean,
): Promise<number> {
  await trx
    .insertInto('accounts')
    .values({ system_code: code, currency_id: currencyId, account_type: 0, allow_negative: allowNegative })
    .onConflict((oc) => oc.columns(['system_code', 'currency_id']).where('system_code', 'is not', null).doNothing())
    .execute();
  const row = await trx
    .selectFrom('accounts')
    .select('id')
    .where('system_code', '=', code)
    .where('currency_id', '=', currencyId)
    .executeTakeFirstOrThrow();
  return row.id;
}

// An account's currency never changes, so it is cached per process (per database handle).
const currencyCache = new WeakMap<object, Map<number, number>>();

export async function accountCurrencies(trx: Trx, ids: number[]): Promise<Map<number, number>> {
  const cacheKey = trx.getExecutor().adapter;
  let cache = currencyCache.get(cacheKey);
  if (!cache) {
    cache = new Map<number, number>();
    currencyCache.set(cacheKey, cache);
  }
  const result = new Map<number, number>();
  const missing: number[] = [];
  for (const id of ids) {
    const c = cache.get(id);
    if (c === undefined) missing.push(id);
    else result.set(id, c);
  }
  if (missing.length) {
    const rows = await trx.selectFrom('accounts').select(['id', 'currency_id']).where('id', 'in', missing).execute();
    for (const r of rows) {
      cache.set(r.id, r.currency_id);
      result.set(r.id, r.currency_id);
    }
  }
  return result;
}

/** Inserts the entry unless its idempotency key exists; returns the new id or null on conflict. */
export async function insertEntry(
  trx: Trx,
  e: { kind: string; refType?: string; refId?: string; idempotencyKey?: string; memo?: string; at: Date },
): Promise<string | null> {
  const row = await trx
    .insertInto('journal_entries')
    .values({
      kind: e.kind,
      ref_type: e.refType ?? null,
      ref_id: e.refId ?? null,
      idempotency_key: e.idempotencyKey ?? null,
      memo: e.memo ?? null,
      created_at: e.at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

export async function findEntryIdByKey(trx: Executor, key: string): Promise<string | null> {
  const row = await trx
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

/**
 * Applies a signed change to one bucket, guarded so a balance that may not go negative never
 * does (the CHECK constraint is the backstop). Returns false when the guard refused.
 */
export async function applyDelta(trx: Trx, accountId: number, bucket: Bucket, delta: bigint): Promise<boolean> {
  const d = delta.toString();
  const result =
    bucket === 'available'
      ? await sql`update accounts set available = available + ${d}::numeric
                  where id = ${accountId} and (allow_negative or available + ${d}::numeric >= 0)`.execute(trx)
      : await sql`update accounts set frozen = frozen + ${d}::numeric
                  where id = ${accountId} and frozen + ${d}::numeric >= 0`.execute(trx);
  return (result.numAffectedRows ?? 0n) === 1n;
}

export async function insertPostings(
  trx: Trx,
  entryId: string,
  legs: Array<{ accountId: number; currencyId: number; bucket: Bucket; amount: bigint }>,
): Promise<void> {
  await trx
    .insertInto('postings')
    .values(
      legs.map((l) => ({
        entry_id: entryId,
        account_id: l.accountId,
        currency_id: l.currencyId,
        bucket: BUCKET_CODE[l.bucket],
        amount: l.amount.toString(),
      })),
    )
    .execute();
}

export interface BalanceRow {
  accountId: number;
  currencyId: number;
  accountType: number;
  available: bigint;
  frozen: bigint;
}

export async function userBalances(db: Executor, userId: number): Promise<BalanceRow[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'currency_id', 'account_type', 'available', 'frozen'])
    .where('user_id', '=', userId)
    .orderBy('account_type')
    .orderBy('currency_id')
    .execute();
  return rows.map((r) => ({
    accountId: r.id,
    currencyId: r.currency_id,
    accountType: r.account_type,
    available: BigInt(r.available),
    frozen: BigInt(r.frozen),
  }));
}

export async function accountBalance(db: Executor, accountId: number): Promise<{ available: bigint; frozen: bigint }> {
  const r = await db
    .selectFrom('accounts')
    .select(['available', 'frozen'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { available: BigInt(r.available), frozen: BigInt(r.frozen) };
}
