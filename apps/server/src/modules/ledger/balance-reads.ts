/**
 * Batch reads of accounts for other modules: account ids of many users, the available balances of
 * many accounts, the system accounts' balances. One query each (no per-account round trip), so
 * a caller on a hot path (a spot market's writer) reads the same rows it read by itself before.
 */
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';

type Executor = Database | Transaction<DB>;

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
