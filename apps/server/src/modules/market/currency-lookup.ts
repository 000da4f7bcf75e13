/** Reads of currencies and instruments for other modules: currencies batched by id, a currency's USDT market. */
import type { Database } from '../../db/database';
import type { CurrencyRow } from '../../db/schema';

/** The currencies among `ids`, by id (one query; unknown ids are left out). */
export async function currenciesByIds(db: Database, ids: readonly number[]): Promise<Map<number, CurrencyRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('currencies').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The listed spot instrument quoting the currency named `baseName` in USDT (any USDT network),
 * first by sort then id; null when none is listed.
 */
export async function usdtInstrumentId(db: Database, baseName: string): Promise<number | null> {
  const r = await db
    .selectFrom('instruments as i')
    .innerJoin('currencies as q', 'q.id', 'i.quote_currency_id')
    .innerJoin('currencies as b', 'b.id', 'i.base_currency_id')
    .select('i.id')
    .where('b.name', '=', baseName)
    .where('q.name', '=', 'USDT')
    .where('i.status', '=', 1)
    .orderBy('i.sort')
    .orderBy('i.id')
    .limit(1)
    .executeTakeFirst();
  return r?.id ?? null;
}
