import { english, generateMnemonic } from 'viem/accounts';
import type { AppContext } from '../../context';
import { derivers, type AddressDeriver, type ChainName } from './derive';

export interface WalletKeys {
  /** 'operator' when WALLET_MNEMONIC or xpubs are configured, 'demo' for the embedded demo seed. */
  source: 'operator' | 'demo';
  derivers: Partial<Record<ChainName, AddressDeriver>>;
}

const cache = new WeakMap<AppContext, Promise<WalletKeys | null>>();

/**
 * The keys of deposit addresses: the operator's (WALLET_MNEMONIC or WALLET_XPUB_*), else the
 * demo seed stored by seedChainDemo, else none (addresses are refused).
 */
export function walletKeys(ctx: AppContext): Promise<WalletKeys | null> {
  let p = cache.get(ctx);
  if (!p) {
    p = loadKeys(ctx);
    cache.set(ctx, p);
    // A miss is not cached: the demo seed may be created later.
    void p.then(
      (k) => {
        if (!k) cache.delete(ctx);
      },
      () => cache.delete(ctx),
    );
  }
  return p;
}

async function loadKeys(ctx: AppContext): Promise<WalletKeys | null> {
  const c = ctx.config.chain;
  if (c.mnemonic || c.xpubs.evm || c.xpubs.tron || c.xpubs.btc) {
    return { source: 'operator', derivers: derivers({ mnemonic: c.mnemonic, xpubs: c.xpubs }, c.btcNetwork) };
  }
  const demo = await ctx.db
    .selectFrom('chain_demo_seed')
    .select('mnemonic')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!demo) return null;
  return { source: 'demo', derivers: derivers({ mnemonic: demo.mnemonic }, c.btcNetwork) };
}

/** DEMO ONLY: stores a fresh random seed once, for the embedded default without WALLET_MNEMONIC. */
export async function ensureDemoSeed(ctx: AppContext): Promise<void> {
  const c = ctx.config.chain;
  if (c.mnemonic || c.xpubs.evm || c.xpubs.tron || c.xpubs.btc) return;
  await ctx.db
    .insertInto('chain_demo_seed')
    .values({ id: 1, mnemonic: generateMnemonic(english, 256) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  cache.delete(ctx);
}
