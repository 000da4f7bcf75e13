/**
 * Matching engine alone, one thread: a mixed load over about 1,000 price levels per side.
 * Ops (pre-generated, seeded): 45 % passive limit placements, 40 % cancels of a random resting
 * order, 15 % crossing orders (limit through one to three levels, or market). Two passes:
 * throughput without per-op timers, then per-op latency (p50, p99, p99.9, max) with
 * process.hrtime.bigint() around each call (the timer itself costs some tens of ns).
 *
 *   npx tsx bench/spot-engine.ts [ops, default 2,000,000]
 */
import { cpus, loadavg } from 'node:os';
import { OrderBook, type PlaceInput } from '../apps/server/src/modules/spot/engine/book';

const OPS = Number(process.argv[2] ?? 2_000_000);
const MID = 100_000;
const LEVELS = 1000;

// mulberry32: fast, seeded.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Op = { cancel: number } | PlaceInput;

function generate(n: number, seed: number): { warm: PlaceInput[]; ops: Op[] } {
  const r = rng(seed);
  let id = 0;
  const warm: PlaceInput[] = [];
  // 1,000 levels a side, ~3 orders per level.
  for (let i = 0; i < LEVELS * 3; i++) {
    const off = 1 + Math.floor(r() * LEVELS);
    warm.push({ id: ++id, owner: 1 + (id % 50), side: 'buy', type: 'limit', tif: 'gtc', price: MID - off, size: 1 + Math.floor(r() * 100) });
    warm.push({ id: ++id, owner: 1 + (id % 50), side: 'sell', type: 'limit', tif: 'gtc', price: MID + off, size: 1 + Math.floor(r() * 100) });
  }
  const ops: Op[] = [];
  const live: number[] = warm.map((w) => w.id);
  for (let i = 0; i < n; i++) {
    const x = r();
    const buy = r() < 0.5;
    if (x < 0.45) {
      const off = 1 + Math.floor(r() * LEVELS);
      ops.push({ id: ++id, owner: 1 + (id % 50), side: buy ? 'buy' : 'sell', type: 'limit', tif: 'gtc', price: buy ? MID - off : MID + off, size: 1 + Math.floor(r() * 100) });
      live.push(id);
    } else if (x < 0.85 && live.length) {
      const k = Math.floor(r() * live.length);
      ops.push({ cancel: live[k]! });
      live[k] = live[live.length - 1]!;
      live.pop();
    } else {
      const through = Math.floor(r() * 3);
      const market = r() < 0.3;
      ops.push({
        id: ++id,
        owner: 1 + (id % 50),
        side: buy ? 'buy' : 'sell',
        type: market ? 'market' : 'limit',
        tif: market ? 'ioc' : 'gtc',
        price: market ? 0 : buy ? MID + 1 + through : MID - 1 - through,
        size: 1 + Math.floor(r() * 150),
      });
      if (!market) live.push(id);
    }
  }
  return { warm, ops };
}

function run(ops: Op[], warm: PlaceInput[], timed: boolean) {
  const book = new OrderBook();
  for (const w of warm) book.place(w);
  const lat = timed ? new Float64Array(ops.length) : null;
  let fills = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const s = lat ? process.hrtime.bigint() : 0n;
    if ('cancel' in op) book.cancel(op.cancel);
    else fills += book.place(op).fills.length;
    if (lat) lat[i] = Number(process.hrtime.bigint() - s);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  return { ns, lat, fills, levels: book.depth(100_000), size: book.size };
}

const { warm, ops } = generate(OPS, 42);
// Warm up the JIT on a separate stream, then measure.
run(generate(200_000, 7).ops, warm, false);
const plain = run(ops, warm, false);
const timed = run(ops, warm, true);
const lat = timed.lat!.sort();
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
const us = (ns: number) => (ns / 1000).toFixed(2);

console.log(`spot engine, one thread (${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((x) => x.toFixed(2)).join(' ')})`);
console.log(`  ops ${OPS.toLocaleString('en')} (45% place, 40% cancel, 15% crossing), fills ${plain.fills.toLocaleString('en')}`);
console.log(`  levels at end: ${plain.levels.bids.length} bids, ${plain.levels.asks.length} asks, ${plain.size} resting orders`);
console.log(`  throughput: ${Math.round(OPS / (plain.ns / 1e9)).toLocaleString('en')} ops/s (untimed pass)`);
console.log(`  latency per op (µs): p50 ${us(q(0.5))}  p99 ${us(q(0.99))}  p99.9 ${us(q(0.999))}  max ${us(lat[lat.length - 1]!)}`);
