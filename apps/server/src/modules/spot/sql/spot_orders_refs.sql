-- Statement trigger on `spot_orders` inserts (spot_orders_refs_trg), instead of two foreign keys per
-- row: every order's instrument and user exist. The users are share-locked (FOR KEY SHARE, the
-- foreign key's lock) and counted: a user deleted meanwhile is missing, and a delete waits for this
-- transaction and then finds the orders (users_keep_spot_orders).
create or replace function spot_orders_refs()
returns trigger
language plpgsql
as $$
declare
  v_users integer;
  v_found integer;
begin
  if exists (select 1 from new_rows o
              where (select i.id from instruments i where i.id = o.instrument_id) is null) then
    raise exception 'spot: an order of an unknown instrument' using errcode = 'foreign_key_violation';
  end if;
  select count(distinct user_id) into v_users from new_rows;
  select count(*) into v_found
    from (select 1 from users u where u.id in (select n.user_id from new_rows n) for key share of u) x;
  if v_found <> v_users then
    raise exception 'spot: an order of an unknown user' using errcode = 'foreign_key_violation';
  end if;
  return null;
end
$$;
