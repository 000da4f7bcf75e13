-- The balances half of a set of postings recorded elsewhere (`ledger_batch_record`), for a writer
-- that refuses its whole transaction on a shortfall anyway (the spot group commit): every account
-- named is locked in id order (FOR NO KEY UPDATE, as every ledger function: no deadlock with other
-- postings), then the net change per account and bucket is applied by ONE statement. There is no
-- separate check before it (ledger_batch_apply's, which lets a caller go on after a refusal): a
-- guarded bucket that would go below zero raises the ledger's overdraw instead
-- (`ledger_refuse_overdraw`: SQLSTATE BL001, `LEDGER_OVERDRAWN` in post-many.ts), which fails the
-- caller's statement with nothing changed. The accounts' CHECK constraints stay the last word.
create or replace function ledger_apply_changes(
  p_accounts integer[], p_buckets smallint[], p_amounts numeric[]
)
returns void
language plpgsql
as $$
begin
  perform 1 from accounts where id = any(p_accounts) order by id for no key update;
  -- A bucket that does not go down cannot go below zero (the CHECKs hold): only debits are compared.
  update accounts a
     set available = case when d.d_avail >= 0 or a.allow_negative or a.available + d.d_avail >= 0
                          then a.available + d.d_avail
                          else ledger_refuse_overdraw(a.id, 1::smallint, a.available, d.d_avail) end,
         frozen = case when d.d_frozen >= 0 or a.frozen + d.d_frozen >= 0
                       then a.frozen + d.d_frozen
                       else ledger_refuse_overdraw(a.id, 2::smallint, a.frozen, d.d_frozen) end
    from (select t.acct,
                 coalesce(sum(t.amount) filter (where t.bucket = 1), 0) as d_avail,
                 coalesce(sum(t.amount) filter (where t.bucket = 2), 0) as d_frozen
            from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
           group by t.acct) d
   where a.id = d.acct and (d.d_avail <> 0 or d.d_frozen <> 0);
end
$$;
