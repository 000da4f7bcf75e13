/** Market set-up the HTTP tests share: currency ids and price ticks. */
import type { Database } from '../src/db/database';
import type { H } from './identity-helpers';

/** The id of the currency `name` on network `sub` ('' for a coin without networks). */
export async function currencyId(db: Database, name: string, sub = ''): Promise<number> {
  const row = await db
    .selectFrom('currencies')
    .select('id')
    .where('name', '=', name)
    .where('sub_name', '=', sub)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records a simulated price tick of `symbol` at the app clock's time (the price the app then uses). */
export async function tick(h: H, symbol: string, price: string): Promise<void> {
  const inst = await h.ctx.db
    .selectFrom('instruments')
    .select('id')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  await h.ctx.db
    .insertInto('market_ticks')
    .values({ instrument_id: inst.id, price, volume: '1', at: h.clock.now(), source: 'simulated' })
    .execute();
}
