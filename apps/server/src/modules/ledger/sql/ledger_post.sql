-- One journal entry with its postings, the ledger's primitive (`ledger.post`, service.ts). Runs in
-- the caller's transaction, so the business row and its money commit together.
-- - A used idempotency key changes nothing and answers minus the first entry's id.
-- - Every account the entry touches, credited ones too, is locked in account-id order first (so
--   opposite transfers cannot deadlock), FOR NO KEY UPDATE: the lock an UPDATE of the balances
--   takes anyway, which does not wait on foreign-key share locks of a business row just inserted.
-- - The debited buckets are then checked; a shortfall changes nothing and answers 0.
-- - Otherwise the net change per account and bucket is applied (guarded updates), the postings are
--   inserted (their statement trigger checks the entry balances per currency) and the entry's id
--   is the answer.
create or replace function ledger_post(
  p_kind text, p_ref_type text, p_ref_id text, p_key text, p_memo text, p_at timestamptz,
  p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[]
)
returns bigint
language plpgsql
as $$
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
end
$$;
