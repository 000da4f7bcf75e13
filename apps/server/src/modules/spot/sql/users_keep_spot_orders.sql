-- A user with spot orders cannot be deleted, nor their id changed (orders refer to users without a
-- foreign key). Users without orders can be: a wallet sign-in that fails to link removes the user it
-- created.
create or replace function users_keep_spot_orders()
returns trigger
language plpgsql
as $$
begin
  if tg_op = 'DELETE' or new.id <> old.id then
    if exists (select 1 from spot_orders where user_id = old.id) then
      raise exception 'spot: user % has spot orders', old.id using errcode = 'foreign_key_violation';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
