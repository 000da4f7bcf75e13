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
  // Every currency gets the declared system accounts when it is created (migration 025), so this
  // is a plain read; inserting here, inside a business transaction, is what made two of them wait
  // on each other's uncommitted accounts. The insert stays for codes outside the declared list.
  const find = () =>
    trx.selectFrom('accounts').select('id').where('system_code', '=', code).where('currency_id', '=', currencyId).executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  await trx
    .insertInto('accounts')
    .values({ system_code: code, currency_id: currencyId, account_type: 0, allow_negative: allowNegative })
    .onConflict((oc) => oc.columns(['system_code', 'currency_id']).where('system_code', 'is not', null).doNothing())
    .execute();
  const row = await find();
  if (!row) throw new Error('ledger: system account vanished');
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

/**
 * Posts one entry in a single round trip through the `ledger_post` database function
 * (migration 001): entry, guarded balance changes in account order, postings.
 */
export async function postEntry(
  trx: Trx,
  e: { kind: string; refType?: string; refId?: string; idempotencyKey?: string; memo?: string; at: Date },
  legs: Array<{ accountId: number; currencyId: number; bucket: Bucket; amount: bigint }>,
): Promise<{ status: 'posted' | 'duplicate'; entryId: string } | { status: 'refused' }> {
  const result = await sql<{ id: string }>`select ledger_post(
      ${e.kind}, ${e.refType ?? null}, ${e.refId ?? null}, ${e.idempotencyKey ?? null}, ${e.memo ?? null}, ${e.at},
      ${legs.map((l) => l.accountId)}::integer[],
      ${legs.map((l) => l.currencyId)}::integer[],
      ${legs.map((l) => BUCKET_CODE[l.bucket])}::smallint[],
      ${legs.map((l) => l.amount.toString())}::numeric[]) as id`.execute(trx);
  const id = BigInt(result.rows[0]!.id);
  if (id === 0n) return { status: 'refused' };
  return id > 0n ? { status: 'posted', entryId: id.toString() } : { status: 'duplicate', entryId: (-id).toString() };
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
