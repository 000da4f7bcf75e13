import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';

export interface CurrencyInput {
  name: string;
  sub_name: string;
  decimals: number;
  color: string;
  image: string;
  sort: number;
  is_fiat: boolean;
}

/** Operators add currencies; name + sub_name is unique, decimals are fixed once created. */
export async function createCurrency(db: Database, input: CurrencyInput) {
  const row = await db
    .insertInto('currencies')
    .values({ ...input, status: 1 })
    .onConflict((oc) => oc.columns(['name', 'sub_name']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('currency_exists');
  return row;
}

/**
 * Operators change how a currency shows and whether it is enabled. `decimals` is not editable:
 * stored base-unit amounts would change meaning.
 */
export async function updateCurrency(
  db: Database,
  id: number,
  patch: Partial<Pick<CurrencyInput, 'color' | 'image' | 'sort'>> & { status?: number },
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('currencies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('currency_not_found');
    const after = await trx.updateTable('currencies').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return { before, after };
  });
}
