-- A batch of journal entries in one call (`postMany`, post-many.ts: savings accrual and other
-- high-volume writers), with ledger_post's guarantees applied to the batch as a whole: the balances
-- are checked and changed first (`ledger_batch_apply`: accounts locked in id order, the batch's
-- net change per account checked), then the entries and postings recorded (`ledger_batch_record`).
-- Answers the entry ids in batch order; NULL on a shortfall, before anything changed; a used
-- idempotency key fails the statement (unique_violation).
create or replace function ledger_post_batch(
  p_at timestamptz,
  p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
  p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[]
)
returns bigint[]
language plpgsql
as $$
begin
  if coalesce(array_length(p_kinds, 1), 0) = 0 then
    return '{}'::bigint[];
  end if;
  if not ledger_batch_apply(p_accounts, p_buckets, p_amounts) then
    return null;
  end if;
  return ledger_batch_record(p_at, p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos,
                             p_entry, p_accounts, p_currencies, p_buckets, p_amounts);
end
$$;
