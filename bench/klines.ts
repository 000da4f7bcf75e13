/**
 * Kline query latency: 30 days of simulated 1-minute history (with rollups) for one market,
 * then random 500-candle windows per period through the same service the API uses, p50/p99.
 * PGlite in memory by default; DATABASE_URL for PostgreSQL (own schema, dropped afterwards).
 *
 *   npx tsx bench/klines.ts [queries per period, default 200]
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
// Type-only: brings the app's request augmentations (lang, multipart) into this program.
import type {} from '../apps/server/src/app';
import { migrate, openDatabase } from '../apps/server/src/db/database';
import { ensureBaseCurrencies, listInstruments } from '../apps/server/src/modules/market';
import { periodMs, type Period } from '../apps/server/src/modules/market/periods';
import { klines } from '../apps/server/src/modules/market/quotes';
import { backfillInstrument } from '../apps/server/src/modules/market/sim';
import { dropBenchSchema } from './bench-schema';

const N = Number(process.argv[2] ?? 200);
const url = process.env.DATABASE_URL;
const schema = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const handle = await openDatabase({ databaseUrl: url, schema });
const db = handle.db;
await migrate(db);
await ensureBaseCurrencies(db);
const inst = (await listInstruments(db))[0]!;
const end = Date.UTC(2026, 10, 22, 8, 0);
let t = performance.now();
const rows = await backfillInstrument(db, inst, 1, inst.sim_price, end, 30);
const backfillMs = performance.now() - t;

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const out: string[] = [];
for (const period of ['1min', '5min', '15min', '1h'] as Period[]) {
  const times: number[] = [];
  let got = 0;
  const span = 30 * 86_400_000 - 500 * periodMs(period);
  for (let i = 0; i < N; i++) {
    const to = end - Math.floor(Math.random() * Math.max(1, span));
    t = performance.now();
    const list = await klines(db, inst.symbol, period, { to, limit: 500 }, new Date(end));
    times.push(performance.now() - t);
    got += list.length;
  }
  times.sort((a, b) => a - b);
  out.push(`| ${handle.kind} | ${period} | ${(got / N).toFixed(0)} | ${q(times, 0.5).toFixed(1)} | ${q(times, 0.99).toFixed(1)} |`);
}
console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node.js ${process.version}; backfill of ${rows} candles (30 days, 8 periods): ${(backfillMs / 1000).toFixed(1)} s`);
console.log('| database | period | candles per query | p50 ms | p99 ms |');
console.log('|---|---|---|---|---|');
for (const r of out) console.log(r);
await handle.close();
await dropBenchSchema(url, schema);
