/** SQL of the contracts console: the settlement log, the house P&L, open orders per direction. */
import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { currenciesByIds } from '../market';
import { withNames } from './repo';

type Executor = Database | Transaction<DB>;

export async function settlementLog(
  db: Executor,
  f: { page: number; limit: number; instrumentId?: number; status?: string; userId?: number },
) {
  let q = db.selectFrom('contract_orders').where('status', '<>', 'open');
  if (f.instrumentId) q = q.where('instrument_id', '=', f.instrumentId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('settled_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset((f.page - 1) * f.limit).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withNames(db, rows), total: Number(total.n) };
}

/** House P&L per UTC day and currency from settled orders (house = −(user profit + fee)). */
export async function housePnl(db: Executor, since: Date) {
  const res = await sql<{
    day: string;
    currency_id: number;
    orders: string;
    stake: string;
    user_profit: string;
    fees: string;
    won: string;
    lost: string;
    tie: string;
    void: string;
  }>`
    select to_char(date_trunc('day', o.settled_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
           o.currency_id, count(*) as orders, sum(o.stake) as stake, sum(o.profit) as user_profit, sum(o.fee) as fees,
           count(*) filter (where o.status = 'won') as won, count(*) filter (where o.status = 'lost') as lost,
           count(*) filter (where o.status = 'tie') as tie, count(*) filter (where o.status = 'void') as void
      from contract_orders o
     where o.settled_at is not null and o.settled_at >= ${since}
     group by 1, o.currency_id
     order by 1 desc, o.currency_id`.execute(db);
  const curs = await currenciesByIds(db, res.rows.map((r) => r.currency_id));
  return res.rows.flatMap((r) => {
    const c = curs.get(r.currency_id);
    return c ? [{ ...r, currency: c.name, sub_name: c.sub_name, decimals: c.decimals }] : [];
  });
}

/** Open orders per product, currency and direction (count and stake), to show beside the counters. */
export async function openByDirection(db: Executor) {
  const res = await sql<{ product_id: number; currency_id: number; direction: number; orders: string; stake: string }>`
    select product_id, currency_id, direction, count(*) as orders, sum(stake) as stake
      from contract_orders where status = 'open'
     group by product_id, currency_id, direction`.execute(db);
  return res.rows;
}
