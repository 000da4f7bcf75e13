/**
 * Retention of stored ticks. The feed stores about one tick per market per second (≈ 86,000 rows
 * per market a day); charts read candles, which are kept, so old ticks are only needed where a
 * record names them. Ticks older than MARKET_TICK_RETENTION_DAYS are deleted in bounded batches,
 * except:
 *  - every tick a record names (TICK_REFERENCES: a settlement's open and close tick, an exchange's
 *    index ticks), so each settlement can still show the tick it used;
 *  - anything at or after the expiry of the oldest open contract order, whose close tick may
 *    still be read (an order that expired while its settler was down settles on catch-up).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/**
 * Columns of other domains that name ticks (bigint id, or comma-separated ids as text). A module
 * that starts recording tick ids adds its column here, or its ticks may be pruned.
 */
export const TICK_REFERENCES: ReadonlyArray<{ table: string; column: string; list?: boolean }> = [
  { table: 'contract_orders', column: 'open_tick_id' },
  { table: 'contract_orders', column: 'close_tick_id' },
  { table: 'asset_exchanges', column: 'tick_ids', list: true },
];

export interface PruneResult {
  /** Ticks older than the cut-off that were looked at. */
  examined: number;
  deleted: number;
  /** The cut-off used (the retention limit, or earlier because of an open contract order). */
  cutoff: Date;
}

/** The earliest instant whose ticks must stay: `before`, or the oldest open order's expiry. */
async function cutoffFor(db: Database, before: Date): Promise<Date> {
  const r = await sql<{ at: Date | string | null }>`
    select min(expires_at) as at from contract_orders where status = 'open'`.execute(db);
  const open = r.rows[0]?.at ? new Date(r.rows[0].at) : null;
  return open && open < before ? open : before;
}

/**
 * Deletes ticks stored before `before` that no record names, `batch` at a time in id order (ticks
 * are stored in time order), each batch its own statement so the feed and requests interleave.
 */
export async function pruneTicks(db: Database, before: Date, batch = 20_000): Promise<PruneResult> {
  const cutoff = await cutoffFor(db, before);
  let after = 0n;
  let examined = 0;
  let deleted = 0;
  for (;;) {
    const range = await sql<{ lo: string | null; hi: string | null; n: string }>`
      select min(id) as lo, max(id) as hi, count(*) as n from (
        select id from market_ticks where id > ${after.toString()}::bigint and at < ${cutoff}
         order by id limit ${batch}) b`.execute(db);
    const { lo, hi, n } = range.rows[0]!;
    if (!lo || !hi) break;
    const kept = TICK_REFERENCES.map(({ table, column, list }) =>
      list
        ? sql`select id from (select nullif(x, '')::bigint as id from ${sql.table(table)}, unnest(string_to_array(${sql.ref(column)}, ',')) as x) l
               where id between ${lo}::bigint and ${hi}::bigint`
        : sql`select ${sql.ref(column)} as id from ${sql.table(table)} where ${sql.ref(column)} between ${lo}::bigint and ${hi}::bigint`,
    );
    const res = await sql`
      delete from market_ticks m
       where m.id between ${lo}::bigint and ${hi}::bigint and m.at < ${cutoff}
         and not exists (select 1 from (${sql.join(kept, sql` union all `)}) k where k.id = m.id)`.execute(db);
    deleted += Number(res.numAffectedRows ?? 0n);
    examined += Number(n);
    after = BigInt(hi);
    if (Number(n) < batch) break;
  }
  return { examined, deleted, cutoff };
}
