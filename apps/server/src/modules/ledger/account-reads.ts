/**
 * Reads of the ledger's accounts and journal for other modules (the asset centre's balances,
 * transfer accounts, records and liabilities; a spot writer's account ids and spending balances;
 * the savings pools' balances), so they need not name the ledger's tables. Batch reads take id
 * lists and make one query each (a spot writer on its hot path reads the rows it read by itself
 * before). Amounts are bigint base units; currencies are ids (the caller names them).
 */
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';

type Executor = Database | Transaction<DB>;

export { userBalances, type BalanceRow } from './repo';

/** The user's own accounts among `ids` (others' and unknown ids are left out). */
export async function userAccountsByIds(
  db: Executor,
  userId: number,
  ids: number[],
): Promise<Array<{ id: number; currencyId: number; accountType: number }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'currency_id', 'account_type'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => ({ id: r.id, currencyId: r.currency_id, accountType: r.account_type }));
}

/** Row lock on an account until the transaction ends: serialises a caller's work on one account. */
export async function lockAccount(trx: Transaction<DB>, accountId: number): Promise<void> {
  await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}

/**
 * Per currency: what users hold (available, frozen, and how many accounts hold anything), and
 * each system account's balance (available + frozen), by system code.
 */
export async function liabilityBalances(db: Database): Promise<{
  users: Array<{ currencyId: number; available: bigint; frozen: bigint; holders: number }>;
  system: Array<{ currencyId: number; systemCode: string; balance: bigint }>;
}> {
  const users = await sql<{ currency_id: number; available: string; frozen: string; holders: string }>`
    select currency_id, sum(available) as available, sum(frozen) as frozen,
           count(*) filter (where available + frozen <> 0) as holders
      from accounts where user_id is not null group by currency_id`.execute(db);
  const system = await sql<{ currency_id: number; system_code: string; balance: string }>`
    select currency_id, system_code, available + frozen as balance
      from accounts where system_code is not null order by system_code`.execute(db);
  return {
    users: users.rows.map((r) => ({
      currencyId: r.currency_id,
      available: BigInt(r.available),
      frozen: BigInt(r.frozen),
      holders: Number(r.holders),
    })),
    system: system.rows.map((r) => ({ currencyId: r.currency_id, systemCode: r.system_code, balance: BigInt(r.balance) })),
  };
}

export interface JournalLineFilter {
  currencyId?: number;
  accountType?: number;
  kind?: string;
  limit: number;
  offset: number;
}

export interface JournalLine {
  /** The line's first posting id. */
  id: string;
  entryId: string;
  accountType: number;
  currencyId: number;
  kind: string;
  refType: string | null;
  refId: string | null;
  createdAt: Date;
  /** The change of the account's available and frozen buckets in this entry. */
  available: bigint;
  frozen: bigint;
}

/**
 * One line per journal entry and account of the user's accounts (a freeze, available → frozen
 * inside one account, is one line), newest first, `limit` lines from `offset`.
 */
export async function userJournalLines(db: Database, userId: number, f: JournalLineFilter): Promise<JournalLine[]> {
  let q = db
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select((eb) => [
      eb.fn.min('p.id').as('id'),
      'p.entry_id',
      'a.account_type',
      'a.currency_id',
      'e.kind',
      'e.ref_type',
      'e.ref_id',
      'e.created_at',
      sql<string>`coalesce(sum(p.amount) filter (where p.bucket = 1), 0)`.as('available'),
      sql<string>`coalesce(sum(p.amount) filter (where p.bucket <> 1), 0)`.as('frozen'),
    ])
    .where('a.user_id', '=', userId);
  if (f.currencyId) q = q.where('a.currency_id', '=', f.currencyId);
  if (f.accountType) q = q.where('a.account_type', '=', f.accountType);
  if (f.kind) q = q.where('e.kind', '=', f.kind);
  const rows = await q
    .groupBy(['p.entry_id', 'p.account_id', 'a.account_type', 'a.currency_id', 'e.kind', 'e.ref_type', 'e.ref_id', 'e.created_at'])
    .orderBy('p.entry_id', 'desc')
    .orderBy((eb) => eb.fn.min('p.id'), 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    entryId: r.entry_id,
    accountType: r.account_type,
    currencyId: r.currency_id,
    kind: r.kind,
    refType: r.ref_type,
    refId: r.ref_id,
    createdAt: r.created_at,
    available: BigInt(r.available),
    frozen: BigInt(r.frozen),
  }));
}

/** The existing accounts of type `accountType` of these users in these currencies. */
export async function userAccountIds(
  db: Executor,
  userIds: number[],
  currencyIds: number[],
  accountType: number,
): Promise<Array<{ id: number; user_id: number; currency_id: number }>> {
  if (userIds.length === 0 || currencyIds.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'currency_id'])
    .where('user_id', 'in', userIds)
    .where('currency_id', 'in', currencyIds)
    .where('account_type', '=', accountType)
    .execute();
  // user_id is set on user accounts (the query names users).
  return rows.map((r) => ({ id: r.id, user_id: r.user_id!, currency_id: r.currency_id }));
}

/** The available balance of each account (accounts that do not exist are absent). */
export async function availableBalances(db: Executor, accountIds: number[]): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.selectFrom('accounts').select(['id', 'available']).where('id', 'in', accountIds).execute();
  return new Map(rows.map((r) => [r.id, BigInt(r.available)]));
}

/** The available balances of the system accounts with these codes, in every currency. */
export async function systemBalances(db: Executor, codes: string[]): Promise<Array<{ code: string; currencyId: number; available: bigint }>> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('accounts').select(['system_code', 'currency_id', 'available']).where('system_code', 'in', codes).execute();
  return rows.map((r) => ({ code: r.system_code!, currencyId: r.currency_id, available: BigInt(r.available) }));
}
