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
 *   npx tsx bench/spot-http.ts [orders, default 5000] [in flight, default 128]
 *
 * The server runs with the V8 flags `npm start` gives it (scripts/start.mjs: a larger young
 * generation); the benchmark restarts itself with them when they are missing
 * (SPOT_BENCH_NODE_FLAGS=off measures Node's defaults).
 *
 * SPOT_BENCH_PROFILE=<file.cpuprofile> writes a V8 CPU profile of the server covering the load
 * only (not the set-up), for chrome://inspect or any .cpuprofile viewer; SPOT_BENCH_ALLOC=<file.heapprofile>
 * a sampling profile of the server's allocations over the same window.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork, spawnSync } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { parseUnits } from '@bourse/money';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { createSession } from '../apps/server/src/modules/identity';
import { ledger, reconcile } from '../apps/server/src/modules/ledger';
import { spotEngines } from '../apps/server/src/modules/spot/engines';
import { SPOT_ACCOUNT_TYPE } from '../apps/server/src/modules/spot/writer';
import { prepare } from '../apps/server/src/server';
import type { LoadInput, LoadRequest, LoadResult } from './http-load';

/** Keep in step with SERVER_NODE_FLAGS in scripts/start.mjs. */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
if (process.env.SPOT_BENCH_NODE_FLAGS !== 'off' && !SERVER_NODE_FLAGS.every((f) => process.execArgv.includes(f))) {
  const r = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const ORDERS = Number(process.argv[2] ?? 5000);
const IN_FLIGHT = Number(process.argv[3] ?? 128);
const USERS = 400;
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'bourse-spot-bench-'));

const handle = await openDatabase({ databaseUrl: url, schema, dataDir, poolSize: 10 });
const config = { ...loadConfig({ DATA_DIR: dataDir ?? '/nonexistent', DEMO_DATA: 'off', MARKET_FEED: 'off', TRUST_PROXY: 'on', LOG_LEVEL: 'warn' }), webDist: undefined, adminDist: undefined };
const { app, ctx } = await buildApp({ config, db: handle.db, clock: systemClock, logger: false });
await prepare(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const m = await spotEngines(ctx).market('BTC/USDT');
const tokens: string[] = [];
for (let i = 0; i < USERS; i++) {
  const u = await ctx.db
    .insertInto('users')
    .values({ email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`, mobile: null, area_code: null, password_hash: 'x', nickname: `bench ${i}`, invite_code: `B${randomBytes(6).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [cur, amount] of [
      [m.quoteCurrencyId, parseUnits('10000000', m.quoteDecimals)],
      [m.baseCurrencyId, parseUnits('100', m.baseDecimals)],
    ] as const) {
      await ledger.transfer(trx, await ledger.systemAccount(trx, 'demo', cur), await ledger.userAccount(trx, u.id, cur, SPOT_ACCOUNT_TYPE), amount, { kind: 'demo_credit', memo: 'bench funding' }, new Date());
    }
  });
  tokens.push(await createSession(ctx, u.id, { ip: null, userAgent: 'bench' }));
}

let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const requests: LoadRequest[] = Array.from({ length: ORDERS }, (_, i) => {
  const buy = i % 2 === 0;
  const user = i % USERS;
  // Around 90,000; about half the orders cross the other side.
  const offset = Math.floor(rnd() * 4000) - 1000;
  const price = buy ? 90_000 - offset : 90_000 + offset;
  const body = new URLSearchParams({ symbol: 'BTC/USDT', type: buy ? 'buy' : 'sell', target_price: String(price), amount: (0.001 + Math.floor(rnd() * 50) / 10000).toFixed(4) });
  return {
    path: '/api/coin/trade',
    headers: { authorization: tokens[user]!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `10.1.${user >> 8}.${user & 255}` },
    body: body.toString(),
  };
});

/**
 * CPU ms of PostgreSQL processes on this machine (/proc; 0 where /proc is missing): all of them
 * (background writers included; other users of the server count too), and only the backends
 * connected to this benchmark's database (their process title names it), which other
 * databases' load does not disturb.
 */
const dbName = url ? new URL(url).pathname.slice(1) : '';
function postgresCpuMs(): { all: number; own: number } {
  let all = 0;
  let own = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(f[11]) + Number(f[12]);
        all += ticks;
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) own += ticks;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return { all: 0, own: 0 };
  }
  return { all: all * 10, own: own * 10 }; // USER_HZ is 100 on Linux
}

const profileTo = process.env.SPOT_BENCH_PROFILE;
const allocTo = process.env.SPOT_BENCH_ALLOC;
const profiler = profileTo || allocTo ? new Session() : null;
// The load generator runs in a child process: its own event loop, the same two cores.
const load = fork(new URL('./http-load.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
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
load.send({ base, requests, inFlight: IN_FLIGHT } satisfies LoadInput);
await next(); // ready: connected, requests built
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
const writer = await spotEngines(ctx).writer(m);
const rec = await reconcile(ctx.db);

console.log(
  `spot over HTTP on ${url ? 'PostgreSQL' : 'PGlite (on disk)'} (${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}; node ${process.version} ${process.execArgv.filter((a) => a.startsWith('--max-')).join(' ') || 'default heap'})`,
);
console.log(`  ${ORDERS} orders, ${IN_FLIGHT} in flight, ${USERS} users: ${Math.round(ORDERS / seconds)} orders/s (${result.ok} accepted, ${result.refused} refused)`);
console.log(`  latency ms: p50 ${q(0.5)}  p99 ${q(0.99)}  p99.9 ${q(0.999)}  max ${lat.at(-1)!.toFixed(1)}`);
const perOrder = (ms: number) => `${((ms * 1000) / ORDERS).toFixed(0)} µs/order`;
console.log(
  `  CPU: server ${perOrder((serverCpu.user + serverCpu.system) / 1000)}, load generator ${perOrder(result.cpuMs)}${url ? `, PostgreSQL ${perOrder(pgCpuMs)} (this database's backends ${perOrder(pgOwnMs)})` : ''} (machine: ${cpus().length} cores × ${seconds.toFixed(1)} s = ${perOrder(cpus().length * seconds * 1000)})`,
);
console.log(`  group commit: ${writer.stats.groups} transactions for ${writer.stats.commands} commands (largest ${writer.stats.maxGroup}), ${writer.stats.fills} fills, writer busy ${Math.round(writer.stats.busyMs)} ms; reconcile ${rec.ok ? 'ok' : 'FAILED'}`);

await spotEngines(ctx).close();
await app.close();
await handle.close();
if (url && schema) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
}
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
