/**
 * Chain benchmark: HD address derivation per chain, deposit-address allocation through the
 * service (one transaction each), and the EVM watcher scanning an in-process Hardhat chain full
 * of deposits (native and ERC20) and crediting them. PGlite in memory by default; DATABASE_URL
 * for PostgreSQL (own schema).
 *
 *   npx tsx bench/chain.ts [deposits, default 400] [users, default 50]
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { parseEther, parseUnits } from 'viem';
import { hardhat } from 'viem/chains';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ManualClock } from '../apps/server/src/lib/clock';
import { derivers } from '../apps/server/src/modules/chain/derive';
import { custody } from '../apps/server/src/modules/assets';
import { buildEvmRuntime } from '../apps/server/src/modules/chain/runtime';
import { getInAddress } from '../apps/server/src/modules/chain/service';
import { reconcile } from '../apps/server/src/modules/ledger';
import { ensureBaseCurrencies } from '../apps/server/src/modules/market';
import { Realtime } from '../apps/server/src/realtime/realtime';
import { startTestChain, tokenAbi } from '../apps/server/test/chain/test-chain';
import { dropBenchSchema } from './bench-schema';

const DEPOSITS = Number(process.argv[2] ?? 400);
const USERS = Number(process.argv[3] ?? 50);
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;

// 1. Derivation.
const d = derivers({ mnemonic: MNEMONIC });
for (const chain of ['evm', 'tron', 'btc'] as const) {
  const n = 2000;
  const t = performance.now();
  for (let i = 0; i < n; i++) d[chain]!.address(i);
  console.log(
    `derive ${chain.padEnd(4)}: ${n} addresses in ${Math.round(performance.now() - t)} ms (${rate(n, performance.now() - t)})`,
  );
}

// 2. Allocation through the service.
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const chain = await startTestChain();
const base = loadConfig({ DATA_DIR: '/nonexistent', DEMO_DATA: 'off' });
const token = await chain.deployToken();
const ctx: AppContext = {
  db,
  clock: new ManualClock('2026-11-22T08:00:00Z'),
  config: {
    ...base,
    chain: {
      ...base.chain,
      mnemonic: MNEMONIC,
      evmRpcUrl: chain.url,
      usdtErc20Address: token,
      evmConfirmations: 1,
      evmStartBlock: 0n,
      evmScanBatch: 100,
    },
  },
  log: pino({ level: 'silent' }),
  realtime: new Realtime(),
};
const eth = (
  await db.selectFrom('currencies').select('id').where('name', '=', 'ETH').executeTakeFirstOrThrow()
).id;
const users: Array<{ id: number; address: `0x${string}` }> = [];
{
  const t = performance.now();
  for (let i = 0; i < USERS; i++) {
    const u = await db
      .insertInto('users')
      .values({
        email: `chain-bench-${i}-${schema ?? 'mem'}@example.com`,
        mobile: null,
        area_code: null,
        password_hash: 'x',
        nickname: 'bench',
        invite_code: `CB${i}${Date.now()}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push({ id: u.id, address: (await getInAddress(ctx, u.id, eth)).address as `0x${string}` });
  }
  console.log(
    `allocate: ${USERS} deposit addresses in ${Math.round(performance.now() - t)} ms (${rate(USERS, performance.now() - t)}, incl. user insert)`,
  );
}

// 3. A chain full of deposits: half ETH, half ERC20, one transaction per block (automine).
const f = chain.funder;
await chain.wait(
  await f.writeContract({
    address: token,
    abi: tokenAbi,
    functionName: 'mint',
    args: [f.account!.address, parseUnits('100000000', 6)],
    account: f.account!,
    chain: hardhat,
  }),
);
{
  const t = performance.now();
  for (let i = 0; i < DEPOSITS; i++) {
    const u = users[i % users.length]!;
    if (i % 2)
      await f.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'transfer',
        args: [u.address, parseUnits('10', 6)],
        account: f.account!,
        chain: hardhat,
      });
    else
      await f.sendTransaction({
        to: u.address,
        value: parseEther('0.01'),
        account: f.account!,
        chain: hardhat,
      });
  }
  console.log(`chain   : ${DEPOSITS} deposit transactions mined in ${Math.round(performance.now() - t)} ms`);
}
const rt = (await buildEvmRuntime(ctx, custody, chain.publicClient))!;
const head = await chain.publicClient.getBlockNumber();
{
  const t = performance.now();
  let credited = 0;
  let scanned = 0;
  for (;;) {
    const r = await rt.watcher.tick();
    credited += r.credited;
    scanned += r.scanned;
    if (r.cursor >= head && r.credited === 0 && r.scanned === 0) break;
  }
  const ms = performance.now() - t;
  console.log(
    `watcher : ${scanned} blocks scanned and ${credited} deposits credited in ${Math.round(ms)} ms (${rate(scanned, ms)} blocks, ${rate(credited, ms)} credits)`,
  );
}
const rec = await reconcile(db);
console.log(`reconcile: ${rec.violations.length === 0 ? 'balanced' : `${rec.violations.length} violations`}`);

await chain.close();
await handle.close();
await dropBenchSchema(url, schema);
