/**
 * The spot group commit with less fixed work per group (docs/benchmarks-history.md, eighth session). A
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
 * It built the new `spot_commit_group2` by editing migration 020's text. The functions now live in
 * files applied after the ordered migrations (`db/functions.ts`), so this migration keeps only its
 * table work, the epoch sequence; a fresh database gets the function from migration 023 (written
 * out whole) and then its file, a database that ran this migration gets the same file (see
 * migration 019). These changes live on in `modules/spot/sql/spot_commit_group2.sql`.
 */

export const spotCommitGeneric: string[] = [
  // A writer's epoch (MarketWriter.rebuild): its groups' fence values are epoch × 2^32 + n.
  `create sequence spot_writer_epoch`,
];
