import { createPublicClient, erc20Abi, getAddress, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { AppContext } from '../../context';
import type { Custody } from './custody';
import { EvmSigner } from './evm-signer';
import { EvmWatcher } from './evm-watcher';
import { chainAssets } from './service';

export interface EvmRuntime {
  client: PublicClient;
  chainId: number;
  watcher: EvmWatcher;
  signer: EvmSigner | null;
  tokenAddress: `0x${string}` | null;
}

/**
 * Builds the EVM watcher (and the signer when EVM_SIGNER_KEY is set) from configuration.
 * Returns null when no EVM_RPC_URL is configured (the embedded default has no chain).
 */
export async function buildEvmRuntime(
  ctx: AppContext,
  custody: Custody,
  client?: PublicClient,
  tuning: { signerBatch?: number } = {},
): Promise<EvmRuntime | null> {
  const cfg = ctx.config.chain;
  if (!cfg.evmRpcUrl && !client) return null;
  const rpc =
    client ??
    createPublicClient({ transport: http(cfg.evmRpcUrl, { retryCount: 1, timeout: 20_000 }), cacheTime: 0 });
  const chainId = await rpc.getChainId();
  if (cfg.evmChainId !== undefined && cfg.evmChainId !== chainId) {
    throw new Error(`EVM_CHAIN_ID is ${cfg.evmChainId} but the node at EVM_RPC_URL reports ${chainId}`);
  }
  const assets = (await chainAssets(ctx)).filter((a) => a.chain === 'evm' && a.enabled);
  const eth = assets.find((a) => a.name === 'ETH');
  const usdt = assets.find((a) => a.name === 'USDT' && a.subName === 'ERC20');
  let token: { address: `0x${string}`; currencyId: number } | null = null;
  if (usdt && cfg.usdtErc20Address) {
    const address = getAddress(cfg.usdtErc20Address);
    // Amounts are credited as raw token units: the contract's decimals must equal the currency's.
    const decimals = await rpc.readContract({ address, abi: erc20Abi, functionName: 'decimals' });
    if (decimals !== usdt.decimals)
      throw new Error(`USDT_ERC20_ADDRESS has ${decimals} decimals, the currency ${usdt.decimals}`);
    token = { address, currencyId: usdt.currencyId };
  }
  const ethCurrencyId = eth?.currencyId ?? null;
  const watcher = new EvmWatcher(
    ctx,
    rpc,
    {
      confirmations: cfg.evmConfirmations,
      startBlock: cfg.evmStartBlock,
      batch: cfg.evmScanBatch,
      ethCurrencyId,
      token,
    },
    custody,
  );
  const signer = cfg.evmSignerKey
    ? new EvmSigner(
        ctx,
        rpc,
        privateKeyToAccount(cfg.evmSignerKey as `0x${string}`),
        {
          chainId,
          confirmations: cfg.evmConfirmations,
          ethCurrencyId,
          token,
          batch: tuning.signerBatch,
        },
        custody,
      )
    : null;
  return { client: rpc, chainId, watcher, signer, tokenAddress: token?.address ?? null };
}
