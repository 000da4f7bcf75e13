/**
 * Crash/restart figure: a watcher + signer child process is killed with SIGKILL at random
 * moments while deposits arrive (and once while the chain reorganises), restarted each time,
 * then run to completion. Every canonical deposit must be credited exactly once, every
 * withdrawal paid on chain exactly once, and the books must balance.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { erc20Abi, parseEther, parseUnits, type Hash } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { randomBytes } from 'node:crypto';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database';
import { custody } from '../../src/modules/assets';
import { buildEvmRuntime } from '../../src/modules/chain/runtime';
import { getInAddress } from '../../src/modules/chain/service';
import { reconcile } from '../../src/modules/ledger';
import { ensureBaseCurrencies } from '../../src/modules/market';
import { chainContext, changeBalance, currencyId, TEST_MNEMONIC } from './helpers';
import { bundleChild } from '../child-bundle';
import { pgliteTemplate } from '../helpers';
import { SECOND_KEY, startTestChain, tokenAbi, type TestChain } from './test-chain';
import { allowWithdrawalsWithoutCode, approvedWithdrawal, fund, operatorId } from './withdrawals';

const CONFIRMATIONS = 4;
// More rounds for a longer figure: CHAIN_CRASH_KILLS=15 npx vitest run apps/server/test/chain/crash.test.ts
const KILLS = Math.max(2, Number(process.env.CHAIN_CRASH_KILLS) || 3);
const USERS = 4;
const MIN_PER_RUN = 4;
const WITHDRAWALS = 6;

const here = new URL('.', import.meta.url).pathname;
const pgUrl = process.env.DATABASE_URL;
const schema = `t_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataDir = pgUrl ? '' : mkdtempSync(join(tmpdir(), 'bourse-chain-crash-'));

/** The first open (empty data dir) starts from the migrated PGlite template. */
async function openDb(first = false): Promise<DatabaseHandle> {
  return openDatabase(pgUrl ? { databaseUrl: pgUrl, schema, poolSize: 4 } : { dataDir, loadDataDir: first ? await pgliteTemplate() : undefined });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let childScript = '';

/** A user row without a password hash computation (these users never sign in). */
async function quickUser(h: DatabaseHandle): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const row = await h.db
    .insertInto('users')
    .values({
      email: `crash-${tag}@example.com`,
      mobile: null,
      area_code: null,
      password_hash: 'x',
      nickname: 'crash',
      invite_code: `C${tag}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function startChild(
  chain: TestChain,
  token: string,
): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null>; out: string[] } {
  const out: string[] = [];
  const child = spawn(process.execPath, [childScript], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DB_SCHEMA: schema,
      EVM_RPC_URL: chain.url,
      EVM_CONFIRMATIONS: String(CONFIRMATIONS),
      EVM_START_BLOCK: '0',
      USDT_ERC20_ADDRESS: token,
      EVM_SIGNER_KEY: SECOND_KEY,
      WALLET_MNEMONIC: TEST_MNEMONIC,
      CHAIN_POLL_MS: '100',
      EVM_SCAN_BATCH: '10',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let readyResolve!: () => void;
  const ready = new Promise<void>((r) => (readyResolve = r));
  child.stdout.on('data', (b: Buffer) => {
    for (const line of b.toString().split('\n').filter(Boolean)) {
      out.push(line);
      if (line === 'ready') readyResolve();
    }
  });
  child.stderr.on('data', (b: Buffer) => out.push(`stderr: ${b.toString()}`));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, ready, exited, out };
}

describe('chain watcher and signer killed with SIGKILL and restarted', () => {
  let chain: TestChain | undefined;

  afterAll(async () => {
    await chain?.close();
    if (pgUrl) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (childScript) rmSync(childScript, { force: true });
  });

  it(
    'credits every deposit exactly once and pays every withdrawal exactly once',
    async () => {
      const tSetup = Date.now();
      childScript = await bundleChild(join(here, 'crash-child.ts'));
      chain = await startTestChain();
      const c = chain;
      const token = await c.deployToken();
      const hot = privateKeyToAccount(SECOND_KEY);
      await c.wait(
        await c.funder.writeContract({
          address: token,
          abi: tokenAbi,
          functionName: 'mint',
          args: [c.funder.account!.address, parseUnits('1000000', 6)],
          account: c.funder.account!,
          chain: hardhat,
        }),
      );
      await c.wait(
        await c.funder.writeContract({
          address: token,
          abi: tokenAbi,
          functionName: 'mint',
          args: [hot.address, parseUnits('1000000', 6)],
          account: c.funder.account!,
          chain: hardhat,
        }),
      );

      // Set-up on the shared database: users, their deposit addresses, approved withdrawals.
      let handle = await openDb(true);
      await migrate(handle.db);
      await ensureBaseCurrencies(handle.db);
      let ctx = chainContext(handle.db, { evmConfirmations: CONFIRMATIONS });
      const eth = await currencyId(handle.db, 'ETH');
      const usdt = await currencyId(handle.db, 'USDT', 'ERC20');
      const users: Array<{ id: number; address: `0x${string}` }> = [];
      for (let i = 0; i < USERS; i++) {
        const id = await quickUser(handle);
        users.push({ id, address: (await getInAddress(ctx, id, eth)).address as `0x${string}` });
      }
      const op = await operatorId(ctx);
      await allowWithdrawalsWithoutCode(ctx);
      const payer = await quickUser(handle);
      await fund(ctx, payer, eth, parseEther('100'));
      await fund(ctx, payer, usdt, parseUnits('100000', 6));
      const withdrawals: Array<{ id: number; to: `0x${string}`; currency: number }> = [];
      for (let i = 0; i < WITHDRAWALS; i++) {
        const to = privateKeyToAccount(generatePrivateKey()).address;
        const currency = i % 2 ? usdt : eth;
        withdrawals.push({
          id: await approvedWithdrawal(ctx, op, payer, currency, to, i % 2 ? `${10 + i}` : `0.${i + 1}`),
          to,
          currency,
        });
      }
      await handle.close();

      // Deposits arrive while the child runs; it is killed at a random moment, then restarted.
      const sent: Array<{ hash: Hash; user: number; currency: number; amount: bigint }> = [];
      let n = 0;
      const deposit = async () => {
        const u = users[n % USERS]!;
        const currency = n % 3 === 2 ? usdt : eth;
        const amount =
          currency === eth ? parseEther('0.01') * BigInt(1 + (n % 7)) : parseUnits(String(5 + (n % 11)), 6);
        n++;
        const hash =
          currency === eth
            ? await c.funder.sendTransaction({
                to: u.address,
                value: amount,
                account: c.funder.account!,
                chain: hardhat,
              })
            : await c.funder.writeContract({
                address: token,
                abi: tokenAbi,
                functionName: 'transfer',
                args: [u.address, amount],
                account: c.funder.account!,
                chain: hardhat,
              });
        sent.push({ hash, user: u.id, currency, amount });
        return hash;
      };

      let reorged = 0;
      const t0 = Date.now();
      for (let k = 0; k < KILLS; k++) {
        const run = startChild(c, token);
        await run.ready;
        console.log(
          `child ${k} ready after ${Date.now() - t0} ms`,
          run.out.filter((l) => l.startsWith('timing')).join(' '),
        );
        // At least MIN_PER_RUN deposits per run (however slow the machine), then a random moment.
        const until = Date.now() + 200 + Math.floor(Math.random() * 1000);
        for (let i = 0; i < MIN_PER_RUN || Date.now() < until; i++) {
          if (k === 1 && reorged === 0) {
            // A shallow reorg (2 blocks < CONFIRMATIONS) while the child is scanning.
            const snap = await c.rpc<string>('evm_snapshot');
            await deposit();
            await c.mine(1);
            await sleep(250);
            await c.rpc('evm_revert', [snap]);
            reorged = 1;
          }
          await deposit();
          if (Math.random() < 0.3) await c.mine(1);
          await sleep(30 + Math.floor(Math.random() * 60));
        }
        run.child.kill('SIGKILL');
        await run.exited;
      }

      const tLoop = Date.now();
      // Final run to completion in this process (same watcher and signer code, same database),
      // with bursts of blocks so everything reaches its confirmations.
      handle = await openDb();
      ctx = chainContext(handle.db, {
        evmConfirmations: CONFIRMATIONS,
        evmRpcUrl: c.url,
        usdtErc20Address: token,
        evmSignerKey: SECOND_KEY,
        evmStartBlock: 0n,
        evmScanBatch: 50,
      });
      const rt = (await buildEvmRuntime(ctx, custody))!;
      for (let round = 0; ; round++) {
        if (round > 200) throw new Error('final catch-up did not finish');
        await c.mine(CONFIRMATIONS + 2);
        const r = await rt.watcher.tick();
        await rt.signer!.tick();
        if (r.cursor !== r.head) continue;
        const ripe = await handle.db
          .selectFrom('chain_deposits')
          .select('id')
          .where('status', '=', 'pending')
          .where('block_number', '<=', (r.head - BigInt(CONFIRMATIONS) + 1n).toString())
          .execute();
        const open = await handle.db
          .selectFrom('asset_withdrawals')
          .select('id')
          .where('status', 'in', ['approved', 'sent'])
          .execute();
        if (!ripe.length && !open.length) break;
      }
      console.log(`phases: setup ${t0 - tSetup} ms, kills ${tLoop - t0} ms, final ${Date.now() - tLoop} ms`);
      // Expected: the deposits whose transaction is on the final canonical chain.
      const canonical: typeof sent = [];
      for (const s of sent) {
        const receipt = await c.publicClient.getTransactionReceipt({ hash: s.hash }).catch(() => null);
        if (receipt?.status === 'success') canonical.push(s);
      }
      expect(canonical.length).toBeGreaterThanOrEqual(KILLS * MIN_PER_RUN);
      expect(sent.length - canonical.length).toBe(reorged);

      try {
        const rows = await handle.db
          .selectFrom('asset_deposits')
          .select(['user_id', 'currency_id', 'amount', 'tx_hash', 'log_index'])
          .where('source', '=', 'chain')
          .execute();
        expect(rows).toHaveLength(canonical.length);
        expect(new Set(rows.map((r) => r.tx_hash)).size).toBe(canonical.length);
        expect(new Set(rows.map((r) => r.tx_hash))).toEqual(new Set(canonical.map((s) => s.hash)));
        for (const u of users) {
          for (const cur of [eth, usdt]) {
            const want = canonical
              .filter((s) => s.user === u.id && s.currency === cur)
              .reduce((a, s) => a + s.amount, 0n);
            expect(await changeBalance(handle.db, u.id, cur)).toBe(want);
          }
        }
        // Withdrawals: all completed, each paid once on chain, one transaction and nonce each.
        const sends = await handle.db.selectFrom('chain_sends').selectAll().execute();
        expect(sends).toHaveLength(WITHDRAWALS);
        expect(new Set(sends.map((s) => s.nonce)).size).toBe(WITHDRAWALS);
        for (const w of withdrawals) {
          const row = await handle.db
            .selectFrom('asset_withdrawals')
            .selectAll()
            .where('id', '=', w.id)
            .executeTakeFirstOrThrow();
          expect(row.status).toBe('completed');
          const paid =
            w.currency === eth
              ? await c.publicClient.getBalance({ address: w.to })
              : await c.publicClient.readContract({
                  address: token,
                  abi: erc20Abi,
                  functionName: 'balanceOf',
                  args: [w.to],
                });
          expect(paid).toBe(BigInt(row.receive));
        }
        expect(await c.publicClient.getTransactionCount({ address: hot.address })).toBe(WITHDRAWALS);
        expect((await reconcile(handle.db)).violations).toEqual([]);
        console.log(
          `crash figure: ${KILLS} SIGKILLs, ${reorged} reorg, ${sent.length} deposits sent, ${canonical.length} canonical, ${rows.length} credited, ${WITHDRAWALS} withdrawals paid once`,
        );
      } finally {
        await handle.close();
      }
    },
    120_000 + KILLS * 20_000,
  );
});
