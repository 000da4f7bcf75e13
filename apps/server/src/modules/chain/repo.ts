import { sql } from 'kysely';
import type { Database, Transaction } from '../../db/database';
import type { DB } from '../../db/schema';
import { listCurrencies } from '../market';
import type { ChainName } from './derive';

type Db = Database | Transaction<DB>;

export interface ChainAsset {
  currencyId: number;
  name: string;
  subName: string;
  decimals: number;
  chain: ChainName;
  tokenAddress: string | null;
  minDeposit: bigint;
  enabled: boolean;
}

/** The chain of each currency that has one, in the currencies' order (their names from the market). */
export async function listChainAssets(db: Db): Promise<ChainAsset[]> {
  const rows = await db.selectFrom('chain_assets').selectAll().execute();
  const byCurrency = new Map(rows.map((r) => [r.currency_id, r]));
  const currencies = await listCurrencies(db);
  return currencies.flatMap((c) => {
    const r = byCurrency.get(c.id);
    return r
      ? [
          {
            currencyId: r.currency_id,
            name: c.name,
            subName: c.sub_name,
            decimals: c.decimals,
            chain: r.chain as ChainName,
            tokenAddress: r.token_address,
            minDeposit: BigInt(r.min_deposit),
            enabled: r.enabled,
          },
        ]
      : [];
  });
}

export async function findAddress(db: Db, userId: number, chain: ChainName, keyId: string) {
  return db
    .selectFrom('chain_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('chain', '=', chain)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
}

/** Serialises address allocation of one key until the transaction ends (two requests never share an index). */
export async function lockKey(trx: Transaction<DB>, keyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`chain_addr:${keyId}`}))`.execute(trx);
}

/** The next derivation index of a key (call under lockKey). */
export async function nextIndex(trx: Transaction<DB>, chain: ChainName, keyId: string): Promise<number> {
  const row = await trx
    .selectFrom('chain_addresses')
    .select((eb) => eb.fn.max('derivation_index').as('max'))
    .where('chain', '=', chain)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** All deposit addresses of a chain (lower-cased for EVM matching) → user id. */
export async function addressBook(db: Db, chain: ChainName): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chain_addresses')
    .select(['address', 'user_id'])
    .where('chain', '=', chain)
    .execute();
  return new Map(rows.map((r) => [chain === 'evm' ? r.address.toLowerCase() : r.address, r.user_id]));
}
