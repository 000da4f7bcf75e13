/**
 * Market data on a real database: the seeded simulated feed (reproducible, realistic), stored
 * ticks and the staleness rule, candles of every period, history backfill, quotation and klines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@bourse/money';
import { openTestDb, testConfig, testContext, type TestDb } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';
import { MarketFeed } from './feed';
import { listInstruments } from './instruments';
import { bucketStart, nextBucket, parsePeriod } from './periods';
import { klines, quotation } from './quotes';
import { generateMinuteBars, planBackfill, rollUp, simState, simStep, unitsToString } from './sim';
import { STALE_MS, latestTick, tickAt } from './ticks';

let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.close();
});

describe('periods', () => {
  it('buckets moments into UTC candles, weeks from Monday, months from the 1st', () => {
    const at = Date.UTC(2026, 10, 22, 8, 37, 45); // Sunday
    expect(new Date(bucketStart('1min', at)).toISOString()).toBe('2026-11-22T08:37:00.000Z');
    expect(new Date(bucketStart('15min', at)).toISOString()).toBe('2026-11-22T08:30:00.000Z');
    expect(new Date(bucketStart('1h', at)).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(new Date(bucketStart('1day', at)).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(bucketStart('1week', at)).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(bucketStart('1mon', at)).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(new Date(nextBucket('1mon', bucketStart('1mon', at))).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(parsePeriod('60min')).toBe('1h');
    expect(parsePeriod('1week')).toBe('1week');
    expect(parsePeriod('2min')).toBeNull();
  });

  it('formats integer units as decimal strings', () => {
    expect(unitsToString(12345, 2)).toBe('123.45');
    expect(unitsToString(5, 4)).toBe('0.0005');
    expect(unitsToString(7n, 0)).toBe('7');
  });
});

describe('simulated history', () => {
  it('is reproducible for a seed and ends at the anchor price with consistent OHLC', async () => {
    const [btc] = await listInstruments(t.db);
    const end = Date.UTC(2026, 10, 22, 8, 0);
    const a = generateMinuteBars(btc!, 7, '92000', end, 3000);
    const b = generateMinuteBars(btc!, 7, '92000', end, 3000);
    const c = generateMinuteBars(btc!, 8, '92000', end, 3000);
    expect(a.c).toEqual(b.c);
    expect(a.c).not.toEqual(c.c);
    expect(a.c.at(-1)).toBe(9_200_000); // 92000.00 in cents
    expect(a.t.at(-1)).toBe(end - 60_000);
    for (let i = 0; i < a.t.length; i++) {
      expect(a.h[i]).toBeGreaterThanOrEqual(Math.max(a.o[i]!, a.c[i]!));
      expect(a.l[i]).toBeLessThanOrEqual(Math.min(a.o[i]!, a.c[i]!));
      if (i > 0) expect(a.o[i]).toBe(a.c[i - 1]);
    }
    // Realistic volatility: BTC's annualised 0.55 gives daily moves of a few percent, not 50 %.
    const logs = a.c.slice(1).map((x, i) => Math.log(x / a.c[i]!));
    const sd = Math.sqrt(logs.reduce((s, x) => s + x * x, 0) / logs.length);
    const annual = sd * Math.sqrt(525_600);
    expect(annual).toBeGreaterThan(0.2);
    expect(annual).toBeLessThan(1.5);
    const hours = rollUp(a, '1h');
    expect(hours.t.length).toBeGreaterThanOrEqual(50);
    expect(hours.v.reduce((s, x) => s + x, 0)).toBe(a.v.reduce((s, x) => s + x, 0));
  });

  it('splits history into UTC days, newest first', async () => {
    const [btc] = await listInstruments(t.db);
    const plan = planBackfill(btc!, 1, '92000', Date.UTC(2026, 10, 22, 8, 0), 2);
    expect(plan.chunks[0]).toEqual([2880 - 480, 2880]);
    expect(plan.chunks.reduce((s, [a, b]) => s + b - a, 0)).toBe(2880);
  });
});

describe('feed, ticks and candles', () => {
  const clock = new ManualClock('2026-11-22T08:00:00.500Z');
  let feed: MarketFeed;

  beforeAll(async () => {
    const ctx = testContext(t.db, clock, testConfig());
    feed = new MarketFeed(ctx, { mode: 'simulated', seed: 11, tickMs: 1000, backfillDays: 0.5 });
    await feed.init();
    await feed.runBackfill();
  });

  it('backfills history for simulated markets so charts are never empty', async () => {
    const list = await klines(t.db, 'ETH/USDT', '1min', { limit: 500 }, clock.now());
    expect(list).toHaveLength(500);
    expect(list.at(-1)!.time).toBe(Date.parse('2026-11-22T07:59:00Z') / 1000);
    expect(list.at(-1)!.close).toBe('3100.00');
    const hours = await klines(t.db, 'ETH/USDT', '1h', { limit: 500 }, clock.now());
    expect(hours.length).toBeGreaterThanOrEqual(12);
    // An hour's high is the highest of its minutes.
    const h = hours.at(-2)!;
    const minutes = await klines(t.db, 'ETH/USDT', '1min', { from: h.time * 1000, to: h.time * 1000 + 3599_000 }, clock.now());
    expect(minutes).toHaveLength(60);
    expect(h.high).toBe(minutes.map((m) => new Dec(m.high)).reduce((a, b) => Dec.max(a, b)).toFixed(2));
    expect(h.open).toBe(minutes[0]!.open);
    expect(h.close).toBe(minutes.at(-1)!.close);
  });

  it('stores one tick per market per round and merges it into candles of every period', async () => {
    const before = await klines(t.db, 'BTC/USDT', '1day', {}, clock.now());
    const n = await feed.step();
    expect(n).toBe(6);
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await feed.step();
    }
    const inst = (await listInstruments(t.db)).find((i) => i.symbol === 'BTC/USDT')!;
    const tick = await latestTick(t.db, inst.id, clock.now());
    expect(tick).not.toBeNull();
    expect(tick!.at.toISOString()).toBe('2026-11-22T08:00:05.500Z');
    expect(tick!.source).toBe('simulated');
    expect(new Dec(tick!.price).toFixed(2)).toBe(new Dec(tick!.price).toFixed());
    const minute = await klines(t.db, 'BTC/USDT', '1min', { from: Date.parse('2026-11-22T08:00:00Z') }, clock.now());
    expect(minute).toHaveLength(1);
    expect(minute[0]!.close).toBe(new Dec(tick!.price).toFixed(2));
    const day = await klines(t.db, 'BTC/USDT', '1day', {}, clock.now());
    expect(day.at(-1)!.time).toBe(before.at(-1)!.time);
    expect(day.at(-1)!.close).toBe(minute[0]!.close);
    expect(new Dec(day.at(-1)!.volume).gt(before.at(-1)!.volume)).toBe(true);
  });

  it('applies the staleness rule: no price older than the limit, none before the first tick', async () => {
    const inst = (await listInstruments(t.db)).find((i) => i.symbol === 'LTC/USDT')!;
    const last = (await latestTick(t.db, inst.id, clock.now()))!;
    expect(await tickAt(t.db, inst.id, new Date(last.at.getTime() + STALE_MS))).toMatchObject({ id: last.id });
    expect(await tickAt(t.db, inst.id, new Date(last.at.getTime() + STALE_MS + 1))).toBeNull();
    expect(await tickAt(t.db, inst.id, new Date('2026-11-22T07:59:59Z'))).toBeNull();
    const stale = await latestTick(t.db, inst.id, new Date(last.at.getTime() + 60_000));
    expect(stale).toMatchObject({ id: last.id, stale: true, age_ms: 60_000 });
    // A tick in the past is found for an instant between two ticks.
    const mid = await tickAt(t.db, inst.id, new Date('2026-11-22T08:00:02.900Z'));
    expect(mid!.at.toISOString()).toBe('2026-11-22T08:00:02.500Z');
  });

  it('quotation groups listed markets by quote with 24 h statistics in the contract shape', async () => {
    const groups = await quotation(t.db, null, clock.now());
    // FX-style and metal markets (kind forex) group by their quote too: USD, and JPY for USD/JPY.
    expect(groups.map((g) => g.group)).toEqual(['USDT', 'USD', 'JPY']);
    expect(groups[1]!.markets.map((m) => [m.symbol, m.kind])).toEqual([['EUR/USD', 'forex'], ['GBP/USD', 'forex'], ['XAU/USD', 'forex']]);
    const markets = groups[0]!.markets;
    expect(markets.map((m) => m.symbol).slice(0, 3)).toEqual(['BTC/USDT', 'ETH/USDT', 'LTC/USDT']);
    const btc = markets[0]!;
    expect(Object.keys(btc).sort()).toEqual(
      ['amount_precision', 'base', 'change', 'favourite', 'high', 'instrument_id', 'kind', 'last', 'low', 'price_precision', 'quote', 'quote_volume', 'source', 'symbol', 'volume'].sort(),
    );
    expect(btc).toMatchObject({ base: 'BTC', quote: 'USDT', kind: 'spot', favourite: false, price_precision: 2, source: 'simulated' });
    expect(btc.last).toMatch(/^\d+\.\d{2}$/);
    expect(btc.change).toMatch(/^-?\d+\.\d{2}$/);
    expect(new Dec(btc.high).gte(btc.last)).toBe(true);
    expect(new Dec(btc.low).lte(btc.last)).toBe(true);
    expect(new Dec(btc.volume).gt(0)).toBe(true);
    expect(new Dec(btc.quote_volume).gt(0)).toBe(true);
  });

  it('is reproducible: the same seed gives the same ticks', async () => {
    const [btc] = await listInstruments(t.db);
    const run = (seed: number) => {
      const s = simState(btc!, seed, '92000');
      return Array.from({ length: 50 }, () => simStep(s, 1000));
    };
    expect(run(3)).toEqual(run(3));
    expect(run(3)).not.toEqual(run(4));
    for (const { price, volume } of run(3)) {
      expect(price).toMatch(/^\d+\.\d{2}$/);
      expect(volume).toMatch(/^\d+\.\d{6}$/);
    }
  });
});
