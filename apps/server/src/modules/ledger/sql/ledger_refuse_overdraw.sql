-- The ledger's overdraw refusal (SQLSTATE BL001, `LEDGER_OVERDRAWN` in post-many.ts): raised by
-- `ledger_apply_changes` when a guarded bucket (available unless the account may go negative,
-- frozen always) would go below zero. Never returns; typed as the balance it stands in for.
create or replace function ledger_refuse_overdraw(
  p_account integer, p_bucket smallint, p_balance numeric, p_change numeric
)
returns numeric
language plpgsql
as $$
begin
  raise exception 'ledger: account % would be overdrawn (bucket %: % %)', p_account, p_bucket, p_balance, p_change
    using errcode = 'BL001';
end
$$;
