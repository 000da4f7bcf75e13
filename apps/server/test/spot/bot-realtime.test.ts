import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'socket.io';
import type { AppContext } from '../../src/context';
import type { ManualClock } from '../../src/lib/clock';
import { reconcile } from '../../src/modules/ledger';
import { SpotBot, seedBots } from '../../src/modules/spot/bot';
import { spotEngines } from '../../src/modules/spot/engines';
import type { SpotMarket } from '../../src/modules/spot/market';
import { upsertMarketParams } from '../../src/modules/spot/repo';
import { placeOrder } from '../../src/modules/spot/service';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fund, tick } from './helpers';

let db: TestDb;
let ctx: AppContext;
let eth: SpotMarket;
const emitted: Array<{ room: string; event: string; payload: unknown }> = [];

beforeAll(async () => {
  db = await openTestDb();
  ctx = testContext(db.db);
  eth = await spotEngines(ctx).market('ETH/USDT');
  // A stand-in socket.io server that records what would be sent to each room.
  const io = { to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }), engine: { clientsCount: 0 } };
  ctx.realtime.attach(io as unknown as Server);
});
afterAll(async () => {
  ctx.realtime.close();
  await spotEngines(ctx).close();
  await db.close();
});

describe('spot realtime', () => {
  it('publishes depth and trades on the public channels and order updates on the owners’ private channels', async () => {
    await tick(ctx, eth, '3000');
    const a = await createUser(ctx.db);
    const b = await createUser(ctx.db);
    await fund(ctx, a, eth.quoteCurrencyId, '1000', eth.quoteDecimals);
    await fund(ctx, b, eth.baseCurrencyId, '1', eth.baseDecimals);
    await placeOrder(ctx, a, { symbol: 'ETH/USDT', side: 'buy', orderType: 'limit', tif: 'gtc', price: '2990', amount: '0.1' });
    await new Promise((r) => setTimeout(r, 150));
    await placeOrder(ctx, b, { symbol: 'ETH/USDT', side: 'sell', orderType: 'limit', tif: 'gtc', price: '2990', amount: '0.04' });
    await new Promise((r) => setTimeout(r, 150));
    const depth = emitted.filter((e) => e.room === 'depth:ETH/USDT').at(-1)!;
    expect(depth.payload).toMatchObject({ symbol: 'ETH/USDT', bids: [['2990', '0.06']], asks: [] });
    const trades = emitted.filter((e) => e.room === 'trades:ETH/USDT');
    expect(trades.at(-1)!.payload).toMatchObject({ symbol: 'ETH/USDT', trades: [{ price: '2990', amount: '0.04', side: 'sell' }] });
    const mine = emitted.filter((e) => e.room === `user:${a}` && e.event === 'spot_order').flatMap((e) => e.payload as Array<{ filled: string }>);
    expect(mine.at(-1)).toMatchObject({ filled: '0.04', status: 'open' });
    expect(emitted.some((e) => e.room === `user:${b}`)).toBe(true);
  });

  it('coalesces a burst of depth updates to at most 10 per second', async () => {
    const u = await createUser(ctx.db);
    await fund(ctx, u, eth.quoteCurrencyId, '10000', eth.quoteDecimals);
    const before = emitted.filter((e) => e.room === 'depth:ETH/USDT').length;
    const started = Date.now();
    for (let i = 0; i < 30; i++) await placeOrder(ctx, u, { symbol: 'ETH/USDT', side: 'buy', orderType: 'limit', tif: 'gtc', price: String(2900 + i), amount: '0.01' });
    await new Promise((r) => setTimeout(r, 150));
    const seconds = (Date.now() - started) / 1000;
    const sent = emitted.filter((e) => e.room === 'depth:ETH/USDT').length - before;
    expect(sent).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 1);
    // The last message carries the final book.
    const last = emitted.filter((e) => e.room === 'depth:ETH/USDT').at(-1)!.payload as { bids: string[][] };
    expect(last.bids[0]).toEqual(['2990', '0.06']);
  });
});

describe('spot demo market maker', () => {
  it('quotes a ladder around the index through the order service, keeps it when the price holds, follows it and withdraws when disabled', async () => {
    const { maker, taker } = await seedBots(ctx);
    const clock = ctx.clock as ManualClock;
    clock.advance(1000);
    await tick(ctx, eth, '3000');
    const bot = new SpotBot(ctx, maker, taker);
    await bot.cycle();
    const w = await spotEngines(ctx).writer(eth);
    const levels = eth.bot.levels;
    expect(w.openOrdersOf(maker)).toHaveLength(levels * 2);
    const bestBid = w.book.bestBid()!;
    const bestAsk = w.book.bestAsk()!;
    expect(bestBid).toBeLessThan(300_000);
    expect(bestAsk).toBeGreaterThan(300_000);
    const status = bot.status().find((s) => s.symbol === 'ETH/USDT')!;
    const placed = status.placed;

    await bot.cycle();
    expect(bot.status().find((s) => s.symbol === 'ETH/USDT')!.placed).toBe(placed);

    clock.advance(1000);
    await tick(ctx, eth, '3010');
    await bot.cycle();
    expect(w.openOrdersOf(maker)).toHaveLength(levels * 2);
    expect(w.book.bestAsk()!).toBeGreaterThan(301_000);
    w.book.check();

    await upsertMarketParams(ctx.db, eth.instrumentId, { bot_enabled: false }, ctx.clock.now());
    await spotEngines(ctx).refresh(eth.instrumentId);
    await bot.cycle();
    expect(w.openOrdersOf(maker)).toHaveLength(0);
    await bot.stop();
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });
});
