/** Reads of stored ticks for other modules: the first tick of one market inside each of many windows. */
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';

export interface WindowTick {
  id: string;
  price: string;
  at: Date;
}

/**
 * For each instant of one market: the first stored tick at or after it and before instant +
 * windowMs (one index probe per instant, one statement), keyed by the instant's epoch ms.
 * Instants without such a tick are absent.
 */
export async function firstTicksInWindows(
  db: Database | Transaction<DB>,
  instrumentId: number,
  instants: Date[],
  windowMs: number,
): Promise<Map<number, WindowTick>> {
  if (instants.length === 0) return new Map();
  const res = await sql<{ start: Date | string; id: string; price: string; at: Date | string }>`
    select e.at as start, t.id, t.price, t.at
      from unnest(${instants.map((d) => d.toISOString())}::timestamptz[]) as e(at)
      cross join lateral (
        select m.id, m.price, m.at from market_ticks m
         where m.instrument_id = ${instrumentId} and m.at >= e.at
           and m.at < e.at + ${windowMs} * interval '1 millisecond'
         order by m.at, m.id limit 1) t`.execute(db);
  const out = new Map<number, WindowTick>();
  for (const r of res.rows) out.set(new Date(r.start).getTime(), { id: String(r.id), price: r.price, at: new Date(r.at) });
  return out;
}
