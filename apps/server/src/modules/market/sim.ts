/**
 * The simulated price feed (demo data, labelled "simulated" everywhere it shows): a seeded
 * geometric random walk per market with its own annualised volatility and slowly varying
 * volatility regime, about one tick per second, plus a fast history backfill of 1-minute candles.
 * Same seed, symbol and start time → same prices.
 */
import type { Database } from '../../db/database';
import { insertCandleCsv } from './candles';
import type { Instrument } from './instruments';
import { PERIODS, bucketStart, type Period } from './periods';
import { Prng, hashSeed } from './prng';

const YEAR_MS = 365 * 86_400_000;
const MINUTE = 60_000;

/** Integer units → decimal string with `scale` places ("12345", 2 → "123.45"). */
export function unitsToString(units: number | bigint, scale: number): string {
  const neg = units < 0;
  let s = (neg ? -BigInt(units) : BigInt(units)).toString();
  if (scale === 0) return (neg ? '-' : '') + s;
  s = s.padStart(scale + 1, '0');
  return (neg ? '-' : '') + s.slice(0, -scale) + '.' + s.slice(-scale);
}

/** A decimal string → number, for the simulation's own arithmetic only (never amounts). */
function simNumber(value: string): number {
  return Number(value);
}

export interface SimState {
  instrumentId: number;
  price: number;
  sigma: number;
  regime: number;
  volumePerMin: number;
  pp: number;
  ap: number;
  rng: Prng;
}

export function simState(inst: Instrument, seed: number, startPrice: string): SimState {
  return {
    instrumentId: inst.id,
    price: simNumber(startPrice),
    sigma: simNumber(inst.sim_volatility),
    regime: 1,
    volumePerMin: simNumber(inst.sim_volume),
    pp: inst.price_precision,
    ap: inst.amount_precision,
    rng: new Prng(hashSeed(seed, `live:${inst.symbol}`)),
  };
}

/** One step of `dtMs`: the next price and traded volume as decimal strings at the instrument's precisions. */
export function simStep(s: SimState, dtMs: number): { price: string; volume: string } {
  const dt = dtMs / YEAR_MS;
  s.regime = Math.min(3, Math.max(0.4, s.regime * Math.exp(0.02 * s.rng.normal())));
  const sig = s.sigma * s.regime;
  const z = s.rng.normal();
  s.price *= Math.exp(sig * Math.sqrt(dt) * z - 0.5 * sig * sig * dt);
  const scale = 10 ** s.pp;
  const minUnit = 1 / scale;
  if (s.price < minUnit) s.price = minUnit;
  const vol = s.volumePerMin * (dtMs / MINUTE) * s.regime * Math.exp(0.6 * s.rng.normal() - 0.18) * (1 + Math.abs(z) * 0.5);
  return {
    price: unitsToString(Math.max(1, Math.round(s.price * scale)), s.pp),
    volume: unitsToString(Math.max(0, Math.round(vol * 10 ** s.ap)), s.ap),
  };
}

interface Bars {
  t: number[];
  o: number[];
  h: number[];
  l: number[];
  c: number[];
  v: number[];
}

/**
 * Generates `minutes` 1-minute candles ending just before `endMs` (exclusive), walking backwards
 * from `endPrice` so the history meets the live feed's first price. Prices and volumes are
 * integer units at the instrument's precisions.
 */
export function generateMinuteBars(inst: Instrument, seed: number, endPrice: string, endMs: number, minutes: number): Bars {
  const rng = new Prng(hashSeed(seed, `history:${inst.symbol}:${endMs}`));
  const sigma = simNumber(inst.sim_volatility);
  const perMin = sigma * Math.sqrt(MINUTE / YEAR_MS);
  const scale = 10 ** inst.price_precision;
  const vScale = 10 ** inst.amount_precision;
  const volumePerMin = simNumber(inst.sim_volume);
  const bars: Bars = { t: new Array<number>(minutes), o: [], h: [], l: [], c: [], v: [] };
  bars.o.length = bars.h.length = bars.l.length = bars.c.length = bars.v.length = minutes;
  const end = bucketStart('1min', endMs);
  let close = simNumber(endPrice);
  let regime = 1;
  for (let i = minutes - 1; i >= 0; i--) {
    regime = Math.min(3, Math.max(0.4, regime * Math.exp(0.03 * rng.normal())));
    const sig = perMin * regime;
    const z = rng.normal();
    let open = close / Math.exp(sig * z);
    if (open * scale < 1) open = 1 / scale;
    const cu = Math.max(1, Math.round(close * scale));
    const ou = Math.max(1, Math.round(open * scale));
    const hi = Math.max(cu, ou, Math.round(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * sig * 0.6) * scale));
    const lo = Math.max(1, Math.min(cu, ou, Math.round(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * sig * 0.6) * scale)));
    bars.t[i] = end - (minutes - i) * MINUTE;
    bars.o[i] = ou;
    bars.h[i] = hi;
    bars.l[i] = lo;
    bars.c[i] = cu;
    bars.v[i] = Math.max(0, Math.round(volumePerMin * regime * Math.exp(0.6 * rng.normal() - 0.18) * (1 + Math.abs(z) * 0.5) * vScale));
    close = open;
  }
  return bars;
}

/** Rolls 1-minute bars up into `period` candles (the last one may be partial; the live feed merges into it). */
export function rollUp(bars: Bars, period: Period): Bars {
  const out: Bars = { t: [], o: [], h: [], l: [], c: [], v: [] };
  let k = -1;
  for (let i = 0; i < bars.t.length; i++) {
    const b = bucketStart(period, bars.t[i]!);
    if (k < 0 || out.t[k] !== b) {
      k++;
      out.t.push(b);
      out.o.push(bars.o[i]!);
      out.h.push(bars.h[i]!);
      out.l.push(bars.l[i]!);
      out.c.push(bars.c[i]!);
      out.v.push(bars.v[i]!);
    } else {
      if (bars.h[i]! > out.h[k]!) out.h[k] = bars.h[i]!;
      if (bars.l[i]! < out.l[k]!) out.l[k] = bars.l[i]!;
      out.c[k] = bars.c[i]!;
      out.v[k]! += bars.v[i]!;
    }
  }
  return out;
}

/** Minute bars of one instrument waiting to be written, newest day first. */
export interface BackfillPlan {
  inst: Instrument;
  bars: Bars;
  /** Index ranges [from, to) of bars per UTC day, newest first. */
  chunks: Array<[number, number]>;
}

/** Generates `days` of 1-minute history ending at `endMs` and splits it into UTC days, newest first. */
export function planBackfill(inst: Instrument, seed: number, endPrice: string, endMs: number, days: number): BackfillPlan {
  const minutes = Math.max(0, Math.round(days * 1440));
  const bars = generateMinuteBars(inst, seed, endPrice, endMs, minutes);
  const chunks: Array<[number, number]> = [];
  let to = minutes;
  while (to > 0) {
    const dayStart = bucketStart('1day', bars.t[to - 1]!);
    let from = to - 1;
    while (from > 0 && bars.t[from - 1]! >= dayStart) from--;
    chunks.push([from, to]);
    to = from;
  }
  return { inst, bars, chunks };
}

function slice(b: Bars, from: number, to: number): Bars {
  return { t: b.t.slice(from, to), o: b.o.slice(from, to), h: b.h.slice(from, to), l: b.l.slice(from, to), c: b.c.slice(from, to), v: b.v.slice(from, to) };
}

/**
 * Writes one chunk of history (1-minute candles and their rollups to every longer period) in one
 * statement per period. History is written newest first, so a candle that already exists (a
 * longer period spanning chunks, or the live feed's current candle) takes the older chunk's open
 * and keeps its close; highs, lows and volumes merge.
 */
export async function writeBackfillChunk(db: Database, plan: BackfillPlan, from: number, to: number): Promise<number> {
  const { inst } = plan;
  const minute = slice(plan.bars, from, to);
  const pp = inst.price_precision;
  const ap = inst.amount_precision;
  let rows = 0;
  for (const period of PERIODS) {
    const b = period === '1min' ? minute : rollUp(minute, period);
    const qv = new Array<bigint>(b.t.length).fill(0n);
    let k = 0;
    for (let i = 0; i < minute.t.length; i++) {
      if (period !== '1min') while (bucketStart(period, minute.t[i]!) !== b.t[k]) k++;
      else k = i;
      qv[k] = qv[k]! + BigInt(minute.v[i]!) * BigInt(minute.c[i]!);
    }
    const lines: string[] = new Array<string>(b.t.length);
    for (let i = 0; i < b.t.length; i++) {
      lines[i] = `${b.t[i]! / 1000},${unitsToString(b.o[i]!, pp)},${unitsToString(b.h[i]!, pp)},${unitsToString(b.l[i]!, pp)},${unitsToString(b.c[i]!, pp)},${unitsToString(b.v[i]!, ap)},${unitsToString(qv[i]!, pp + ap)}`;
    }
    await insertCandleCsv(db, inst.id, period, lines.join('\n'));
    rows += b.t.length;
  }
  return rows;
}

/** Backfills a whole plan at once (tests and benchmarks). */
export async function backfillInstrument(db: Database, inst: Instrument, seed: number, endPrice: string, endMs: number, days: number) {
  const plan = planBackfill(inst, seed, endPrice, endMs, days);
  let rows = 0;
  for (const [from, to] of plan.chunks) rows += await writeBackfillChunk(db, plan, from, to);
  return rows;
}
