/**
 * Spot orders end to end over HTTP: the real app (Fastify, sessions, validation, the market's
 * writer with group commit, ledger settlement) listening on a local port, and a load generator
 * in a child process (bench/http-load.ts) sending POST /coin/trade with keep-alive from many simulated clients
 * (distinct X-Forwarded-For, TRUST_PROXY on, so the per-IP rate limit of the API applies per
 * client as in production). Half the orders cross the book. Reports orders/s and latency.
 *
 * PGlite (default, a temporary data directory on disk) or PostgreSQL with DATABASE_URL (own
 * schema, dropped afterwards). Load generator and server share this machine's cores.
 *
 *   npx tsx bench/spot-http.ts [orders, default 5000] [in flight, default 128] [warm-up orders, default 5000]
 *
 * The warm-up orders go first and are not measured (V8 has compiled the order path, the writer's
 * connections have planned their statements: a server that has been running); 0 measures a
 * server's first orders. LAT_TRACE=<file.json> writes each measured order's start and latency.
 *
 * The server runs with the V8 flags `npm start` gives it (scripts/start.mjs: a larger young
 * generation); the benchmark restarts itself with them when they are missing
 * (SPOT_BENCH_NODE_FLAGS=off measures Node's defaults).
 *
 * SPOT_BENCH_PROFILE=<file.cpuprofile> writes a V8 CPU profile of the server covering the load
 * only (not the set-up), for chrome://inspect or any .cpuprofile viewer; SPOT_BENCH_ALLOC=<file.heapprofile>
 * a sampling profile of the server's allocations over the same window. GROUP_TRACE=<file.json>
 * writes each measured group commit's [sent, answered] (ms) and size; GC_TRACE=<file.json> the server's GC
 * pauses and (<file.json>.lag.json) its event-loop stalls over 4 ms, [start, ms], on the same clock. SPOT_BENCH_SQL=<file> runs
 * experiment SQL in the bench's schema first (bench/spot-fixture.ts). SPOT_BENCH_LOAD_POLICY="-b"
 * runs the load generator under that chrt(1) scheduling policy (here SCHED_BATCH: it does not
 * preempt the server when a response wakes it).
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { cpus, loadavg } from 'node:os';
import { fork, spawnSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import { reconcile } from '../apps/server/src/modules/ledger';
import { spotEngines } from '../apps/server/src/modules/spot/engines';
import { databaseUrl as url, openSpotBench, orderFlow, postgresCpuMs, SERVER_NODE_FLAGS } from './spot-fixture';
import type { LoadInput, LoadRequest, LoadResult } from './http-load';

if (process.env.SPOT_BENCH_NODE_FLAGS !== 'off' && !SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) {
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const ORDERS = Number(process.argv[2] ?? 5000);
const IN_FLIGHT = Number(process.argv[3] ?? 128);
const WARMUP = Number(process.argv[4] ?? 5000);
const USERS = 400;

const { app, ctx, market: m, accounts, close } = await openSpotBench(USERS);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const requests: LoadRequest[] = orderFlow(WARMUP + ORDERS).map((o, i) => {
  const user = i % USERS;
  const body = new URLSearchParams({ symbol: 'BTC/USDT', type: o.side, target_price: String(o.price), amount: o.amount });
  return {
    path: '/api/coin/trade',
    headers: { authorization: accounts[user]!.token, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.1.${user >> 8}.${user & 255}` },
    body: body.toString(),
  };
});

const profileTo = process.env.SPOT_BENCH_PROFILE;
const allocTo = process.env.SPOT_BENCH_ALLOC;
const profiler = profileTo || allocTo ? new Session() : null;
// The load generator runs in a child process: its own event loop, the same two cores.
const load = fork(new URL('./http-load.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
if (process.env.SPOT_BENCH_LOAD_POLICY) spawnSync('chrt', [...process.env.SPOT_BENCH_LOAD_POLICY.split(' '), '-p', '0', String(load.pid)], { stdio: 'inherit' });
const messages: unknown[] = [];
let wake: (() => void) | null = null;
load.on('message', (m) => {
  messages.push(m);
  wake?.();
});
const loadFailed = new Promise<never>((_res, rej) => load.once('error', rej));
async function next(): Promise<unknown> {
  while (!messages.length) await Promise.race([new Promise<void>((r) => (wake = r)), loadFailed]);
  return messages.shift();
}
load.send({ base, requests, inFlight: IN_FLIGHT, warmup: WARMUP } satisfies LoadInput);
await next(); // ready: connected, requests built, warm-up done
const writer = await spotEngines(ctx).writer(m);
if (process.env.GROUP_TRACE) writer.groupLog = [];
// The server's garbage collections over the same window: [start, duration] (performance.now() ms).
const gcLog: Array<[number, number]> = [];
const gcObserver = process.env.GC_TRACE ? new PerformanceObserver((list) => list.getEntries().forEach((e) => gcLog.push([e.startTime, e.duration]))) : null;
gcObserver?.observe({ entryTypes: ['gc'] });
// The server's event loop stalls over the same window: [start, length] of each gap > 4 ms between 1-ms ticks.
const lagLog: Array<[number, number]> = [];
let lastTick = performance.now();
const lagTimer = process.env.GC_TRACE
  ? setInterval(() => {
      const now = performance.now();
      if (now - lastTick > 4) lagLog.push([lastTick, now - lastTick]);
      lastTick = now;
    }, 1)
  : null;
const stats0 = { ...writer.stats };
if (profiler) {
  profiler.connect();
  if (profileTo) {
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  if (allocTo) await profiler.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
}
const pgCpu0 = postgresCpuMs();
const serverCpu0 = process.cpuUsage();
load.send('go');
await next(); // done: the last response is in
const serverCpu = process.cpuUsage(serverCpu0);
const pgCpu1 = postgresCpuMs();
const pgCpuMs = pgCpu1.all - pgCpu0.all;
const pgOwnMs = pgCpu1.own - pgCpu0.own;
if (profiler) {
  if (profileTo) writeFileSync(profileTo, JSON.stringify((await profiler.post('Profiler.stop')).profile));
  if (allocTo) writeFileSync(allocTo, JSON.stringify((await profiler.post('HeapProfiler.stopSampling')).profile));
  profiler.disconnect();
}
const result = (await next()) as LoadResult;
for (const s of result.samples) console.warn('refused:', s);
const lat = result.latencies;
const seconds = result.seconds;
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(1);
const rec = await reconcile(ctx.db);
const st = Object.fromEntries(Object.entries(writer.stats).map(([k, v]) => [k, v - stats0[k as keyof typeof stats0]])) as typeof stats0;

console.log(
  `spot over HTTP on ${url ? 'PostgreSQL' : 'PGlite (on disk)'}${process.env.SPOT_BENCH_SQL ? ` with ${process.env.SPOT_BENCH_SQL}` : ''} (${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; node ${process.version} ${process.execArgv.filter((a) => a.startsWith('--max-')).join(' ') || 'default heap'})`,
);
console.log(`  ${ORDERS} orders after ${WARMUP} of warm-up, ${IN_FLIGHT} in flight, ${USERS} users: ${Math.round(ORDERS / seconds)} orders/s (${result.ok} accepted, ${result.refused} refused)`);
console.log(`  latency ms: p50 ${q(0.5)}  p99 ${q(0.99)}  p99.9 ${q(0.999)}  max ${lat.at(-1)!.toFixed(1)}`);
const perOrder = (ms: number) => `${((ms * 1000) / ORDERS).toFixed(0)} µs/order`;
console.log(
  `  CPU: server ${perOrder((serverCpu.user + serverCpu.system) / 1000)}, load generator ${perOrder(result.cpuMs)}${url ? `, PostgreSQL ${perOrder(pgCpuMs)} (this database's backends ${perOrder(pgOwnMs)})` : ''} (machine: ${cpus().length} cores × ${seconds.toFixed(1)} s = ${perOrder(cpus().length * seconds * 1000)})`,
);
console.log(`  group commit: ${st.groups} transactions for ${st.commands} commands (largest ${writer.stats.maxGroup}; ${st.resent} sent again, ${st.rebuilds} rebuilds), ${st.fills} fills, writer busy ${Math.round(st.busyMs)} ms; reconcile ${rec.ok ? 'ok' : 'FAILED'}`);
if (process.env.GROUP_TRACE) writeFileSync(process.env.GROUP_TRACE, JSON.stringify(writer.groupLog));
gcObserver?.disconnect();
if (lagTimer) clearInterval(lagTimer);
if (process.env.GC_TRACE) {
  writeFileSync(process.env.GC_TRACE, JSON.stringify(gcLog));
  writeFileSync(`${process.env.GC_TRACE}.lag.json`, JSON.stringify(lagLog));
}
// What the database writes per order (warm-up included): the rows behind its share of the CPU.
const rows = await sql<{ kind: string; entries: string; postings: string }>`select e.kind, count(distinct e.id)::text as entries, count(*)::text as postings
    from journal_entries e join postings p on p.entry_id = e.id where e.kind like 'spot%' group by e.kind order by e.kind`.execute(ctx.db);
const placed = WARMUP + ORDERS;
console.log(
  `  rows per order: ${rows.rows.map((r) => `${r.kind} ${(Number(r.entries) / placed).toFixed(2)} entries, ${(Number(r.postings) / placed).toFixed(2)} postings`).join('; ')}`,
);

await close();
