/**
 * Positions name their entry and exit ticks, and the trigger sweep has still to read every tick
 * after its cursor: tick retention keeps both (the market's port, market/tick-references.ts).
 */
import { sql } from 'kysely';
import type { TickReferenceReader } from '../market';

export const leverTickReferences: TickReferenceReader = {
  idsBetween: (lo, hi) => sql<{ id: string }>`
    select entry_tick_id as id from lever_positions where entry_tick_id between ${lo}::bigint and ${hi}::bigint
    union all
    select exit_tick_id as id from lever_positions where exit_tick_id between ${lo}::bigint and ${hi}::bigint`,
  async keepFrom(db) {
    const r = await sql<{
      at: Date | string | null;
    }>`select min(tick_at) as at from lever_sweep_cursors`.execute(db);
    return r.rows[0]?.at ? new Date(r.rows[0].at) : null;
  },
};
