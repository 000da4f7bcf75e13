-- Trigger on `currencies` inserts: a new currency gets every system account at once, so business
-- transactions only ever read them (creating them on first use made concurrent transactions wait
-- on each other's uncommitted insert). The codes and sign rules are the ledger's SYSTEM_ACCOUNTS
-- (types.ts; ledger.test.ts keeps the two lists equal).
create or replace function ledger_system_accounts_for_currency()
returns trigger
language plpgsql
as $$
begin
  insert into accounts (system_code, currency_id, account_type, allow_negative)
    select c.code, new.id, 0, c.allow_negative
      from (values ('external', true), ('demo', true), ('house', true), ('fees', false),
                   ('rounding', false), ('savings_pool', false), ('yield_pool', false),
                   ('savings_revenue', false), ('lever_insurance', false)) as c(code, allow_negative)
    on conflict (system_code, currency_id) where system_code is not null do nothing;
  return null;
end
$$;
