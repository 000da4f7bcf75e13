import { formatUnits, parseUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { listCurrencies } from '../market';
import type { ChainName } from './derive';
import { addressBook, findAddress, listChainAssets, lockKey, nextIndex, type ChainAsset } from './repo';
import { walletKeys } from './wallet';

/** Display names of the chains. */
export const CHAIN_LABEL: Record<ChainName, string> = { evm: 'Ethereum', tron: 'TRON', btc: 'Bitcoin' };

/**
 * Confirmations shown and required per chain. EVM comes from EVM_CONFIRMATIONS; TRON and
 * Bitcoin have no watcher in this build, so their figures are the customary depths shown to users.
 */
export function confirmationsOf(ctx: AppContext, chain: ChainName): number {
  if (chain === 'evm') return ctx.config.chain.evmConfirmations;
  return chain === 'tron' ? 20 : 3;
}

/** Demo-grade defaults of the deposit minimums; operators change them in the console. */
const DEFAULT_ASSETS: Array<{ name: string; sub: string; chain: ChainName; min: string }> = [
  { name: 'USDT', sub: 'ERC20', chain: 'evm', min: '1' },
  { name: 'ETH', sub: '', chain: 'evm', min: '0.001' },
  { name: 'USDT', sub: 'TRC20', chain: 'tron', min: '1' },
  { name: 'BTC', sub: '', chain: 'btc', min: '0.0001' },
];

const ensured = new WeakMap<AppContext, Promise<void>>();

/** Registers which chain carries each base currency (idempotent; once per context). */
export function ensureChainAssets(ctx: AppContext): Promise<void> {
  let p = ensured.get(ctx);
  if (!p) {
    p = insertDefaults(ctx);
    ensured.set(ctx, p);
    p.catch(() => ensured.delete(ctx));
  }
  return p;
}

async function insertDefaults(ctx: AppContext): Promise<void> {
  const currencies = await listCurrencies(ctx.db);
  for (const a of DEFAULT_ASSETS) {
    const c = currencies.find((x) => x.name === a.name && x.sub_name === a.sub);
    if (!c) continue;
    await ctx.db
      .insertInto('chain_assets')
      .values({
        currency_id: c.id,
        chain: a.chain,
        min_deposit: parseUnits(a.min, c.decimals),
        token_address: null,
      })
      .onConflict((oc) => oc.column('currency_id').doNothing())
      .execute();
  }
  // The token contract is configuration; the table mirrors it for the console.
  const usdt = currencies.find((x) => x.name === 'USDT' && x.sub_name === 'ERC20');
  if (usdt) {
    await ctx.db
      .updateTable('chain_assets')
      .set({ token_address: ctx.config.chain.usdtErc20Address ?? null })
      .where('currency_id', '=', usdt.id)
      .execute();
  }
}

export async function chainAssets(ctx: AppContext): Promise<ChainAsset[]> {
  await ensureChainAssets(ctx);
  return listChainAssets(ctx.db);
}

export interface InAddress {
  currency_id: number;
  currency: string;
  sub_name: string;
  chain: string;
  address: string;
  confirmations: number;
  min_deposit: string;
  /** True when the address comes from the embedded demo seed: never send real funds to it. */
  demo: boolean;
}

/** The user's deposit address for a currency: derived once per user, chain and key, never reused. */
export async function getInAddress(ctx: AppContext, userId: number, currencyId: number): Promise<InAddress> {
  const asset = (await chainAssets(ctx)).find((a) => a.currencyId === currencyId && a.enabled);
  if (!asset) throw new AppError('chain_currency_unsupported');
  const keys = await walletKeys(ctx);
  const deriver = keys?.derivers[asset.chain];
  if (!keys || !deriver) throw new AppError('chain_wallet_not_configured');
  let row = await findAddress(ctx.db, userId, asset.chain, deriver.keyId);
  if (!row) {
    row = await ctx.db.transaction().execute(async (trx) => {
      await lockKey(trx, deriver.keyId);
      const again = await findAddress(trx, userId, asset.chain, deriver.keyId);
      if (again) return again;
      const index = await nextIndex(trx, asset.chain, deriver.keyId);
      return trx
        .insertInto('chain_addresses')
        .values({
          user_id: userId,
          chain: asset.chain,
          key_id: deriver.keyId,
          derivation_index: index,
          path: deriver.path(index),
          address: deriver.address(index),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }
  return {
    currency_id: asset.currencyId,
    currency: asset.name,
    sub_name: asset.subName,
    chain: CHAIN_LABEL[asset.chain],
    address: row.address,
    confirmations: confirmationsOf(ctx, asset.chain),
    min_deposit: formatUnits(asset.minDeposit, asset.decimals),
    demo: keys.source === 'demo',
  };
}

export { addressBook };
