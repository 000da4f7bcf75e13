import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erc20Abi, parseEther, parseUnits } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import type { AppContext } from '../../src/context';
import { EvmSigner } from '../../src/modules/chain/evm-signer';
import { custody } from '../../src/modules/assets';
import { buildEvmRuntime } from '../../src/modules/chain/runtime';
import { reconcile } from '../../src/modules/ledger';
import { createUser, openTestDb, type TestDb } from '../helpers';
import { chainContext, changeBalance, currencyId } from './helpers';
import { SECOND_KEY, startTestChain, tokenAbi, type TestChain } from './test-chain';
import { allowWithdrawalsWithoutCode, approvedWithdrawal, fund, operatorId } from './withdrawals';

const CONFIRMATIONS = 3;

describe('EVM withdrawal signer on an in-process Hardhat chain', () => {
  let t: TestDb;
  let chain: TestChain;
  let ctx: AppContext;
  let signer: EvmSigner;
  let token: `0x${string}`;
  let eth: number;
  let usdt: number;
  let user: number;
  let op: number;
  const hot = privateKeyToAccount(SECOND_KEY);

  const withdrawal = (id: number) =>
    t.db.selectFrom('asset_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sendRow = (id: number) =>
    t.db.selectFrom('chain_sends').selectAll().where('withdrawal_id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await openTestDb();
    chain = await startTestChain();
    token = await chain.deployToken();
    await chain.wait(
      await chain.funder.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'mint',
        args: [hot.address, parseUnits('100000', 6)],
        account: chain.funder.account!,
        chain: hardhat,
      }),
    );
    ctx = chainContext(t.db, {
      evmRpcUrl: chain.url,
      evmConfirmations: CONFIRMATIONS,
      usdtErc20Address: token,
      evmSignerKey: SECOND_KEY,
    });
    eth = await currencyId(t.db, 'ETH');
    usdt = await currencyId(t.db, 'USDT', 'ERC20');
    user = await createUser(t.db);
    op = await operatorId(ctx);
    await allowWithdrawalsWithoutCode(ctx);
    await fund(ctx, user, eth, parseEther('5'));
    await fund(ctx, user, usdt, parseUnits('1000', 6));
    signer = (await buildEvmRuntime(ctx, custody, chain.publicClient))!.signer!;
  }, 60_000);

  afterAll(async () => {
    await chain?.close();
    await t?.close();
  });

  it('sends approved ETH and ERC20 withdrawals with recorded nonces and completes them after confirmations', async () => {
    const to1 = privateKeyToAccount(generatePrivateKey()).address;
    const to2 = privateKeyToAccount(generatePrivateKey()).address;
    const startNonce = await chain.publicClient.getTransactionCount({ address: hot.address });
    const w1 = await approvedWithdrawal(ctx, op, user, eth, to1, '1.25');
    const w2 = await approvedWithdrawal(ctx, op, user, usdt, to2, '100');

    const r = await signer.tick();
    expect(r.sent).toBe(2);
    const [s1, s2] = [await sendRow(w1), await sendRow(w2)];
    expect(s1).toMatchObject({ status: 'sent', nonce: String(startNonce) });
    expect(s2).toMatchObject({ status: 'sent', nonce: String(startNonce + 1) });
    expect(await withdrawal(w1)).toMatchObject({ status: 'sent', tx_hash: s1!.tx_hash });
    // Nothing is completed before the confirmations.
    expect((await signer.tick()).completed).toBe(0);

    await chain.mine(CONFIRMATIONS);
    expect((await signer.tick()).completed).toBe(2);
    expect((await withdrawal(w1)).status).toBe('completed');
    expect((await withdrawal(w2)).status).toBe('completed');
    const w1row = await withdrawal(w1);
    expect(await chain.publicClient.getBalance({ address: to1 })).toBe(BigInt(w1row.receive));
    const w2row = await withdrawal(w2);
    expect(
      await chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to2],
      }),
    ).toBe(BigInt(w2row.receive));
    expect(await changeBalance(t.db, user, eth)).toBe(parseEther('5') - parseEther('1.25'));

    // Further rounds send nothing again.
    await chain.mine(3);
    expect(await signer.tick()).toEqual({ sent: 0, completed: 0 });
    expect(await chain.publicClient.getBalance({ address: to1 })).toBe(BigInt(w1row.receive));
  });

  it('after a failed broadcast, re-sends the same signed bytes: paid exactly once', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const w = await approvedWithdrawal(ctx, op, user, eth, to, '0.5');
    // A node that accepts nothing (as if the process died right after claiming the withdrawal).
    const broken = new Proxy(chain.publicClient, {
      get(target, prop, receiver) {
        if (prop === 'sendRawTransaction') return () => Promise.reject(new Error('connection reset'));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const crashing = new EvmSigner(
      ctx,
      broken,
      hot,
      {
        chainId: hardhat.id,
        confirmations: CONFIRMATIONS,
        ethCurrencyId: eth,
        token: { address: token, currencyId: usdt },
      },
      custody,
    );
    await expect(crashing.tick()).rejects.toThrow('connection reset');
    const row = (await sendRow(w))!;
    expect(row.status).toBe('sent');
    expect((await withdrawal(w)).status).toBe('sent');
    expect(
      await chain.publicClient.getTransaction({ hash: row.tx_hash as `0x${string}` }).catch(() => null),
    ).toBeNull();

    // The real signer resumes: same transaction hash, same nonce.
    await signer.tick();
    await signer.tick();
    await chain.mine(CONFIRMATIONS);
    await signer.tick();
    const after = (await sendRow(w))!;
    expect(after).toMatchObject({ status: 'confirmed', tx_hash: row.tx_hash, nonce: row.nonce });
    expect((await withdrawal(w)).status).toBe('completed');
    expect(await chain.publicClient.getBalance({ address: to })).toBe(BigInt((await withdrawal(w)).receive));
  });

  it('does not sign a withdrawal an operator already marked sent', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const w = await approvedWithdrawal(ctx, op, user, eth, to, '0.1');
    const { markWithdrawalSent } = await import('../../src/modules/assets');
    await markWithdrawalSent(ctx, w, `0x${'ab'.repeat(32)}`, op);
    await signer.tick();
    expect(await sendRow(w)).toBeUndefined();
    expect(await chain.publicClient.getBalance({ address: to })).toBe(0n);
  });

  it('keeps the books balanced', async () => {
    expect((await reconcile(t.db)).violations).toEqual([]);
  });
});
