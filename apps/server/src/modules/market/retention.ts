/**
 * Retention of stored ticks. The feed stores about one tick per market per second (≈ 86,000 rows
 * per market a day); charts read candles, which are kept, so old ticks are only needed where a
 * record names them. Ticks older than MARKET_TICK_RETENTION_DAYS are deleted in bounded batches,
 * except:
 *  - every tick a record names (the readers of tick-references.ts: a settlement's open and close
 *    tick, an exchange's index ticks), so each settlement can still show the tick it used;
 *  - anything at or after the instant a reader asks to keep (the expiry of the oldest open
 *    contract order, whose close tick may still be read: an order that expired while its settler
 *    was down settles on catch-up).
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { TickReferenceReader } from './tick-references';

export interface PruneResult {
  /** Ticks older than the cut-off that were looked at. */
  examined: number;
  deleted: number;
  /** The cut-off used (the retention limit, or earlier because a reader keeps later ticks). */
  cutoff: Date;
}

/** The earliest instant whose ticks must stay: `before`, or the earliest instant a reader keeps. */
async function cutoffFor(db: Database, before: Date, references: readonly TickReferenceReader[]): Promise<Date> {
  let cutoff = before;
  for (const r of references) {
    const keep = await r.keepFrom?.(db);
    if (keep && keep < cutoff) cutoff = keep;
  }
  return cutoff;
}

/**
 * Deletes ticks stored before `before` that no record names, `batch` at a time in id order (ticks
 * are stored in time order), each batch its own statement so the feed and requests interleave.
 * `references` are the readers of the modules that record tick ids (a module that starts recording
 * tick ids must be among them, or its ticks may be pruned).
 */
export async function pruneTicks(db: Database, before: Date, references: readonly TickReferenceReader[], batch = 20_000): Promise<PruneResult> {
  const cutoff = await cutoffFor(db, before, references);
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
    const kept = references.map((r) => r.idsBetween(lo, hi));
    const unnamed = kept.length ? sql`and not exists (select 1 from (${sql.join(kept, sql` union all `)}) k where k.id = m.id)` : sql``;
    const res = await sql`
      delete from market_ticks m
       where m.id between ${lo}::bigint and ${hi}::bigint and m.at < ${cutoff}
         ${unnamed}`.execute(db);
    deleted += Number(res.numAffectedRows ?? 0n);
    examined += Number(n);
    after = BigInt(hi);
    if (Number(n) < batch) break;
  }
  return { examined, deleted, cutoff };
}
