-- An instrument's id never changes (orders and trades refer to it).
create or replace function instruments_fixed_id()
returns trigger
language plpgsql
as $$
begin
  if new.id <> old.id then
    raise exception 'spot: an instrument''s id never changes (orders and trades refer to it)';
  end if;
  return new;
end
$$;
