/**
 * The spot group commit with less fixed work per group (docs/benchmarks.md, eighth session). A
 * group's cost in PostgreSQL had a large part that did not depend on its size: a one-order group
 * took ≈ 1.4 ms of backend CPU. Two causes are removed here:
 *
 * - Plans: the function's statements take arrays as parameters, so PostgreSQL planned each of
 *   them again on every call (a custom plan per call, as the plan cache does while a generic plan
 *   looks no cheaper). The function now runs with `plan_cache_mode = force_generic_plan`: each
 *   statement, the ledger's and the triggers' included, is planned once per connection. So that
 *   a plan made while a table was still small cannot scan it later, sequential scans are off
 *   inside the function as hash and merge joins already were: every statement probes rows by key.
 * - The orders of earlier groups (makers filled, orders cancelled) are updated by one statement
 *   instead of one per order; each statement start prepares the table's ten CHECK constraints
 *   and its indexes anew. Every named order must still be open and of the market, or the group is
 *   refused (BS003), as before.
 *
 * And the fence waits for the group ahead. The writer now sends a group's statement while the
 * one ahead is still committing, on another connection. 020's fence, `update … where seq = p_seq`,
 * did not wait for it: the row's committed version does not match yet, so the update found
 * nothing and refused the group (BS001). Now the row is locked first (waiting for the group ahead
 * to commit or roll back), then its value checked. Because a group is sent before the one ahead
 * is known to have committed, the value must name the writer, not only count commits: with a
 * plain counter, a second writer's commit could move it to exactly what the next group expects.
 * So a writer claims the market when it (re)builds its book: it sets the value to a new epoch
 * from `spot_writer_epoch` times 2^32, and its groups count on from there. A value no group of
 * this epoch made means another writer took the market (BS001, as before); the value of this
 * epoch one short means the group ahead has not reached the database yet, or failed (BS004: the
 * writer sends the group again once the one ahead committed, or rebuilds if it failed).
 *
 * The function is re-created from 020's text with only these changes, so its logic keeps one
 * source.
 */
import { spotCommitLean } from './020_spot_commit_lean';

const LOOP = `     for i in 1 .. v_updates loop
       update spot_orders
          set filled_lots = u_filled[i], filled = u_filled[i] * p_lot, quote_filled = u_quote[i],
              notional_exact = u_notional[i], fee = u_fee[i], used = u_used[i], released = u_released[i],
              status = u_status[i], cancel_reason = u_reason[i], updated_at = p_at
        where id = u_id[i] and status = 'open' and instrument_id = p_instrument;
       if not found then
         raise exception 'spot: order % was no longer open', u_id[i] using errcode = 'BS003';
       end if;
     end loop;`;

// The orders are found by primary key only (`id = any(u_id)`, a probe per named order); that they
// are open and of this market is a filter on the rows found, written so that no index can use it.
// Written as a join with unnest(), or with the checks as plain conditions, plans made while the
// market had few open orders walked all of them (seen while measuring: 1,836 read to update 4).
const SET_BASED = `     if v_updates > 0 then
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
     end if;`;

const FENCE = `     update spot_writer_seq set seq = p_seq + 1 where instrument_id = p_instrument and seq = p_seq;
     if not found then
       raise exception 'spot: market % was written since sequence %', p_instrument, p_seq using errcode = 'BS001';
     end if;`;

const WAITING_FENCE = `     select seq into v_seq from spot_writer_seq where instrument_id = p_instrument for update;
     if v_seq = p_seq - 1 and p_seq % 4294967296 <> 0 then
       raise exception 'spot: the group before sequence % of market % has not committed', p_seq, p_instrument using errcode = 'BS004';
     end if;
     if v_seq is distinct from p_seq then
       raise exception 'spot: market % was written since sequence %', p_instrument, p_seq using errcode = 'BS001';
     end if;
     update spot_writer_seq set seq = p_seq + 1 where instrument_id = p_instrument;`;

const SETTINGS = 'set enable_hashjoin = off set enable_mergejoin = off';

function generic(): string {
  const def = spotCommitLean.find((s) => s.includes('create function spot_commit_group2('));
  if (!def) throw new Error('migration 022: spot_commit_group2 not found');
  for (const part of [LOOP, FENCE, SETTINGS, '     v_trades integer']) {
    if (!def.includes(part)) throw new Error(`migration 022: spot_commit_group2 is not the expected text (${part.trim().slice(0, 40)})`);
  }
  return def
    .replace('create function spot_commit_group2(', 'create or replace function spot_commit_group2(')
    .replace(SETTINGS, `${SETTINGS} set enable_seqscan = off set plan_cache_mode = force_generic_plan`)
    .replace('     v_trades integer', '     v_updated integer;\n     v_seq bigint;\n     v_trades integer')
    .replace(FENCE, WAITING_FENCE)
    .replace(LOOP, SET_BASED);
}

export const spotCommitGeneric: string[] = [
  // A writer's epoch (MarketWriter.rebuild): its groups' fence values are epoch × 2^32 + n.
  `create sequence spot_writer_epoch`,
  generic(),
];
