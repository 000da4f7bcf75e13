import type { ChainSend, PendingDeposit, chainAssetBodySchema } from '@bourse/contract';
import { formatUnits, parseUnits } from '@bourse/money';
import { erc20Abi, type Hash } from 'viem';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import { CHAINS } from './derive';
import { runtimes } from './jobs';
import { CHAIN_LABEL, chainAssets, confirmationsOf } from './service';
import { walletKeys } from './wallet';

/** Console: per chain, the watcher, its pending deposits, the hot wallet, and the deposit settings. */
export async function chainStatus(ctx: AppContext) {
  const assets = await chainAssets(ctx);
  const keys = await walletKeys(ctx);
  const rt = runtimes.get(ctx) ?? null;
  const counts = await ctx.db
    .selectFrom('chain_addresses')
    .select(['chain', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('chain')
    .execute();
  const cursors = await ctx.db.selectFrom('chain_cursors').selectAll().execute();
  const pending = await ctx.db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('status', 'in', ['pending', 'below_min', 'dropped'])
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const decimals = new Map(assets.map((a) => [a.currencyId, a]));
  const head = rt?.watcher.status().head ?? null;

  let signer = null;
  if (rt?.signer) {
    const address = rt.signer.address;
    const [eth, token, pendingNonce, latestNonce, top] = await Promise.all([
      rt.client.getBalance({ address }).catch(() => null),
      rt.tokenAddress
        ? rt.client
            .readContract({
              address: rt.tokenAddress,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [address],
            })
            .catch(() => null)
        : null,
      rt.client.getTransactionCount({ address, blockTag: 'pending' }).catch(() => null),
      rt.client.getTransactionCount({ address, blockTag: 'latest' }).catch(() => null),
      ctx.db
        .selectFrom('chain_sends')
        .select((eb) => eb.fn.max('nonce').as('max'))
        .where('from_address', '=', address)
        .executeTakeFirst(),
    ]);
    const usdt = assets.find((a) => a.name === 'USDT' && a.subName === 'ERC20');
    const sends = await ctx.db
      .selectFrom('chain_sends')
      .selectAll()
      .where('from_address', '=', address)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    signer = {
      address,
      eth_balance: eth === null ? null : formatUnits(eth, 18),
      token_balance: token === null || !usdt ? null : formatUnits(token, usdt.decimals),
      nonce_pending: pendingNonce,
      nonce_latest: latestNonce,
      last_recorded_nonce: top?.max ?? null,
      last_error: rt.signer.lastError,
      sends: sends.map((s) => ({
        id: s.id,
        withdrawal_id: s.withdrawal_id,
        currency_id: s.currency_id,
        to: s.to_address,
        amount: formatUnits(BigInt(s.amount), decimals.get(s.currency_id)?.decimals ?? 18),
        nonce: s.nonce,
        tx_hash: s.tx_hash as Hash,
        // The columns' check constraints allow only these.
        status: s.status as ChainSend['status'],
        error: s.error,
        created_at: s.created_at.toISOString(),
      })),
    };
  }

  return {
    wallet: keys
      ? {
          source: keys.source,
          key_ids: Object.fromEntries(Object.entries(keys.derivers).map(([c, d]) => [c, d.keyId])),
        }
      : null,
    chains: CHAINS.map((chain) => {
      const cursor = cursors.find((c) => c.chain === chain);
      const watcher = chain === 'evm' && rt ? rt.watcher.status() : null;
      return {
        chain,
        label: CHAIN_LABEL[chain],
        confirmations: confirmationsOf(ctx, chain),
        addresses: Number(counts.find((c) => c.chain === chain)?.n ?? 0),
        watched: watcher !== null,
        watcher,
        chain_id: chain === 'evm' ? (rt?.chainId ?? null) : null,
        last_scanned_block: cursor?.block_number ?? null,
        last_scanned_hash: cursor?.block_hash ?? null,
        last_scanned_at: cursor?.updated_at.toISOString() ?? null,
      };
    }),
    assets: assets.map((a) => ({
      currency_id: a.currencyId,
      currency: a.name,
      sub_name: a.subName,
      chain: a.chain,
      token_address: a.tokenAddress,
      min_deposit: formatUnits(a.minDeposit, a.decimals),
      enabled: a.enabled,
    })),
    pending: pending.map((d) => {
      const a = decimals.get(d.currency_id);
      return {
        id: d.id,
        chain: d.chain,
        tx_hash: d.tx_hash,
        log_index: d.log_index,
        block_number: d.block_number,
        user_id: d.user_id,
        currency_id: d.currency_id,
        currency: a ? `${a.name}${a.subName ? ` ${a.subName}` : ''}` : String(d.currency_id),
        address: d.address,
        amount: formatUnits(BigInt(d.amount), a?.decimals ?? 18),
        status: d.status as PendingDeposit['status'],
        confirmations:
          head !== null && d.status === 'pending'
            ? Math.max(0, Number(BigInt(head) - BigInt(d.block_number) + 1n))
            : null,
        seen_at: d.seen_at.toISOString(),
      };
    }),
    signer,
  };
}

/** Console: the deposit minimum and on/off switch of a chain currency (audited). */
export async function updateChainAsset(
  ctx: AppContext,
  op: Operator,
  currencyId: number,
  input: Omit<z.infer<typeof chainAssetBodySchema>, 'lang'>,
  ip: string | null,
) {
  const before = (await chainAssets(ctx)).find((a) => a.currencyId === currencyId);
  if (!before) throw new AppError('chain_currency_unsupported');
  let min: bigint | undefined;
  if (input.min_deposit !== undefined) {
    try {
      min = parseUnits(input.min_deposit.trim(), before.decimals);
    } catch {
      throw new AppError('field_invalid', { field: 'min_deposit' });
    }
    if (min < 0n) throw new AppError('field_invalid', { field: 'min_deposit' });
  }
  await ctx.db
    .updateTable('chain_assets')
    .set({
      ...(min !== undefined ? { min_deposit: min } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updated_at: ctx.clock.now(),
    })
    .where('currency_id', '=', currencyId)
    .execute();
  const after = (await chainAssets(ctx)).find((a) => a.currencyId === currencyId)!;
  const view = (a: typeof after) => ({
    min_deposit: formatUnits(a.minDeposit, a.decimals),
    enabled: a.enabled,
  });
  await audit(ctx, op.id, 'chain.asset.update', `currency:${currencyId}`, view(before), view(after), ip);
  return view(after);
}
