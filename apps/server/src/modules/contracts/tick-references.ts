/**
 * Contract orders name their open and close ticks, and an open order may still settle against a
 * tick at its expiry: tick retention keeps both (the market's port, market/tick-references.ts).
 */
import { sql } from 'kysely';
import type { TickReferenceReader } from '../market';

export const contractTickReferences: TickReferenceReader = {
  idsBetween: (lo, hi) => sql<{ id: string }>`
    select open_tick_id as id from contract_orders where open_tick_id between ${lo}::bigint and ${hi}::bigint
    union all
    select close_tick_id as id from contract_orders where close_tick_id between ${lo}::bigint and ${hi}::bigint`,
  async keepFrom(db) {
    const r = await sql<{ at: Date | string | null }>`
      select min(expires_at) as at from contract_orders where status = 'open'`.execute(db);
    return r.rows[0]?.at ? new Date(r.rows[0].at) : null;
  },
};
