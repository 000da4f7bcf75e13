import { sql } from 'kysely';
import type { Database } from '../../db/database';

export interface Violation {
  kind: 'balance_mismatch' | 'negative_balance' | 'currency_not_zero' | 'entry_unbalanced' | 'currency_mismatch' | 'orphan_posting';
  detail: string;
}

export interface Reconciliation {
  ok: boolean;
  violations: Violation[];
  entries: number;
  postings: number;
  accounts: number;
}

/**
 * Checks the books: every account's balances equal the sum of its postings, no balance that may
 * not go negative is negative, every currency sums to zero over all accounts, every entry sums
 * to zero per currency, and every posting is in its account's currency.
 */
export async function reconcile(db: Database): Promise<Reconciliation> {
  const violations: Violation[] = [];

  const mismatched = await sql<{ id: number; available: string; frozen: string; pa: string; pf: string }>`
    select a.id, a.available, a.frozen,
           coalesce(sum(p.amount) filter (where p.bucket = 1), 0) as pa,
           coalesce(sum(p.amount) filter (where p.bucket = 2), 0) as pf
      from accounts a left join postings p on p.account_id = a.id
     group by a.id
    having a.available <> coalesce(sum(p.amount) filter (where p.bucket = 1), 0)
        or a.frozen <> coalesce(sum(p.amount) filter (where p.bucket = 2), 0)
     limit 100`.execute(db);
  for (const r of mismatched.rows) {
    violations.push({
      kind: 'balance_mismatch',
      detail: `account ${r.id}: available ${r.available} vs postings ${r.pa}, frozen ${r.frozen} vs postings ${r.pf}`,
    });
  }

  const negative = await sql<{ id: number; available: string; frozen: string }>`
    select id, available, frozen from accounts
     where (not allow_negative and available < 0) or frozen < 0 limit 100`.execute(db);
  for (const r of negative.rows) {
    violations.push({ kind: 'negative_balance', detail: `account ${r.id}: available ${r.available}, frozen ${r.frozen}` });
  }

  const currencies = await sql<{ currency_id: number; total: string }>`
    select currency_id, sum(available + frozen) as total from accounts
     group by currency_id having sum(available + frozen) <> 0`.execute(db);
  for (const r of currencies.rows) {
    violations.push({ kind: 'currency_not_zero', detail: `currency ${r.currency_id} sums to ${r.total}` });
  }

  const entries = await sql<{ entry_id: string; currency_id: number; total: string }>`
    select entry_id, currency_id, sum(amount) as total from postings
     group by entry_id, currency_id having sum(amount) <> 0 limit 100`.execute(db);
  for (const r of entries.rows) {
    violations.push({
      kind: 'entry_unbalanced',
      detail: `entry ${r.entry_id} sums to ${r.total} in currency ${r.currency_id}`,
    });
  }

  const wrongCurrency = await sql<{ id: string }>`
    select p.id from postings p join accounts a on a.id = p.account_id
     where a.currency_id <> p.currency_id limit 100`.execute(db);
  for (const r of wrongCurrency.rows) {
    violations.push({ kind: 'currency_mismatch', detail: `posting ${r.id} differs from its account's currency` });
  }

  // The insert trigger refuses these (migration 012); reconciliation checks the stored rows too.
  const orphans = await sql<{ id: string }>`
    select p.id from postings p
     where not exists (select 1 from accounts a where a.id = p.account_id)
        or not exists (select 1 from journal_entries e where e.id = p.entry_id) limit 100`.execute(db);
  for (const r of orphans.rows) {
    violations.push({ kind: 'orphan_posting', detail: `posting ${r.id} names an unknown account or journal entry` });
  }

  const counts = await sql<{ entries: string; postings: string; accounts: string }>`
    select (select count(*) from journal_entries) as entries,
           (select count(*) from postings) as postings,
           (select count(*) from accounts) as accounts`.execute(db);
  const c = counts.rows[0]!;
  return {
    ok: violations.length === 0,
    violations,
    entries: Number(c.entries),
    postings: Number(c.postings),
    accounts: Number(c.accounts),
  };
}

export interface CurrencyTotals {
  currencyId: number;
  usersAvailable: bigint;
  usersFrozen: bigint;
  systemTotal: bigint;
  total: bigint;
}

/**
 * Totals per currency: what users hold (the platform's liabilities) and the system side. Every
 * currency has its system accounts from creation (migration 025), so every currency is listed.
 */
export async function currencyTotals(db: Database): Promise<CurrencyTotals[]> {
  const rows = await sql<{ currency_id: number; ua: string; uf: string; st: string; total: string }>`
    select a.currency_id,
           coalesce(sum(a.available) filter (where a.user_id is not null), 0) as ua,
           coalesce(sum(a.frozen) filter (where a.user_id is not null), 0) as uf,
           coalesce(sum(a.available + a.frozen) filter (where a.user_id is null), 0) as st,
           coalesce(sum(a.available + a.frozen), 0) as total
      from accounts a
     group by a.currency_id order by a.currency_id`.execute(db);
  return rows.rows.map((r) => ({
    currencyId: r.currency_id,
    usersAvailable: BigInt(r.ua),
    usersFrozen: BigInt(r.uf),
    systemTotal: BigInt(r.st),
    total: BigInt(r.total),
  }));
}
