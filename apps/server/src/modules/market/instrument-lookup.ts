/**
 * Reads of instruments for other modules: many instruments by id (one query; the caller joins
 * them to its own rows in memory), and the instrument of a base/quote currency pair.
 */
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';

type Executor = Database | Transaction<DB>;

/** What other modules show of an instrument (its currencies by id: names come from the currencies). */
export interface InstrumentRef {
  id: number;
  symbol: string;
  baseCurrencyId: number;
  quoteCurrencyId: number;
  pricePrecision: number;
  status: number;
  source: string;
  sort: number;
}

/** The instruments among `ids`, by id (unknown ids are left out). */
export async function instrumentsByIds(db: Executor, ids: readonly number[]): Promise<Map<number, InstrumentRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('instruments')
    .select(['id', 'symbol', 'base_currency_id', 'quote_currency_id', 'price_precision', 'status', 'source', 'sort'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        symbol: r.symbol,
        baseCurrencyId: r.base_currency_id,
        quoteCurrencyId: r.quote_currency_id,
        pricePrecision: r.price_precision,
        status: r.status,
        source: r.source,
        sort: r.sort,
      },
    ]),
  );
}

/** The id of the instrument of this kind trading `baseId` against `quoteId`, if any. */
export async function instrumentIdByPair(db: Executor, kind: string, baseId: number, quoteId: number): Promise<number | null> {
  const r = await db
    .selectFrom('instruments')
    .select('id')
    .where('kind', '=', kind)
    .where('base_currency_id', '=', baseId)
    .where('quote_currency_id', '=', quoteId)
    .executeTakeFirst();
  return r?.id ?? null;
}
