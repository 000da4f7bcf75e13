-- The journal half of a batch (`ledger_post_batch`, and the spot group commit before its fence):
-- numbers the entries from the journal's sequence in batch order, inserts them and their postings
-- with one statement each, and answers their ids. Changes no balance; `p_entry` gives each
-- posting's entry as its 1-based position in the batch.
create or replace function ledger_batch_record(
  p_at timestamptz,
  p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
  p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[]
)
returns bigint[]
language plpgsql
as $$
declare
  v_ids bigint[];
  v_seq regclass := pg_get_serial_sequence('journal_entries', 'id')::regclass;
begin
  select array_agg(nextval(v_seq) order by g) into v_ids
    from generate_series(1, coalesce(array_length(p_kinds, 1), 0)) as g;
  -- A used key fails this statement through the unique index (unique_violation).
  insert into journal_entries (id, kind, ref_type, ref_id, idempotency_key, memo, created_at)
    select v_ids[t.ord], t.kind, t.ref_type, t.ref_id, t.key, t.memo, p_at
      from unnest(p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos) with ordinality as t(kind, ref_type, ref_id, key, memo, ord);
  -- The statement trigger checks that every entry balances per currency and every posting's
  -- account exists in its currency.
  insert into postings (entry_id, account_id, currency_id, bucket, amount)
    select v_ids[t.e], t.acct, t.cur, t.bucket, t.amount
      from unnest(p_entry, p_accounts, p_currencies, p_buckets, p_amounts) as t(e, acct, cur, bucket, amount);
  return coalesce(v_ids, '{}'::bigint[]);
end
$$;
