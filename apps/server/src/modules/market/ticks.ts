/**
 * Stored ticks. Every index price used later (contract settlement, exchange, liquidation) is a
 * stored tick, so a settlement can name the tick id it used.
 *
 * Staleness rule: the price of an instrument at instant `at` is the latest tick at or before
 * `at`, and only if that tick is at most `maxAgeMs` older than `at` (default STALE_MS). A stale
 * or missing price never settles anything: `tickAt` returns null and callers wait or void.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';

/** Default staleness limit: 10 s (10 ticks of the 1 s feed). */
export const STALE_MS = 10_000;

export interface Tick {
  /** The tick id (INT8 as a string); settlements store it. */
  id: string;
  instrument_id: number;
  price: string;
  volume: string;
  at: Date;
  source: string;
}

export interface NewTick {
  instrument_id: number;
  price: string;
  volume: string;
  at: Date;
  source: string;
}

export async function insertTicks(db: Database, ticks: NewTick[]): Promise<Tick[]> {
  if (ticks.length === 0) return [];
  return db.insertInto('market_ticks').values(ticks).returningAll().execute();
}

/**
 * The latest tick at or before `at` (default: any time), with `stale` telling whether it is older
 * than `maxAgeMs` at `at`. Null when the instrument has no tick at all before `at`.
 */
export async function latestTick(
  db: Database,
  instrumentId: number,
  at: Date,
  maxAgeMs = STALE_MS,
): Promise<(Tick & { stale: boolean; age_ms: number }) | null> {
  const row = await db
    .selectFrom('market_ticks')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('at', '<=', at)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const age = at.getTime() - row.at.getTime();
  return { ...row, stale: age > maxAgeMs, age_ms: age };
}

/**
 * The index price at instant `at` under the staleness rule: the latest tick at or before `at`
 * that is no older than `maxAgeMs`; null when there is none (the caller waits or voids).
 */
export async function tickAt(db: Database, instrumentId: number, at: Date, maxAgeMs = STALE_MS): Promise<Tick | null> {
  const t = await latestTick(db, instrumentId, at, maxAgeMs);
  if (!t || t.stale) return null;
  const { stale: _s, age_ms: _a, ...tick } = t;
  return tick;
}

/** A stored tick by id (to show which price a settlement used). */
export async function tickById(db: Database, id: string): Promise<Tick | undefined> {
  return db.selectFrom('market_ticks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest tick of every instrument (feed status), one index probe per instrument. */
export async function lastTicks(db: Database): Promise<Map<number, Tick>> {
  const rows = await sql<Tick>`
    select t.* from instruments i
    cross join lateral (
      select * from market_ticks m where m.instrument_id = i.id order by m.at desc, m.id desc limit 1
    ) t`.execute(db);
  return new Map(rows.rows.map((r) => [r.instrument_id, { ...r, at: new Date(r.at) }]));
}

/**
 * Ticks of one instrument stored after tick `afterId`, oldest first (the lever trigger sweep reads
 * every tick in order, so a spike between two sweeps still triggers what it crossed).
 */
export async function ticksAfter(db: Database, instrumentId: number, afterId: string, limit: number): Promise<Tick[]> {
  return db
    .selectFrom('market_ticks')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
