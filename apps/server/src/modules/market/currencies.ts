import type { CurrencyView } from '@bourse/contract';
import type { Database } from '../../db/database';
import type { CurrencyRow } from '../../db/schema';

/** The wire shape of the coin list (the contract's currencyViewSchema): name, subName (ERC20/TRC20 for USDT), status, id, image. */
export type { CurrencyView };

export function currencyView(c: CurrencyRow): CurrencyView {
  return {
    id: c.id,
    name: c.name,
    subName: c.sub_name,
    status: c.status,
    image: c.image,
    decimals: c.decimals,
    color: c.color,
    isFiat: c.is_fiat,
  };
}

export async function listCurrencies(db: Database, opts: { enabledOnly?: boolean } = {}): Promise<CurrencyRow[]> {
  let q = db.selectFrom('currencies').selectAll().orderBy('sort').orderBy('id');
  if (opts.enabledOnly) q = q.where('status', '=', 1);
  return q.execute();
}

export async function findCurrency(db: Database, id: number): Promise<CurrencyRow | undefined> {
  return db.selectFrom('currencies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The currencies with their display colours; operators can add more. */
export const BASE_CURRENCIES = [
  { name: 'USDT', sub_name: 'ERC20', decimals: 6, color: '#26a17b', image: '/coins/usdt.webp', sort: 1 },
  { name: 'USDT', sub_name: 'TRC20', decimals: 6, color: '#26a17b', image: '/coins/usdt.webp', sort: 2 },
  { name: 'ETH', sub_name: '', decimals: 18, color: '#627eea', image: '/coins/eth.webp', sort: 3 },
  { name: 'BTC', sub_name: '', decimals: 8, color: '#f7931a', image: '/coins/btc.webp', sort: 4 },
  { name: 'BANKCARD', sub_name: '', decimals: 2, color: '#5b6b8c', image: '/coins/bankcard.webp', sort: 5, is_fiat: true },
] as const;

/** Inserts the base currencies that are missing (idempotent, runs at every start). */
export async function ensureBaseCurrencies(db: Database): Promise<void> {
  for (const c of BASE_CURRENCIES) {
    await db
      .insertInto('currencies')
      .values({ ...c })
      .onConflict((oc) => oc.columns(['name', 'sub_name']).doNothing())
      .execute();
  }
}
