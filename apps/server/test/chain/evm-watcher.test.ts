import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, parseUnits, type Hash } from 'viem';
import { hardhat } from 'viem/chains';
import type { AppContext } from '../../src/context';
import { startChainJobs } from '../../src/modules/chain';
import { custody } from '../../src/modules/assets';
import { buildEvmRuntime } from '../../src/modules/chain/runtime';
import { getInAddress } from '../../src/modules/chain/service';
import type { EvmWatcher } from '../../src/modules/chain/evm-watcher';
import { reconcile } from '../../src/modules/ledger';
import { createUser, openTestDb, type TestDb } from '../helpers';
import { changeBalance, chainContext, currencyId } from './helpers';
import { startTestChain, tokenAbi, type TestChain } from './test-chain';

const CONFIRMATIONS = 3;

describe('EVM watcher on an in-process Hardhat chain', () => {
  let t: TestDb;
  let chain: TestChain;
  let ctx: AppContext;
  let watcher: EvmWatcher;
  let token: `0x${string}`;
  let eth: number;
  let usdt: number;
  let alice: number;
  let bob: number;
  let aliceAddr: `0x${string}`;
  let bobAddr: `0x${string}`;

  const newWatcher = async () => {
    const rt = await buildEvmRuntime(ctx, custody, chain.publicClient);
    return rt!.watcher;
  };
  const sendEth = async (to: `0x${string}`, value: bigint): Promise<Hash> => {
    const hash = await chain.funder.sendTransaction({
      to,
      value,
      account: chain.funder.account!,
      chain: hardhat,
    });
    await chain.wait(hash);
    return hash;
  };
  const sendToken = async (to: `0x${string}`, value: bigint): Promise<Hash> => {
    const hash = await chain.funder.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: 'transfer',
      args: [to, value],
      account: chain.funder.account!,
      chain: hardhat,
    });
    await chain.wait(hash);
    return hash;
  };
  const deposits = (userId: number) =>
    t.db.selectFrom('chain_deposits').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const credited = (userId: number) =>
    t.db
      .selectFrom('asset_deposits')
      .selectAll()
      .where('user_id', '=', userId)
      .where('source', '=', 'chain')
      .execute();

  beforeAll(async () => {
    t = await openTestDb();
    chain = await startTestChain();
    token = await chain.deployToken();
    const mint = await chain.funder.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: 'mint',
      args: [chain.funder.account!.address, parseUnits('1000000', 6)],
      account: chain.funder.account!,
      chain: hardhat,
    });
    await chain.wait(mint);
    ctx = chainContext(t.db, {
      evmRpcUrl: chain.url,
      evmConfirmations: CONFIRMATIONS,
      usdtErc20Address: token,
      evmStartBlock: 0n,
    });
    eth = await currencyId(t.db, 'ETH');
    usdt = await currencyId(t.db, 'USDT', 'ERC20');
    alice = await createUser(t.db);
    bob = await createUser(t.db);
    aliceAddr = (await getInAddress(ctx, alice, eth)).address as `0x${string}`;
    bobAddr = (await getInAddress(ctx, bob, usdt)).address as `0x${string}`;
    watcher = await newWatcher();
  }, 60_000);

  afterAll(async () => {
    await chain?.close();
    await t?.close();
  });

  it('credits a native ETH transfer once, after the confirmation depth', async () => {
    const hash = await sendEth(aliceAddr, parseEther('1.5'));
    let r = await watcher.tick();
    expect(r.observed).toBe(1);
    expect(r.credited).toBe(0);
    const seen = await deposits(alice);
    expect(seen).toMatchObject([
      { tx_hash: hash, log_index: -1, status: 'pending', amount: parseEther('1.5').toString() },
    ]);
    expect(await changeBalance(t.db, alice, eth)).toBe(0n);

    await chain.mine(CONFIRMATIONS - 2);
    r = await watcher.tick();
    expect(r.credited).toBe(0); // one block short
    await chain.mine(1);
    r = await watcher.tick();
    expect(r.credited).toBe(1);
    expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('1.5'));
    expect((await deposits(alice))[0]!.status).toBe('credited');

    // More rounds, a restarted watcher, and a full re-scan from block 0 change nothing.
    await watcher.tick();
    await (await newWatcher()).tick();
    await t.db.deleteFrom('chain_cursors').execute();
    await t.db.deleteFrom('chain_blocks').execute();
    const fresh = await newWatcher();
    for (let i = 0; i < 3; i++) await fresh.tick();
    expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('1.5'));
    expect(await credited(alice)).toHaveLength(1);
    watcher = fresh;
  });

  it('credits ERC20 Transfer logs, several per transaction, each once', async () => {
    await sendToken(bobAddr, parseUnits('250', 6));
    // One transaction paying Alice twice and Bob once: three logs, three deposits.
    const batch = await chain.funder.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: 'batchTransfer',
      args: [
        [aliceAddr, bobAddr, aliceAddr],
        [parseUnits('10', 6), parseUnits('20', 6), parseUnits('30', 6)],
      ],
      account: chain.funder.account!,
      chain: hardhat,
    });
    await chain.wait(batch);
    await watcher.tick();
    await chain.mine(CONFIRMATIONS);
    const r = await watcher.tick();
    expect(r.credited).toBe(4);
    expect(await changeBalance(t.db, bob, usdt)).toBe(parseUnits('270', 6));
    expect(await changeBalance(t.db, alice, usdt)).toBe(parseUnits('40', 6));
    const logs = (await deposits(alice)).filter((d) => d.tx_hash === batch);
    expect(new Set(logs.map((d) => d.log_index)).size).toBe(2);
    await watcher.tick();
    expect(await changeBalance(t.db, bob, usdt)).toBe(parseUnits('270', 6));
  });

  it('records transfers below the deposit minimum without crediting them', async () => {
    const hash = await sendEth(aliceAddr, parseEther('0.0001')); // minimum 0.001 ETH
    await chain.mine(CONFIRMATIONS);
    await watcher.tick();
    const row = (await deposits(alice)).find((d) => d.tx_hash === hash);
    expect(row?.status).toBe('below_min');
    expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('1.5'));
  });

  it('drops a deposit whose block is reorged out before its confirmations', async () => {
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const hash = await sendEth(aliceAddr, parseEther('2'));
    await watcher.tick();
    expect((await deposits(alice)).find((d) => d.tx_hash === hash)?.status).toBe('pending');
    // The fork: back to before the transfer, then a longer chain of empty blocks.
    await chain.rpc('evm_revert', [snapshot]);
    await chain.mine(CONFIRMATIONS + 2);
    const r = await watcher.tick();
    expect(r.reorgTo).toBeDefined();
    for (let i = 0; i < 3; i++) await watcher.tick();
    expect((await deposits(alice)).find((d) => d.tx_hash === hash)?.status).toBe('dropped');
    expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('1.5'));
    expect(watcher.status().reorgs).toBeGreaterThanOrEqual(1);
  });

  it('re-observes a transaction mined again on the new branch and credits it once', async () => {
    const snapshot = await chain.rpc<string>('evm_snapshot');
    const account = chain.funder.account!;
    const nonce = await chain.publicClient.getTransactionCount({
      address: account.address,
      blockTag: 'pending',
    });
    const request = await chain.funder.prepareTransactionRequest({
      to: aliceAddr,
      value: parseEther('0.5'),
      nonce,
      account,
      chain: hardhat,
    });
    const raw = await chain.funder.signTransaction(request);
    const hash = await chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    await chain.wait(hash);
    await watcher.tick();
    const first = (await deposits(alice)).find((d) => d.tx_hash === hash)!;
    expect(first.status).toBe('pending');
    // Reorg: one empty block first, then the same signed transaction in a later block.
    await chain.rpc('evm_revert', [snapshot]);
    await chain.mine(2);
    await chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    await chain.mine(CONFIRMATIONS + 1);
    for (let i = 0; i < 3; i++) await watcher.tick();
    const again = (await deposits(alice)).filter((d) => d.tx_hash === hash);
    expect(again).toHaveLength(1);
    expect(again[0]!.status).toBe('credited');
    expect(again[0]!.block_hash).not.toBe(first.block_hash);
    expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('2'));
    expect((await credited(alice)).filter((d) => d.tx_hash === hash)).toHaveLength(1);
  });

  it('runs as a background job when EVM_RPC_URL is set, and stops cleanly', async () => {
    const jobCtx = chainContext(t.db, {
      evmRpcUrl: chain.url,
      evmConfirmations: CONFIRMATIONS,
      usdtErc20Address: token,
      pollMs: 200,
    });
    const jobs = await startChainJobs(jobCtx, custody);
    try {
      await sendEth(aliceAddr, parseEther('0.25'));
      await chain.mine(CONFIRMATIONS);
      for (let i = 0; i < 100 && (await changeBalance(t.db, alice, eth)) !== parseEther('2.25'); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await changeBalance(t.db, alice, eth)).toBe(parseEther('2.25'));
    } finally {
      await jobs.stop();
    }
    // An unreachable node does not break the start; the job keeps retrying until stopped.
    const down = await startChainJobs(chainContext(t.db, { evmRpcUrl: 'http://127.0.0.1:9', pollMs: 200 }), custody);
    await down.stop();
  });

  it('keeps the books balanced', async () => {
    const rec = await reconcile(t.db);
    expect(rec.violations).toEqual([]);
  });
});
