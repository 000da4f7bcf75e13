/**
 * Spot orders forwarded to the market's writer across processes (PostgreSQL + Redis; skipped
 * without DATABASE_URL and REDIS_URL). Two engine registries on one schema, each with its own
 * pool, lock session and Redis connections, stand for two API processes: A writes the market,
 * B forwards to it. Then the transport alone: refusals keep code and params, duplicates are
 * applied once, a command nobody hears comes back as "no writer".
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@bourse/money';
import type { AppContext } from '../../src/context';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { AppError } from '../../src/http/errors';
import { reconcile } from '../../src/modules/ledger';
import { spotEngines } from '../../src/modules/spot/engines';
import { FORWARD_DEADLINE_MS, SpotForwarder, type SpotCommand } from '../../src/modules/spot/forward';
import type { SpotMarket } from '../../src/modules/spot/market';
import { cancelOrder, placeOrder } from '../../src/modules/spot/service';
import { SPOT_ACCOUNT_TYPE, type OrderState } from '../../src/modules/spot/types';
import { openTestDb, silentLogger, testConfig, testContext, type TestDb } from '../helpers';
import { expectFrozenMatchesOpenOrders } from './forward-helpers';
import { balance, limit, trader as newTrader } from './helpers';

const pgUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const S = 'BTC/USDT';

describe.skipIf(!pgUrl || !redisUrl)(
  'spot orders forwarded to the writing process (PostgreSQL + Redis)',
  () => {
    let db: TestDb;
    let bHandle: DatabaseHandle;
    let a: AppContext;
    let b: AppContext;
    let btc: SpotMarket;

    beforeAll(async () => {
      db = await openTestDb();
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db.db)).rows[0]!.s;
      bHandle = await openDatabase({ databaseUrl: pgUrl, schema, poolSize: 4 });
      const config = testConfig({ databaseUrl: pgUrl, redisUrl });
      a = testContext(db.db, undefined, config);
      b = testContext(bHandle.db, undefined, config);
      btc = await spotEngines(a).market(S);
      // A starts first and takes the market, as the first process to start does.
      await spotEngines(a).writer(btc);
    });
    afterAll(async () => {
      await spotEngines(a).close();
      await spotEngines(b).close();
      await bHandle.close();
      await db.close();
    });

    const trader = (usdt = '0', coin = '0') => newTrader(a, btc, usdt, coin);

    it('matches a buy placed through B against a sell resting in A’s book, and cancels through B', async () => {
      const writer = await spotEngines(a).writer(btc);
      await expect(spotEngines(b).writer(btc)).rejects.toMatchObject({ code: 'spot_busy' });
      const seller = await trader('0', '1');
      const buyer = await trader('10000');

      const ask = await placeOrder(a, seller, limit(S, 'sell', '90000', '0.05'));
      expect(ask.status).toBe('open');
      const bid = await placeOrder(b, buyer, limit(S, 'buy', '90000', '0.03'));
      // The full order state crossed the hop: amounts, fee, average price, times.
      expect(bid).toMatchObject({
        status: 'filled',
        filled: '0.03',
        avg_price: '90000',
        quote_filled: '2700',
        fee: '0.00006',
        fee_currency: 'BTC',
      });
      expect(bid.created_at).toBe(a.clock.now().toISOString());
      expect(writer.book.get(Number(ask.id))?.remaining).toBe(20_000);
      expect(await spotEngines(b).running()).toEqual([]);

      // A resting order placed through B lives in A's book; B cancels it, and A's writer releases it.
      const rest = await placeOrder(b, buyer, limit(S, 'buy', '80000', '0.01'));
      expect(writer.book.has(Number(rest.id))).toBe(true);
      expect(await balance(a, buyer, btc.quoteCurrencyId)).toEqual({
        available: parseUnits('6500', 6),
        frozen: parseUnits('800', 6),
      });
      const cancelled = await cancelOrder(b, buyer, Number(rest.id));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'user', frozen: '0' });
      expect(writer.book.has(Number(rest.id))).toBe(false);
      expect(await balance(a, buyer, btc.quoteCurrencyId)).toEqual({
        available: parseUnits('7300', 6),
        frozen: 0n,
      });
      // B reads depth from the open orders: the same book as A's.
      expect(await spotEngines(b).depth(btc, 10)).toEqual(await spotEngines(a).depth(btc, 10));
    });

    it('returns the writer’s refusals through B with the same error code', async () => {
      const poor = await trader('1');
      const err: unknown = await placeOrder(b, poor, limit(S, 'buy', '90000', '0.01')).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'insufficient_balance', params: {} });

      const maker = await trader('0', '1');
      await placeOrder(a, maker, limit(S, 'sell', '91000', '0.01'));
      const taker = await trader('10000');
      await expect(
        placeOrder(b, taker, limit(S, 'buy', '91000', '0.01', { tif: 'post_only' })),
      ).rejects.toMatchObject({ code: 'spot_post_only_would_take' });
      expect(await balance(a, taker, btc.quoteCurrencyId)).toEqual({
        available: parseUnits('10000', 6),
        frozen: 0n,
      });
    });

    it('never applies a forwarded order whose deadline passed while it waited in the writer’s queue', async () => {
      const slow = await trader('10000');
      const late = await trader('10000');
      await placeOrder(a, slow, limit(S, 'buy', '70000', '0.01'));
      const acct = await a.db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', slow)
        .where('currency_id', '=', btc.quoteCurrencyId)
        .where('account_type', '=', SPOT_ACCOUNT_TYPE)
        .executeTakeFirstOrThrow();
      // Hold the row the writer locks for `slow`'s next order: its group waits, B's order queues behind it.
      const blocker = new pg.Client({ connectionString: pgUrl });
      await blocker.connect();
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(a.db)).rows[0]!.s;
      await blocker.query(`set search_path = ${schema}`);
      await blocker.query('begin');
      await blocker.query('select id from accounts where id = $1 for update', [acct.id]);
      try {
        const first = placeOrder(a, slow, limit(S, 'buy', '70000', '0.01'));
        await sleep(100);
        const forwarded = placeOrder(b, late, limit(S, 'buy', '70000', '0.01')).catch((e: unknown) => e);
        await sleep(FORWARD_DEADLINE_MS + 300);
        await blocker.query('commit');
        expect(await first).toMatchObject({ status: 'open' });
        expect(await forwarded).toMatchObject({ code: 'spot_busy' });
      } finally {
        await blocker.end();
      }
      expect(await a.db.selectFrom('spot_orders').select('id').where('user_id', '=', late).execute()).toEqual(
        [],
      );
      expect(await balance(a, late, btc.quoteCurrencyId)).toEqual({
        available: parseUnits('10000', 6),
        frozen: 0n,
      });
    });

    it('lets B take the market over when A stops, with the book rebuilt from the open orders', async () => {
      const resting = (await spotEngines(a).writer(btc)).book.snapshot();
      await spotEngines(a).close();
      const buyer = await trader('100000');
      // Everything resting (asks at 90000 and 91000, bids at 70000) is still there: a buy at 91000 takes every ask.
      const o = await placeOrder(b, buyer, limit(S, 'buy', '91000', '0.05'));
      expect(o).toMatchObject({ status: 'open', filled: '0.03' });
      const [wb] = await spotEngines(b).running();
      expect(wb).toBeDefined();
      expect(resting.asks.length).toBe(2);
      expect(wb!.book.bestAsk()).toBeNull();
      expect(wb!.book.bestBid()).toBe(9_100_000);

      // Books balance, and what users have frozen is exactly what their open orders still hold.
      expect((await reconcile(a.db)).ok).toBe(true);
      await expectFrozenMatchesOpenOrders(a, btc);
    });

    it('takes the market over when the writer vanished but its Redis subscription still looks alive', async () => {
      // B stops writing (lock freed); a subscriber that never answers stands for a vanished host.
      await spotEngines(b).close();
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(a.db)).rows[0]!.s;
      const zombie = new Redis(redisUrl!);
      const cHandle = await openDatabase({ databaseUrl: pgUrl, schema, poolSize: 4 });
      const c = testContext(cHandle.db, undefined, a.config);
      try {
        let heard = 0;
        zombie.on('message', () => heard++);
        await zombie.subscribe(`bourse:spot:${schema}:cmd:${btc.instrumentId}`);
        const buyer = await trader('10000');
        const t0 = Date.now();
        await expect(placeOrder(c, buyer, limit(S, 'buy', '60000', '0.01'))).rejects.toMatchObject({
          code: 'spot_busy',
        });
        expect(Date.now() - t0).toBeGreaterThanOrEqual(FORWARD_DEADLINE_MS);
        expect(heard).toBe(1);
        // The timeout made C check the lock: free, so C writes the market now and orders go through.
        const o = await placeOrder(c, buyer, limit(S, 'buy', '60000', '0.01'));
        expect(o.status).toBe('open');
        expect(heard).toBe(1);
        expect((await spotEngines(c).running()).length).toBe(1);
        expect(
          await a.db.selectFrom('spot_orders').select('id').where('user_id', '=', buyer).execute(),
        ).toHaveLength(1);
      } finally {
        zombie.disconnect();
        await spotEngines(c).close();
        await cHandle.close();
      }
    });
  },
);

describe.skipIf(!redisUrl)('spot forwarding transport (Redis)', () => {
  const ns = `bourse:spot:test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const cancel: SpotCommand = { kind: 'cancel', orderId: 7, userId: 3, reason: 'user' };
  const order = (id: number): OrderState => ({
    id,
    userId: 3,
    instrumentId: 1,
    side: 'buy',
    type: 'limit',
    tif: 'gtc',
    priceTicks: 9_000_000,
    price: '90000',
    amountLots: 1000,
    filledLots: 400,
    frozen: 90_000_000n,
    used: 36_000_001n,
    released: 0n,
    quoteFilled: 36_000_001n,
    notional: 3_600_000_000n,
    fee: 12n,
    status: 'cancelled',
    cancelReason: 'user',
    clientOrderId: 'c-1',
    createdAt: new Date('2026-11-22T08:00:00.123Z'),
    updatedAt: new Date('2026-11-22T08:00:01Z'),
  });
  let served = 0;
  let answer: (cmd: SpotCommand) => Promise<OrderState | null> = () => Promise.resolve(null);
  const writer = new SpotForwarder(
    redisUrl!,
    () => Promise.resolve(ns),
    silentLogger,
    (_id, cmd) => {
      served++;
      return answer(cmd);
    },
  );
  const sender = new SpotForwarder(
    redisUrl!,
    () => Promise.resolve(ns),
    silentLogger,
    () => Promise.resolve(null),
  );

  beforeAll(async () => {
    await writer.listen(1);
  });
  afterAll(async () => {
    await writer.close();
    await sender.close();
  });

  it('carries the order state exactly (bigints, dates) and a refusal with its code and params', async () => {
    answer = () => Promise.resolve(order(7));
    expect(await sender.send(sender.command(1, cancel))).toEqual(order(7));
    answer = () => Promise.reject(new AppError('spot_price_out_of_band', { min: '85500', max: '94500' }));
    await expect(sender.send(sender.command(1, cancel))).rejects.toMatchObject({
      code: 'spot_price_out_of_band',
      params: { min: '85500', max: '94500' },
    });
    answer = () => Promise.reject(new Error('deadlock detected'));
    const err: unknown = await sender.send(sender.command(1, cancel)).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(AppError);
    expect(err).toMatchObject({ message: 'spot writer failed: deadlock detected' });
  });

  it('answers null when no process listens to the market, or the listener does not write it', async () => {
    expect(await sender.send(sender.command(2, cancel))).toBeNull();
    answer = () => Promise.resolve(null);
    await writer.listen(3);
    const before = served;
    expect(await sender.send(sender.command(3, cancel))).toBeNull();
    // The listener that does not write market 3 stopped listening to it: the next command reaches nobody.
    expect(await sender.send(sender.command(3, cancel))).toBeNull();
    expect(served - before).toBe(1);
  });

  it('applies a command delivered twice (same id, e.g. resent after a reconnect) once', async () => {
    answer = () => sleep(50).then(() => order(8));
    const pub = new Redis(redisUrl!);
    const sub = new Redis(redisUrl!);
    try {
      const replyTo = `${ns}:reply:raw`;
      const replies: string[] = [];
      sub.on('message', (_channel: string, message: string) => replies.push(message));
      await sub.subscribe(replyTo);
      const message = JSON.stringify({
        id: 'dup-1',
        replyTo,
        deadline: Date.now() + FORWARD_DEADLINE_MS,
        cmd: cancel,
      });
      const before = served;
      expect(await pub.publish(`${ns}:cmd:1`, message)).toBe(1);
      expect(await pub.publish(`${ns}:cmd:1`, message)).toBe(1);
      await sleep(300);
      expect(served - before).toBe(1);
      expect(replies.map((r) => JSON.parse(r) as unknown)).toEqual([
        expect.objectContaining({ id: 'dup-1', result: 'ok' }),
      ]);
    } finally {
      pub.disconnect();
      sub.disconnect();
    }
  });
});
