/**
 * The live ccxt source against a local HTTP server that answers like Binance's public spot API
 * (exchangeInfo + ticker/24hr): prices become stored ticks and candles with source 'ccxt';
 * errors are reported, never turned into prices.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testConfig, testContext, type TestDb } from '../../../test/helpers';
import { ManualClock } from '../../lib/clock';
import { CcxtSource } from './ccxt-source';
import { MarketFeed } from './feed';
import { findInstrument } from './instruments';
import { klines } from './quotes';
import { latestTick } from './ticks';

const T0 = Date.parse('2026-11-22T08:00:00Z');
let t: TestDb;
let server: Server;
let base = '';
const requests: string[] = [];
let quote = { last: '95001.23', volume: '12345.6', at: T0 };
let failing = false;

function market(b: string, q: string) {
  return {
    symbol: b + q,
    status: 'TRADING',
    baseAsset: b,
    baseAssetPrecision: 8,
    quoteAsset: q,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    orderTypes: ['LIMIT', 'MARKET'],
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: '0.01', maxPrice: '1000000', tickSize: '0.01' },
      { filterType: 'LOT_SIZE', minQty: '0.00001', maxQty: '9000', stepSize: '0.00001' },
    ],
    permissions: ['SPOT'],
    permissionSets: [['SPOT']],
  };
}

beforeAll(async () => {
  t = await openTestDb();
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (failing) {
      res.statusCode = 503;
      return res.end('{"code":-1,"msg":"down"}');
    }
    if (req.url?.startsWith('/api/v3/exchangeInfo')) {
      return res.end(JSON.stringify({ timezone: 'UTC', serverTime: quote.at, rateLimits: [], symbols: [market('BTC', 'USDT'), market('ETH', 'USDT')] }));
    }
    if (req.url?.startsWith('/api/v3/ticker/24hr')) {
      return res.end(
        JSON.stringify([
          { symbol: 'BTCUSDT', lastPrice: quote.last, openPrice: '94000', highPrice: '96000', lowPrice: '93000', volume: quote.volume, quoteVolume: '1', openTime: quote.at - 86_400_000, closeTime: quote.at, count: 1 },
        ]),
      );
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('ccxt source', () => {
  it('turns the exchange tickers into stored ticks and candles of ccxt markets', async () => {
    const clock = new ManualClock(new Date(T0 + 500));
    const btc = (await findInstrument(t.db, 'BTC/USDT'))!;
    await t.db.updateTable('instruments').set({ source: 'ccxt', source_symbol: 'BTC/USDT' }).where('id', '=', btc.id).execute();
    const ccxt = new CcxtSource('binance', ['BTC/USDT'], { apiUrl: base, now: () => clock.now().getTime() });
    const feed = new MarketFeed(testContext(t.db, clock, testConfig()), { mode: 'ccxt', seed: 1, tickMs: 1000, backfillDays: 0, ccxt });
    await feed.init();

    await ccxt.poll();
    expect(requests.some((u) => u.startsWith('/api/v3/exchangeInfo'))).toBe(true);
    expect(requests.some((u) => u.startsWith('/api/v3/ticker/24hr'))).toBe(true);
    await feed.step();
    let tick = await latestTick(t.db, btc.id, clock.now());
    expect(tick).toMatchObject({ price: expect.stringMatching(/^95001\.23/), source: 'ccxt' });
    expect(tick!.at.getTime()).toBe(T0);

    // The next poll: a new price and 0.4 BTC more 24 h volume → a tick with that volume.
    quote = { last: '95010.5', volume: '12346.0', at: T0 + 2000 };
    clock.set(new Date(T0 + 2500));
    await ccxt.poll();
    await feed.step();
    tick = await latestTick(t.db, btc.id, clock.now());
    expect(tick!.price).toMatch(/^95010\.5/);
    expect(tick!.volume).toMatch(/^0\.4/);
    // The unchanged ticker is not stored twice.
    await ccxt.poll();
    expect(ccxt.drain([{ ...btc, source: 'ccxt', source_symbol: 'BTC/USDT' }])).toEqual([]);

    const candles = await klines(t.db, 'BTC/USDT', '1min', {}, clock.now());
    expect(candles.at(-1)).toMatchObject({ open: '95001.23', close: '95010.50', high: '95010.50', low: '95001.23' });
    // Simulated markets keep ticking beside it.
    expect((await latestTick(t.db, (await findInstrument(t.db, 'ETH/USDT'))!.id, clock.now()))!.source).toBe('simulated');

    failing = true;
    await ccxt.poll();
    expect(ccxt.status().last_error).toBeTruthy();
    expect(ccxt.drain([{ ...btc, source: 'ccxt', source_symbol: 'BTC/USDT' }])).toEqual([]);
    await feed.stop();
  });
});
