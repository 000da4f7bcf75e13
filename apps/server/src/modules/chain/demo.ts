import type { AppContext } from '../../context';
import { ensureChainAssets } from './service';
import { ensureDemoSeed } from './wallet';

/** Demo data of the chain domain: a DEMO seed for deposit addresses when no WALLET_MNEMONIC is set. */
export async function seedChainDemo(ctx: AppContext): Promise<void> {
  await ensureChainAssets(ctx);
  await ensureDemoSeed(ctx);
}
