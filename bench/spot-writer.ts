/**
 * Spot orders through the order service without HTTP: the same order flow as spot-http.ts, placed
 * by `placeOrder` (validation, the market's writer, group commit, ledger settlement) from
 * `in flight` concurrent callers in this process. What HTTP costs is left out, so the figures
 * isolate the writer and the database: orders/s, this process's CPU and the CPU of this
 * database's PostgreSQL backends per order, and the group commits.
 *
 *   npx tsx bench/spot-writer.ts [orders, default 20000] [in flight, default 128]
 *
 * PGlite by default, PostgreSQL with DATABASE_URL (own schema, dropped afterwards).
 * SPOT_BENCH_SQL=<file> runs that SQL in the bench's schema before the load (for experiments
 * with the schema: an index dropped, a function replaced), and says so in the output.
 */
import { cpus, loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { reconcile } from '../apps/server/src/modules/ledger';
import { spotEngines } from '../apps/server/src/modules/spot/engines';
import { placeOrder } from '../apps/server/src/modules/spot/service';
import { databaseUrl as url, openSpotBench, orderFlow, postgresCpuMs, SERVER_NODE_FLAGS } from './spot-fixture';

if (!SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) {
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const ORDERS = Number(process.argv[2] ?? 20000);
const IN_FLIGHT = Number(process.argv[3] ?? 128);
const USERS = 400;

const { ctx, market, accounts, close } = await openSpotBench(USERS);
const flow = orderFlow(ORDERS);
// Warm the market's writer (book rebuild, accounts) outside the measured window.
await spotEngines(ctx).writer(market);

console.log(`set up; placing ${ORDERS} orders`);
const latencies: number[] = [];
let refused = 0;
let next = 0;
const pg0 = postgresCpuMs();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < flow.length) {
      const i = next++;
      const o = flow[i]!;
      const s = performance.now();
      try {
        await placeOrder(ctx, accounts[i % USERS]!.userId, { symbol: 'BTC/USDT', side: o.side, orderType: 'limit', tif: 'gtc', price: String(o.price), amount: o.amount });
      } catch {
        refused++;
      }
      latencies.push(performance.now() - s);
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const pg1 = postgresCpuMs();
latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
const writer = await spotEngines(ctx).writer(market);
const rec = await reconcile(ctx.db);
const perOrder = (ms: number) => `${((ms * 1000) / ORDERS).toFixed(0)} µs/order`;

console.log(
  `spot through the order service (no HTTP) on ${url ? 'PostgreSQL' : 'PGlite (on disk)'}${process.env.SPOT_BENCH_SQL ? ` with ${process.env.SPOT_BENCH_SQL}` : ''} (${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; node ${process.version})`,
);
console.log(`  ${ORDERS} orders, ${IN_FLIGHT} in flight, ${USERS} users: ${Math.round(ORDERS / seconds)} orders/s (${ORDERS - refused} accepted, ${refused} refused)`);
console.log(`  latency ms: p50 ${q(0.5)}  p99 ${q(0.99)}  p99.9 ${q(0.999)}  max ${latencies.at(-1)!.toFixed(1)}`);
console.log(
  `  CPU: this process ${perOrder((cpu.user + cpu.system) / 1000)}${url ? `, PostgreSQL ${perOrder(pg1.all - pg0.all)} (this database's backends ${perOrder(pg1.own - pg0.own)})` : ''}`,
);
console.log(`  group commit: ${writer.stats.groups} transactions for ${writer.stats.commands} commands (largest ${writer.stats.maxGroup}; ${writer.stats.resent} sent again, ${writer.stats.rebuilds - 1} rebuilds), ${writer.stats.fills} fills, writer busy ${Math.round(writer.stats.busyMs)} ms; reconcile ${rec.ok ? 'ok' : 'FAILED'}`);
await close();
