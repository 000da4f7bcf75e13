-- The balances half of `ledger_post_batch`: locks every account of the batch in id order (FOR NO
-- KEY UPDATE, as ledger_post), checks the batch's NET change per account and bucket against the
-- guarded balances (net is what matters: the batch commits atomically) and applies it with one
-- UPDATE. Answers false on a shortfall, before anything changed.
create or replace function ledger_batch_apply(
  p_accounts integer[], p_buckets smallint[], p_amounts numeric[]
)
returns boolean
language plpgsql
as $$
begin
  perform 1 from accounts where id = any(p_accounts) order by id for no key update;
  if exists (
    select 1
      from (select t.acct,
                   coalesce(sum(t.amount) filter (where t.bucket = 1), 0) as d_avail,
                   coalesce(sum(t.amount) filter (where t.bucket = 2), 0) as d_frozen
              from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
             group by t.acct) d
      join accounts a on a.id = d.acct
     where (d.d_avail < 0 and not a.allow_negative and a.available + d.d_avail < 0)
        or (d.d_frozen < 0 and a.frozen + d.d_frozen < 0)) then
    return false;
  end if;
  update accounts a
     set available = a.available + d.d_avail, frozen = a.frozen + d.d_frozen
    from (select t.acct,
                 coalesce(sum(t.amount) filter (where t.bucket = 1), 0) as d_avail,
                 coalesce(sum(t.amount) filter (where t.bucket = 2), 0) as d_frozen
            from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
           group by t.acct) d
   where a.id = d.acct and (d.d_avail <> 0 or d.d_frozen <> 0);
  return true;
end
$$;
