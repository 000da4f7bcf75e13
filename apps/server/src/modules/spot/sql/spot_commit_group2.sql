-- A spot market's group commit as ONE statement (the writer's group-sql.ts sends it): the group's
-- journal entries and postings, its new orders, the balances, the earlier orders it touched and its
-- trades, atomically. Refusals, each leaving nothing behind: BS001 another writer took the market,
-- BS004 the group ahead has not committed (sent again), BS003 an earlier order was no longer open,
-- 23505 an idempotency key or order id already used, and the ledger's overdraw (BL001, raised by
-- `ledger_apply_changes`).
--
-- It works in two parts, so that a group sent while the one ahead still commits does most of its
-- work meanwhile, on another backend:
-- 1. its ticket (a transaction-level advisory lock named by the market and its fence value), then
--    its own rows, which nothing before it touches: journal entries and postings
--    (`ledger_batch_record`) and the orders placed in the group, inserted with their final state;
-- 2. the fence: wait for the ticket of the group ahead (granted once that transaction ended), lock
--    the market's `spot_writer_seq` row and check its value (epoch × 2^32 + groups, set by the
--    writer's rebuild), then what depends on the groups before: the balances, the earlier orders
--    (filled makers, cancels; one UPDATE found by primary key) and the trades (their statement
--    trigger checks the maker orders, which may be the previous group's).
--
-- The rows come as plain arrays (n_ new orders, u_ updated orders, t_ trades); the amounts that
-- follow from lots and ticks are computed here. Inside it, hash and merge joins and sequential
-- scans are off and plans are generic (planned once per connection): a group names a few hundred
-- rows by key, and a plan made on stale statistics once read every open order of the market to
-- update a handful.
create or replace function spot_commit_group2(
  p_instrument integer, p_seq bigint, p_at timestamptz, p_lot numeric, p_tick numeric,
  -- the journal entries (ledger_batch_record's arguments)
  p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
  p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[],
  -- orders placed in the group
  n_id bigint[], n_user integer[], n_side text[], n_type text[], n_tif text[], n_price numeric[], n_ticks bigint[],
  n_lots bigint[], n_filled bigint[], n_quote numeric[], n_notional numeric[], n_fee numeric[], n_frozen numeric[],
  n_used numeric[], n_released numeric[], n_status text[], n_reason text[], n_client text[],
  -- orders of earlier groups it changed
  u_id bigint[], u_filled bigint[], u_quote numeric[], u_notional numeric[], u_fee numeric[], u_used numeric[],
  u_released numeric[], u_status text[], u_reason text[],
  -- trades
  t_ticks bigint[], t_lots bigint[], t_quote numeric[], t_taker_side text[], t_maker bigint[], t_taker bigint[],
  t_maker_user integer[], t_taker_user integer[], t_buyer_fee numeric[], t_seller_fee numeric[], t_entry integer[]
)
returns bigint[]
language plpgsql
set enable_hashjoin = off
set enable_mergejoin = off
set enable_seqscan = off
set plan_cache_mode = force_generic_plan
as $$
declare
  v_entry_ids bigint[] := '{}'::bigint[];
  v_trade_ids bigint[] := '{}'::bigint[];
  v_updates integer := coalesce(array_length(u_id, 1), 0);
  v_updated integer;
  v_seq bigint;
  v_trades integer := coalesce(array_length(t_maker, 1), 0);
  v_trade_seq regclass := pg_get_serial_sequence('spot_trades', 'id')::regclass;
  -- The tickets of this market's groups: (market of this schema, low 31 bits of the sequence).
  v_ticket integer := hashtext(current_schema() || '/spot_group/' || p_instrument);
begin
  perform pg_advisory_xact_lock(v_ticket, (p_seq & 2147483647)::integer);

  -- This group's own rows: nothing here reads or locks what the group ahead writes.
  if coalesce(array_length(p_kinds, 1), 0) > 0 then
    v_entry_ids := ledger_batch_record(p_at, p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos,
                                       p_entry, p_accounts, p_currencies, p_buckets, p_amounts);
  end if;
  if coalesce(array_length(n_id, 1), 0) > 0 then
    insert into spot_orders (id, user_id, instrument_id, side, type, tif, price, price_ticks, amount, amount_lots,
                             filled_lots, filled, quote_filled, notional_exact, fee, frozen, used, released,
                             status, cancel_reason, client_order_id, created_at, updated_at)
      select o.id, o.user_id, p_instrument, o.side, o.type, o.tif, o.price, o.ticks, o.lots * p_lot, o.lots,
             o.filled, o.filled * p_lot, o.quote, o.notional, o.fee, o.frozen, o.used, o.released,
             o.status, o.reason, o.client, p_at, p_at
        from unnest(n_id, n_user, n_side, n_type, n_tif, n_price, n_ticks, n_lots, n_filled, n_quote, n_notional,
                    n_fee, n_frozen, n_used, n_released, n_status, n_reason, n_client)
             as o(id, user_id, side, type, tif, price, ticks, lots, filled, quote, notional, fee, frozen, used,
                  released, status, reason, client);
  end if;

  -- The fence: wait until the group ahead has committed or rolled back, then check it committed
  -- and that no other writer took the market.
  perform pg_advisory_xact_lock_shared(v_ticket, ((p_seq - 1) & 2147483647)::integer);
  select seq into v_seq from spot_writer_seq where instrument_id = p_instrument for update;
  if v_seq = p_seq - 1 and p_seq % 4294967296 <> 0 then
    raise exception 'spot: the group before sequence % of market % has not committed', p_seq, p_instrument using errcode = 'BS004';
  end if;
  if v_seq is distinct from p_seq then
    raise exception 'spot: market % was written since sequence %', p_instrument, p_seq using errcode = 'BS001';
  end if;
  update spot_writer_seq set seq = p_seq + 1 where instrument_id = p_instrument;

  -- What depends on the groups before: balances, their orders, trades with their makers.
  -- The balances are the ledger's to change: locked in id order, changed by one statement, an
  -- overdraw refused with the ledger's BL001.
  if coalesce(array_length(p_kinds, 1), 0) > 0 then
    perform ledger_apply_changes(p_accounts, p_buckets, p_amounts);
  end if;
  -- The orders are found by primary key only (a probe per named order); that they are open and
  -- of this market is a filter written so that no index can use it (migration 022). Only open
  -- orders change; a finished one never reopens or changes again.
  if v_updates > 0 then
    update spot_orders o
       set (filled_lots, filled, quote_filled, notional_exact, fee, used, released, status, cancel_reason, updated_at) =
           (select u_filled[k], u_filled[k] * p_lot, u_quote[k], u_notional[k], u_fee[k], u_used[k], u_released[k],
                   u_status[k], u_reason[k], p_at
              from (select array_position(u_id, o.id) as k) p)
     where o.id = any(u_id) and (o.status, o.instrument_id) is not distinct from ('open', p_instrument);
    get diagnostics v_updated = row_count;
    -- An order named twice is updated once, so it is refused like a finished one.
    if v_updated <> v_updates then
      raise exception 'spot: % of % orders were no longer open', v_updates - v_updated, v_updates using errcode = 'BS003';
    end if;
  end if;
  if v_trades > 0 then
    select array_agg(nextval(v_trade_seq) order by g) into v_trade_ids
      from generate_series(1, v_trades) as g;
    insert into spot_trades (id, instrument_id, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                             maker_user_id, taker_user_id, buyer_fee, seller_fee, entry_id, created_at)
      select v_trade_ids[t.i], p_instrument, t.ticks * p_tick, t.lots * p_lot, t.quote, t.taker_side, t.maker,
             t.taker, t.maker_user, t.taker_user, t.buyer_fee, t.seller_fee, v_entry_ids[t.entry], p_at
        from unnest(t_ticks, t_lots, t_quote, t_taker_side, t_maker, t_taker, t_maker_user, t_taker_user,
                    t_buyer_fee, t_seller_fee, t_entry) with ordinality
             as t(ticks, lots, quote, taker_side, maker, taker, maker_user, taker_user, buyer_fee, seller_fee, entry, i);
  end if;
  return v_trade_ids;
end
$$;
