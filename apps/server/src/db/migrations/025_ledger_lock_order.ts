/**
 * Two changes so that concurrent postings never deadlock each other (on PostgreSQL a deadlock
 * aborts one transaction, which reached the user as HTTP 500; money stayed safe).
 *
 * 1. Every currency has all its system accounts from the moment it exists. They used to be made
 *    on first use, inside the business transaction that first needed them: two exchanges in
 *    opposite directions each inserted one of the missing house/fee accounts and then waited for
 *    the other's uncommitted insert. Now a trigger on `currencies` creates them (the codes and
 *    sign rules of the ledger's SYSTEM_ACCOUNTS; a test keeps the two lists equal), and existing
 *    currencies get theirs here.
 *
 * 2. `ledger_post` locks every account an entry touches, credited ones too, in account-id order,
 * before it changes any of them.
 *
 * Until now it locked only the debited accounts in order and took the credited ones later, in its
 * UPDATE statements. Two opposite transfers (A→B and B→A, e.g. a user moving funds between their
 * change and contract accounts both ways, or two users exchanging USDT→ETH and ETH→USDT through
 * the same treasury accounts) then each held one row and waited for the other's: PostgreSQL broke
 * the cycle with a deadlock error, which reached the user as HTTP 500 (money stayed safe, the
 * transaction rolled back). Taking all the rows in one order, as `ledger_post_batch` already does,
 * removes the cycle.
 *
 * The lock is FOR NO KEY UPDATE (migration 019's reason: it is what the UPDATE takes anyway and it
 * does not wait for foreign-key share locks). The function is written out whole here, not derived
 * from migration 001's text.
 */
export const ledgerLockOrder: string[] = [
  `create function ledger_system_accounts_for_currency() returns trigger language plpgsql as $$
   begin
     insert into accounts (system_code, currency_id, account_type, allow_negative)
       select c.code, new.id, 0, c.allow_negative
         from (values ('external', true), ('demo', true), ('house', true), ('fees', false),
                      ('rounding', false), ('savings_pool', false), ('yield_pool', false),
                      ('savings_revenue', false)) as c(code, allow_negative)
       on conflict (system_code, currency_id) where system_code is not null do nothing;
     return null;
   end $$`,
  `create trigger currencies_system_accounts after insert on currencies
     for each row execute function ledger_system_accounts_for_currency()`,
  `insert into accounts (system_code, currency_id, account_type, allow_negative)
     select c.code, cur.id, 0, c.allow_negative
       from currencies cur
      cross join (values ('external', true), ('demo', true), ('house', true), ('fees', false),
                         ('rounding', false), ('savings_pool', false), ('yield_pool', false),
                         ('savings_revenue', false)) as c(code, allow_negative)
     on conflict (system_code, currency_id) where system_code is not null do nothing`,
  `create or replace function ledger_post(
     p_kind text, p_ref_type text, p_ref_id text, p_key text, p_memo text, p_at timestamptz,
     p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[])
   returns bigint language plpgsql as $$
   declare
     v_entry bigint;
     v_existing bigint;
     v_locked integer;
     r record;
     a record;
   begin
     if p_key is not null then
       select id into v_existing from journal_entries where idempotency_key = p_key;
       if found then
         return -v_existing;
       end if;
     end if;
     -- Every touched account, in id order: opposite postings cannot wait on each other.
     select count(*) into v_locked from (
       select id from accounts
        where id in (select distinct t.acct from unnest(p_accounts) as t(acct))
        order by id
          for no key update
     ) locked;
     if v_locked <> (select count(distinct t.acct) from unnest(p_accounts) as t(acct)) then
       raise exception 'ledger: a posting names an account that does not exist';
     end if;
     -- Then the guarded buckets are checked; a shortfall changes nothing and answers 0.
     for r in
       select t.acct, t.bucket, sum(t.amount) as delta
         from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
        group by t.acct, t.bucket having sum(t.amount) < 0
        order by t.acct, t.bucket
     loop
       select available, frozen, allow_negative into a from accounts where id = r.acct;
       if (r.bucket = 1 and not a.allow_negative and a.available + r.delta < 0)
          or (r.bucket = 2 and a.frozen + r.delta < 0) then
         return 0;
       end if;
     end loop;
     insert into journal_entries (kind, ref_type, ref_id, idempotency_key, memo, created_at)
       values (p_kind, p_ref_type, p_ref_id, p_key, p_memo, p_at)
       on conflict (idempotency_key) do nothing
       returning id into v_entry;
     if v_entry is null then
       return -(select id from journal_entries where idempotency_key = p_key);
     end if;
     for r in
       select t.acct, t.bucket, sum(t.amount) as delta
         from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
        group by t.acct, t.bucket having sum(t.amount) <> 0
        order by t.acct, t.bucket
     loop
       if r.bucket = 1 then
         update accounts set available = available + r.delta
          where id = r.acct and (allow_negative or available + r.delta >= 0);
       else
         update accounts set frozen = frozen + r.delta where id = r.acct and frozen + r.delta >= 0;
       end if;
       if not found then
         raise exception 'ledger: guarded update refused after check (account %)', r.acct;
       end if;
     end loop;
     insert into postings (entry_id, account_id, currency_id, bucket, amount)
       select v_entry, t.acct, t.cur, t.bucket, t.amount
         from unnest(p_accounts, p_currencies, p_buckets, p_amounts) as t(acct, cur, bucket, amount);
     return v_entry;
   end $$`,
];
