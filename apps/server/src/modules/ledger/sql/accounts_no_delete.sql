-- Accounts are never deleted nor truncated (postings refer to them without a foreign key).
create or replace function accounts_no_delete()
returns trigger
language plpgsql
as $$
begin
  raise exception 'ledger: accounts are never deleted (their postings refer to them)';
end
$$;
