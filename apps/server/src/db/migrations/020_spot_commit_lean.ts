/**
 * A leaner spot group commit (docs/benchmarks-history.md, seventh session): `spot_commit_group2` does what
 * 011's `spot_commit_group` does (fence, journal batch through ledger_post_batch, orders, trades;
 * one statement, atomic, the same refusals) with less work per order:
 *
 * - Orders placed in the group are INSERTed with their final state, orders of earlier groups
 *   (makers filled, orders cancelled) are UPDATEd, instead of one INSERT … ON CONFLICT for both
 *   (a speculative insertion per new order). An update still only touches open orders of the
 *   market, and every one must be found (BS003), as before; each is one probe by primary key.
 * - The rows come as plain arrays, not JSON objects: no key names to send and parse, and the
 *   amounts that follow from lots (`amount`, `filled`, a trade's `amount` and `price`) are
 *   computed here from the market's lot size and tick.
 * - Its statements probe rows by primary key (hash and merge joins off inside the function): a
 *   group names a few hundred rows, and a plan made on stale statistics must not scan a table.
 * - The references of spot rows are checked once per statement instead of once per row. A trade
 *   had five foreign keys (instrument, maker and taker order, maker and taker user) and an order
 *   two (user, instrument); each row ran them as a separate query with a row lock. Now statement
 *   triggers check that every trade's maker and taker orders exist, are of the trade's
 *   instrument and belong to the trade's maker and taker users (stronger than the keys were:
 *   they did not tie a trade's user to its order), and that every inserted order's instrument
 *   and user exist; the users are share-locked as the key did, once each per statement. What
 *   the dropped keys also did, refuse deleting a referenced row, stays true: spot orders and
 *   instruments are never deleted (a trigger refuses DELETE and TRUNCATE), a user with spot
 *   orders cannot be deleted (users can be: a wallet sign-in that fails to link removes the user
 *   it created), and the ids and owners of orders never change.
 *
 * Refusals, each leaving nothing behind: BS001 fenced, BS002 the ledger refused (a balance would
 * go below zero), 23505 an idempotency key or order id already used (or a client order id taken),
 * BS003 an order was no longer open. 011's function stays, for a writer of the previous version
 * during an upgrade.
 */
export const spotCommitLean: string[] = [
  `alter table spot_trades
     drop constraint spot_trades_instrument_id_fkey,
     drop constraint spot_trades_maker_order_id_fkey,
     drop constraint spot_trades_taker_order_id_fkey,
     drop constraint spot_trades_maker_user_id_fkey,
     drop constraint spot_trades_taker_user_id_fkey`,
  `alter table spot_orders drop constraint spot_orders_instrument_id_fkey, drop constraint spot_orders_user_id_fkey`,
  // Correlated lookups (one primary-key probe per order named), never a join the planner could
  // turn into a scan of every order while the table's statistics lag behind its growth.
  `create function spot_trades_refs() returns trigger language plpgsql as $$
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
   end $$`,
  `create trigger spot_trades_refs_trg after insert on spot_trades
     referencing new table as new_rows for each statement execute function spot_trades_refs()`,
  // The users of the inserted orders are share-locked (FOR KEY SHARE, the foreign key's lock) and
  // counted: a user deleted meanwhile is missing, and a delete waits for this transaction and then
  // finds the orders (users_keep_spot_orders).
  `create function spot_orders_refs() returns trigger language plpgsql as $$
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
   end $$`,
  `create trigger spot_orders_refs_trg after insert on spot_orders
     referencing new table as new_rows for each statement execute function spot_orders_refs()`,
  `create function spot_never_deleted() returns trigger language plpgsql as $$
   begin
     raise exception 'spot: % rows are never deleted (trades refer to them)', tg_table_name;
   end $$`,
  `create trigger spot_orders_no_delete before delete or truncate on spot_orders
     for each statement execute function spot_never_deleted()`,
  `create trigger instruments_no_delete before delete or truncate on instruments
     for each statement execute function spot_never_deleted()`,
  `create function users_keep_spot_orders() returns trigger language plpgsql as $$
   begin
     if tg_op = 'DELETE' or new.id <> old.id then
       if exists (select 1 from spot_orders where user_id = old.id) then
         raise exception 'spot: user % has spot orders', old.id using errcode = 'foreign_key_violation';
       end if;
     end if;
     return case when tg_op = 'DELETE' then old else new end;
   end $$`,
  `create trigger users_keep_spot_orders before delete or update of id on users
     for each row execute function users_keep_spot_orders()`,
  `create function spot_orders_fixed_keys() returns trigger language plpgsql as $$
   begin
     if new.id <> old.id or new.user_id <> old.user_id or new.instrument_id <> old.instrument_id then
       raise exception 'spot: an order''s id, user and instrument never change';
     end if;
     return new;
   end $$`,
  // Fires only for UPDATEs that name these columns (the writer's never do).
  `create trigger spot_orders_fixed_keys before update of id, user_id, instrument_id on spot_orders
     for each row execute function spot_orders_fixed_keys()`,
  `create function instruments_fixed_id() returns trigger language plpgsql as $$
   begin
     if new.id <> old.id then
       raise exception 'spot: an instrument''s id never changes (orders and trades refer to it)';
     end if;
     return new;
   end $$`,
  `create trigger instruments_fixed_id before update of id on instruments
     for each row execute function instruments_fixed_id()`,
  `create function spot_commit_group2(
     p_instrument integer, p_seq bigint, p_at timestamptz, p_lot numeric, p_tick numeric,
     p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
     p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[],
     n_id bigint[], n_user integer[], n_side text[], n_type text[], n_tif text[], n_price numeric[], n_ticks bigint[],
     n_lots bigint[], n_filled bigint[], n_quote numeric[], n_notional numeric[], n_fee numeric[], n_frozen numeric[],
     n_used numeric[], n_released numeric[], n_status text[], n_reason text[], n_client text[],
     u_id bigint[], u_filled bigint[], u_quote numeric[], u_notional numeric[], u_fee numeric[], u_used numeric[],
     u_released numeric[], u_status text[], u_reason text[],
     t_ticks bigint[], t_lots bigint[], t_quote numeric[], t_taker_side text[], t_maker bigint[], t_taker bigint[],
     t_maker_user integer[], t_taker_user integer[], t_buyer_fee numeric[], t_seller_fee numeric[], t_entry integer[])
   returns bigint[] language plpgsql
   -- A group names a few hundred rows by primary key (accounts, orders, entries): probe them, also
   -- in the ledger's statements and the triggers, rather than hash a whole table because a plan
   -- was made while the statistics still showed it small.
   set enable_hashjoin = off set enable_mergejoin = off
   as $$
   declare
     v_entry_ids bigint[] := '{}'::bigint[];
     v_trade_ids bigint[] := '{}'::bigint[];
     v_updates integer := coalesce(array_length(u_id, 1), 0);
     v_trades integer := coalesce(array_length(t_maker, 1), 0);
   begin
     update spot_writer_seq set seq = p_seq + 1 where instrument_id = p_instrument and seq = p_seq;
     if not found then
       raise exception 'spot: market % was written since sequence %', p_instrument, p_seq using errcode = 'BS001';
     end if;
     if coalesce(array_length(p_kinds, 1), 0) > 0 then
       v_entry_ids := ledger_post_batch(p_at, p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos,
                                        p_entry, p_accounts, p_currencies, p_buckets, p_amounts);
       if v_entry_ids is null then
         raise exception 'spot: the ledger refused the group' using errcode = 'BS002';
       end if;
     end if;
     -- One probe by primary key per order (a set-based UPDATE … FROM unnest() was planned, on
     -- stale statistics, as a scan of every open order of the market joined to the list).
     -- Only open orders change; a finished one never reopens or changes again.
     for i in 1 .. v_updates loop
       update spot_orders
          set filled_lots = u_filled[i], filled = u_filled[i] * p_lot, quote_filled = u_quote[i],
              notional_exact = u_notional[i], fee = u_fee[i], used = u_used[i], released = u_released[i],
              status = u_status[i], cancel_reason = u_reason[i], updated_at = p_at
        where id = u_id[i] and status = 'open' and instrument_id = p_instrument;
       if not found then
         raise exception 'spot: order % was no longer open', u_id[i] using errcode = 'BS003';
       end if;
     end loop;
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
     if v_trades > 0 then
       select array_agg(nextval(pg_get_serial_sequence('spot_trades', 'id')) order by g) into v_trade_ids
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
   end $$`,
];
