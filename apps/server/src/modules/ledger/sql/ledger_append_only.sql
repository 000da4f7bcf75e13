-- Journal entries and postings are append-only: triggers refuse UPDATE, DELETE and TRUNCATE.
create or replace function ledger_append_only()
returns trigger
language plpgsql
as $$
begin
  raise exception 'ledger: % is append-only', tg_table_name;
end
$$;
