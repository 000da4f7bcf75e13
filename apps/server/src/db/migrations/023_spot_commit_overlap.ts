/**
 * Two spot groups share the database's work (docs/benchmarks-history.md, ninth session). Since 022 the
 * writer sends a group while the one ahead still commits, but the group's first step was the
 * fence, which waits for the group ahead: so the groups' statements ran strictly one after the
 * other, on one core, and that chain was the limit of spot throughput over HTTP (the writer busy
 * 94 % of a run while the machine's two cores were three quarters used).
 *
 * Most of a group's rows do not depend on the group ahead: its journal entries and postings, and
 * the orders it places (inserted with their final state). Only what reads or changes rows the group
 * ahead may have written waits: the balances (locked, checked, changed), the orders of earlier groups
 * (fills, cancels) and the trades (their statement trigger checks the maker orders, which may be the
 * group ahead's). So `spot_commit_group2` now does its own part first and then waits:
 *
 * 1. it takes its ticket, a transaction-level advisory lock named by the market and its sequence
 *    number, held until it commits or rolls back;
 * 2. it numbers and inserts its journal entries and postings (`ledger_batch_record`) and inserts
 *    its new orders, while the group ahead may still be running on the other backend;
 * 3. it waits for the ticket of the group ahead (a shared lock: granted once that transaction
 *    ended, at once if it never started), then locks the fence row and checks it exactly as 022
 *    did (BS004: the group ahead has not committed, BS001: another writer took the market);
 * 4. it locks, checks and changes the balances (`ledger_batch_apply`; BS002 on a shortfall),
 *    updates the earlier orders (BS003) and inserts the trades.
 *
 * Every refusal still rolls the whole group back, so doing the inserts before the checks changes
 * what a refused group costs, not what it leaves. The ticket makes the wait explicit: without it a
 * group that reached the fence while the group ahead was still in step 2 would find the fence one
 * short and be refused as "not yet" (BS004) far more often than the 1–3 % of groups that reach the
 * database first. No deadlock: a group waits only for the ticket of the group before it, and its
 * own step 2 takes no lock the group ahead asks for (postings have no foreign keys, migration 012;
 * new orders share-lock their users FOR KEY SHARE, which nothing here conflicts with).
 *
 * The ledger's batch posting is split in two functions for this, and `ledger_post_batch` (used by
 * savings accrual and others) now calls both, so its logic keeps one source: apply (lock, check,
 * change the balances; false on a shortfall, before anything changed) then record (entries and
 * postings; a used idempotency key fails the statement with unique_violation).
 *
 * Unlike 021 and 022, the functions are written out whole rather than derived from the shipped
 * text by replacements: their statements move between the two parts, and the current version in
 * one piece reads better than a chain of edits. 010, 020 and 022 stay as they shipped.
 */

const LEDGER_APPLY = `create or replace function ledger_batch_apply(
     p_accounts integer[], p_buckets smallint[], p_amounts numeric[])
   returns boolean language plpgsql as $$
   begin
     perform 1 from accounts where id = any(p_accounts) order by id for no key update;
     if exists (
       select 1
         from (select t.acct,
                      coalesce(sum(t.amount) filter (where t.bucket = 1), 0) as d_avail,
                      coalesce(sum(t.amount) filter (where t.bucket = 2), 0) as d_frozen
                 from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
                group by t.acct) d
         join accounts a on a.id = d.acct
        where (d.d_avail < 0 and not a.allow_negative and a.available + d.d_avail < 0)
           or (d.d_frozen < 0 and a.frozen + d.d_frozen < 0)) then
       return false;
     end if;
     update accounts a
        set available = a.available + d.d_avail, frozen = a.frozen + d.d_frozen
       from (select t.acct,
                    coalesce(sum(t.amount) filter (where t.bucket = 1), 0) as d_avail,
                    coalesce(sum(t.amount) filter (where t.bucket = 2), 0) as d_frozen
               from unnest(p_accounts, p_buckets, p_amounts) as t(acct, bucket, amount)
              group by t.acct) d
      where a.id = d.acct and (d.d_avail <> 0 or d.d_frozen <> 0);
     return true;
   end $$`;

const LEDGER_RECORD = `create or replace function ledger_batch_record(
     p_at timestamptz,
     p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
     p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[])
   returns bigint[] language plpgsql as $$
   declare
     v_ids bigint[];
   begin
     select array_agg(nextval(pg_get_serial_sequence('journal_entries', 'id')) order by g) into v_ids
       from generate_series(1, coalesce(array_length(p_kinds, 1), 0)) as g;
     -- A used key fails this statement through the unique index (unique_violation).
     insert into journal_entries (id, kind, ref_type, ref_id, idempotency_key, memo, created_at)
       select v_ids[t.ord], t.kind, t.ref_type, t.ref_id, t.key, t.memo, p_at
         from unnest(p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos) with ordinality as t(kind, ref_type, ref_id, key, memo, ord);
     -- The statement trigger checks that every entry balances per currency and every posting's
     -- account exists in its currency.
     insert into postings (entry_id, account_id, currency_id, bucket, amount)
       select v_ids[t.e], t.acct, t.cur, t.bucket, t.amount
         from unnest(p_entry, p_accounts, p_currencies, p_buckets, p_amounts) as t(e, acct, cur, bucket, amount);
     return coalesce(v_ids, '{}'::bigint[]);
   end $$`;

const LEDGER_POST_BATCH = `create or replace function ledger_post_batch(
     p_at timestamptz,
     p_kinds text[], p_ref_types text[], p_ref_ids text[], p_keys text[], p_memos text[],
     p_entry integer[], p_accounts integer[], p_currencies integer[], p_buckets smallint[], p_amounts numeric[])
   returns bigint[] language plpgsql as $$
   begin
     if coalesce(array_length(p_kinds, 1), 0) = 0 then
       return '{}'::bigint[];
     end if;
     if not ledger_batch_apply(p_accounts, p_buckets, p_amounts) then
       return null;
     end if;
     return ledger_batch_record(p_at, p_kinds, p_ref_types, p_ref_ids, p_keys, p_memos,
                                p_entry, p_accounts, p_currencies, p_buckets, p_amounts);
   end $$`;

const SPOT_COMMIT = `create or replace function spot_commit_group2(
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
   -- in the ledger's statements and the triggers, rather than scan or hash a whole table because a
   -- plan was made while the statistics still showed it small; each statement is planned once per
   -- connection (migration 022).
   set enable_hashjoin = off set enable_mergejoin = off set enable_seqscan = off set plan_cache_mode = force_generic_plan
   as $$
   declare
     v_entry_ids bigint[] := '{}'::bigint[];
     v_trade_ids bigint[] := '{}'::bigint[];
     v_updates integer := coalesce(array_length(u_id, 1), 0);
     v_updated integer;
     v_seq bigint;
     v_trades integer := coalesce(array_length(t_maker, 1), 0);
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
     if coalesce(array_length(p_kinds, 1), 0) > 0 and not ledger_batch_apply(p_accounts, p_buckets, p_amounts) then
       raise exception 'spot: the ledger refused the group' using errcode = 'BS002';
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
   end $$`;

export const spotCommitOverlap: string[] = [LEDGER_APPLY, LEDGER_RECORD, LEDGER_POST_BATCH, SPOT_COMMIT];
