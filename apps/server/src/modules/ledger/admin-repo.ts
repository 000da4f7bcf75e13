/** Reads of the console's Ledger and Journal pages (the ledger's own tables only). */
import type { Database } from '../../db/database';

export async function systemAccounts(db: Database) {
  return db
    .selectFrom('accounts')
    .select(['id as account_id', 'system_code', 'currency_id', 'available', 'frozen', 'allow_negative'])
    .where('system_code', 'is not', null)
    .orderBy('system_code')
    .orderBy('currency_id')
    .execute();
}

export async function listEntries(db: Database, page: number, limit: number) {
  const entries = await db
    .selectFrom('journal_entries')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const ids = entries.map((e) => e.id);
  const postings = ids.length
    ? await db
        .selectFrom('postings as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .select(['p.entry_id', 'p.account_id', 'a.user_id', 'a.system_code', 'a.account_type', 'p.currency_id', 'p.bucket', 'p.amount'])
        .where('p.entry_id', 'in', ids)
        .orderBy('p.id')
        .execute()
    : [];
  const total = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { entries, postings, total: Number(total.n) };
}
