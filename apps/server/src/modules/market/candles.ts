/**
 * Candles per period, aggregated from ticks. The feed merges each batch of ticks into the
 * candles of all eight periods with one upsert; the backfill writes history in bulk.
 */
import { Dec } from '@bourse/money';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { PERIODS, bucketStart, type Period } from './periods';
import type { Tick } from './ticks';

export interface Candle {
  instrument_id: number;
  period: string;
  open_time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume: string;
}

/** Folds ticks into one partial candle per (instrument, period, bucket) and merges them in one statement. */
export async function mergeTicks(db: Database, ticks: Tick[]): Promise<Candle[]> {
  if (ticks.length === 0) return [];
  const parts = new Map<string, Candle>();
  const sorted = [...ticks].sort((a, b) => a.at.getTime() - b.at.getTime() || Number(BigInt(a.id) - BigInt(b.id)));
  for (const t of sorted) {
    const price = new Dec(t.price);
    const qv = price.mul(t.volume).toDecimalPlaces(18, Dec.ROUND_DOWN).toFixed();
    for (const period of PERIODS) {
      const open = bucketStart(period, t.at.getTime());
      const key = `${t.instrument_id}|${period}|${open}`;
      const c = parts.get(key);
      if (!c) {
        parts.set(key, {
          instrument_id: t.instrument_id,
          period,
          open_time: new Date(open),
          open: t.price,
          high: t.price,
          low: t.price,
          close: t.price,
          volume: t.volume,
          quote_volume: qv,
        });
      } else {
        if (price.gt(c.high)) c.high = t.price;
        if (price.lt(c.low)) c.low = t.price;
        c.close = t.price;
        c.volume = new Dec(c.volume).add(t.volume).toFixed();
        c.quote_volume = new Dec(c.quote_volume).add(qv).toFixed();
      }
    }
  }
  const rows = await db
    .insertInto('market_candles')
    .values([...parts.values()])
    .onConflict((oc) =>
      oc.columns(['instrument_id', 'period', 'open_time']).doUpdateSet({
        high: sql`greatest(market_candles.high, excluded.high)`,
        low: sql`least(market_candles.low, excluded.low)`,
        close: sql`excluded.close`,
        volume: sql`market_candles.volume + excluded.volume`,
        quote_volume: sql`market_candles.quote_volume + excluded.quote_volume`,
      }),
    )
    .returningAll()
    .execute();
  return rows;
}

/** Candles of one instrument and period with open_time in [from, to], oldest first, at most `limit` (the newest ones). */
export async function queryCandles(
  db: Database,
  instrumentId: number,
  period: Period,
  from: Date,
  to: Date,
  limit: number,
): Promise<Candle[]> {
  const rows = await db
    .selectFrom('market_candles')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', period)
    .where('open_time', '>=', from)
    .where('open_time', '<=', to)
    .orderBy('open_time', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function hasCandles(db: Database, instrumentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('market_candles')
    .select('open_time')
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', '1min')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function lastCandle(db: Database, instrumentId: number, period: Period): Promise<Candle | undefined> {
  return db
    .selectFrom('market_candles')
    .selectAll()
    .where('instrument_id', '=', instrumentId)
    .where('period', '=', period)
    .orderBy('open_time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface Stats24h {
  instrument_id: number;
  open: string;
  high: string;
  low: string;
  volume: string;
  quote_volume: string;
  last: string;
}

/** 24 h statistics of every instrument from its 1-minute candles ending at `at`. */
export async function stats24h(db: Database, at: Date): Promise<Map<number, Stats24h>> {
  const since = new Date(at.getTime() - 86_400_000);
  const rows = await sql<Stats24h>`
    select instrument_id,
      (array_agg(open order by open_time asc))[1]::text as open,
      max(high)::text as high,
      min(low)::text as low,
      sum(volume)::text as volume,
      sum(quote_volume)::text as quote_volume,
      (array_agg(close order by open_time desc))[1]::text as last
    from market_candles
    where period = '1min' and open_time > ${since} and open_time <= ${at}
    group by instrument_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.instrument_id, r]));
}

/**
 * Bulk upsert of candles of one instrument and period from CSV lines
 * "epochSeconds,open,high,low,close,volume,quoteVolume" passed as ONE text parameter (much faster
 * on PGlite than thousands of bound values). Existing candles take the incoming open (history is
 * written newest first) and merge highs, lows and volumes.
 */
export async function insertCandleCsv(db: Database, instrumentId: number, period: Period, csv: string): Promise<void> {
  if (!csv) return;
  await sql`
    insert into market_candles (instrument_id, period, open_time, open, high, low, close, volume, quote_volume)
    select ${instrumentId}, ${period}, to_timestamp(a[1]::float8), a[2]::numeric, a[3]::numeric, a[4]::numeric,
           a[5]::numeric, a[6]::numeric, a[7]::numeric
    from (select string_to_array(r, ',') as a from unnest(string_to_array(${csv}::text, E'\n')) as r) s
    on conflict (instrument_id, period, open_time) do update set
      open = excluded.open,
      high = greatest(market_candles.high, excluded.high),
      low = least(market_candles.low, excluded.low),
      volume = market_candles.volume + excluded.volume,
      quote_volume = market_candles.quote_volume + excluded.quote_volume`.execute(db);
}
