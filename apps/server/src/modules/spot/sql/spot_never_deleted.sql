-- Spot orders and instruments are never deleted nor truncated (trades refer to them without a
-- foreign key).
create or replace function spot_never_deleted()
returns trigger
language plpgsql
as $$
begin
  raise exception 'spot: % rows are never deleted (trades refer to them)', tg_table_name;
end
$$;
