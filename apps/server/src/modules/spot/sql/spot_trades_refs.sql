-- Statement trigger on `spot_trades` inserts (spot_trades_refs_trg), instead of five foreign keys per
-- row: every trade's maker and taker orders exist, are of the trade's instrument and belong to its
-- maker and taker users. Correlated lookups, one primary-key probe per order named, never a join
-- the planner could turn into a scan of every order while the statistics lag behind.
create or replace function spot_trades_refs()
returns trigger
language plpgsql
as $$
begin
  if exists (select 1 from new_rows t
              where (select m.user_id from spot_orders m
                      where m.id = t.maker_order_id and m.instrument_id = t.instrument_id) is distinct from t.maker_user_id
                 or (select k.user_id from spot_orders k
                      where k.id = t.taker_order_id and k.instrument_id = t.instrument_id) is distinct from t.taker_user_id) then
    raise exception 'spot: a trade names an unknown order, or another instrument or user than its orders'
      using errcode = 'foreign_key_violation';
  end if;
  return null;
end
$$;
