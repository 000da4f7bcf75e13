-- An order's id, user and instrument never change (trades refer to them). The trigger fires only for
-- UPDATEs naming those columns, which the writer's never do.
create or replace function spot_orders_fixed_keys()
returns trigger
language plpgsql
as $$
begin
  if new.id <> old.id or new.user_id <> old.user_id or new.instrument_id <> old.instrument_id then
    raise exception 'spot: an order''s id, user and instrument never change';
  end if;
  return new;
end
$$;
