/**
 * A spot market's group commit as ONE statement: `spot_commit_group` posts the group's journal
 * entries (through ledger_post_batch, with all its checks), upserts the touched orders and
 * inserts the trades, atomically (a single statement in its own transaction), so a group costs
 * one round trip instead of seven and no transaction is left open between them.
 *
 * `spot_writer_seq` fences the writers: every group names the sequence number the writer
 * believes is the market's last commit and moves it on by one. A group matched on a book that is
 * not the database's (an earlier group failed, or another process took the market and committed
 * meanwhile) finds another number and is refused whole (SQLSTATE BS001) before it changes
 * anything; the writer then rebuilds from the database.
 *
 * Refusals, each leaving nothing behind: BS001 fenced, BS002 the ledger refused (a balance would
 * go below zero), 23505 an idempotency key already used, BS003 an order was no longer open.
 */
export const spotGroup: string[] = [
  `create table spot_writer_seq (
     instrument_id integer primary key references instruments(id),
     seq bigint not null default 0 check (seq >= 0)
   )`,
  `create function spot_commit_group(
     p_instrument integer, p_seq bigint, p_at timestamptz,
     p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
     p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[],
     p_orders jsonb, p_trades jsonb)
   returns bigint[] language plpgsql as $$
   declare
     v_entry_ids bigint[] := '{}'::bigint[];
     v_trade_ids bigint[] := '{}'::bigint[];
     v_orders integer := jsonb_array_length(p_orders);
     v_trades integer := jsonb_array_length(p_trades);
     v_changed integer;
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
     if v_orders > 0 then
       insert into spot_orders (id, user_id, instrument_id, side, type, tif, price, price_ticks, amount, amount_lots,
                                filled_lots, filled, quote_filled, notional_exact, fee, frozen, used, released,
                                status, cancel_reason, client_order_id, created_at, updated_at)
         select o.id, o.user_id, p_instrument, o.side, o.type, o.tif, o.price, o.price_ticks, o.amount, o.amount_lots,
                o.filled_lots, o.filled, o.quote_filled, o.notional_exact, o.fee, o.frozen, o.used, o.released,
                o.status, o.cancel_reason, o.client_order_id, p_at, p_at
           from jsonb_to_recordset(p_orders) as o(id bigint, user_id integer, side text, type text, tif text,
                price numeric, price_ticks bigint, amount numeric, amount_lots bigint, filled_lots bigint,
                filled numeric, quote_filled numeric, notional_exact numeric, fee numeric, frozen numeric,
                used numeric, released numeric, status text, cancel_reason text, client_order_id text)
       on conflict (id) do update set
            filled_lots = excluded.filled_lots, filled = excluded.filled, quote_filled = excluded.quote_filled,
            notional_exact = excluded.notional_exact, fee = excluded.fee, used = excluded.used,
            released = excluded.released, status = excluded.status, cancel_reason = excluded.cancel_reason,
            updated_at = excluded.updated_at
          -- Only open orders change; a finished one never reopens or changes again.
          where spot_orders.status = 'open' and spot_orders.instrument_id = p_instrument;
       get diagnostics v_changed = row_count;
       if v_changed <> v_orders then
         raise exception 'spot: % order(s) were no longer open', v_orders - v_changed using errcode = 'BS003';
       end if;
     end if;
     if v_trades > 0 then
       select array_agg(nextval(pg_get_serial_sequence('spot_trades', 'id')) order by g) into v_trade_ids
         from generate_series(1, v_trades) as g;
       insert into spot_trades (id, instrument_id, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                                maker_user_id, taker_user_id, buyer_fee, seller_fee, entry_id, created_at)
         select v_trade_ids[t.i], p_instrument, t.price, t.amount, t.quote_amount, t.taker_side, t.maker_order_id,
                t.taker_order_id, t.maker_user_id, t.taker_user_id, t.buyer_fee, t.seller_fee, v_entry_ids[t.entry], p_at
           from jsonb_to_recordset(p_trades) as t(i integer, price numeric, amount numeric, quote_amount numeric,
                taker_side text, maker_order_id bigint, taker_order_id bigint, maker_user_id integer,
                taker_user_id integer, buyer_fee numeric, seller_fee numeric, entry integer);
     end if;
     return v_trade_ids;
   end $$`,
];
