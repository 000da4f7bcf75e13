/**
 * The writer's balance view and its fence (writer.ts): money arriving or leaving through other
 * paths after the writer read a balance, a second writer of the same market committing on a
 * stale book, and (PostgreSQL) a group sent while the one ahead is stuck in the database and then
 * fails. In every case the database decides, nothing is lost and the books reconcile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@bourse/money';
import { ledger, reconcile } from '../../src/modules/ledger';
import { spotEngines } from '../../src/modules/spot/engines';
import { lotUnits, notionalToQuote, toLots, toTicks, type SpotMarket } from '../../src/modules/spot/market';
import { placeOrder } from '../../src/modules/spot/service';
import { SPOT_ACCOUNT_TYPE, type NewOrder } from '../../src/modules/spot/types';
import { MarketWriter } from '../../src/modules/spot/writer';
import type { AppContext } from '../../src/context';
import { openTestDb, testContext, type TestDb } from '../helpers';
import { balance, fund, limit, market, tick, trader as newTrader } from './helpers';

let db: TestDb;
let ctx: AppContext;
let btc: SpotMarket;
const S = 'BTC/USDT';

beforeAll(async () => {
  db = await openTestDb();
  ctx = testContext(db.db);
  btc = await market(ctx, S);
  await tick(ctx, btc, '90000');
});
afterAll(async () => {
  await spotEngines(ctx).close();
  await db.close();
});

const trader = (usdt = '0', coin = '0') => newTrader(ctx, btc, usdt, coin);

/** Moves money out of a user's spot account by another path than the writer (e.g. a transfer). */
async function withdrawElsewhere(userId: number, usdt: string) {
  await ctx.db.transaction().execute(async (trx) =>
    ledger.transfer(
      trx,
      await ledger.userAccount(trx, userId, btc.quoteCurrencyId, SPOT_ACCOUNT_TYPE),
      await ledger.systemAccount(trx, 'demo', btc.quoteCurrencyId),
      parseUnits(usdt, btc.quoteDecimals),
      { kind: 'test_withdrawal', memo: 'test: money leaves the spot account' },
      ctx.clock.now(),
    ),
  );
}

/**
 * Another PostgreSQL session, in this test's schema, holding an account's row locked (FOR UPDATE)
 * in an open transaction: a group that changes the account waits in the database until it commits.
 */
async function lockAccountElsewhere(acct: number): Promise<pg.Client> {
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db)).rows[0]!.s;
  const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await blocker.connect();
  try {
    await blocker.query(`set search_path = ${schema}`);
    await blocker.query('begin');
    await blocker.query('select id from accounts where id = $1 for update', [acct]);
    return blocker;
  } catch (err) {
    await blocker.end();
    throw err;
  }
}

function limitOrder(userId: number, side: 'buy' | 'sell', price: string, amount: string): NewOrder {
  const priceTicks = toTicks(btc, price);
  const amountLots = toLots(btc, amount);
  return {
    userId,
    side,
    type: 'limit',
    tif: 'gtc',
    priceTicks: Number(priceTicks),
    price,
    amountLots: Number(amountLots),
    freeze: side === 'buy' ? notionalToQuote(btc, priceTicks * amountLots, 'up') : amountLots * lotUnits(btc),
    clientOrderId: null,
  };
}

describe('the spot writer’s balance view', () => {
  it('re-reads a balance before refusing: money that arrived after the writer read it is spendable at once', async () => {
    const u = await trader('100');
    await placeOrder(ctx, u, limit(S, 'buy', '86000', '0.001')); // the writer now holds 14 USDT for u
    await fund(ctx, u, btc.quoteCurrencyId, '1000', btc.quoteDecimals);
    const big = await placeOrder(ctx, u, limit(S, 'buy', '86000', '0.01')); // 860 USDT
    expect(big).toMatchObject({ status: 'open', frozen: '860' });
    expect(await balance(ctx, u, btc.quoteCurrencyId)).toEqual({ available: parseUnits('154', 6), frozen: parseUnits('946', 6) });
    // A true shortfall is still refused, with nothing changed.
    await expect(placeOrder(ctx, u, limit(S, 'buy', '86000', '0.003'))).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await balance(ctx, u, btc.quoteCurrencyId)).toEqual({ available: parseUnits('154', 6), frozen: parseUnits('946', 6) });
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });

  it('money that left by another path makes the group’s commit fail; the writer rebuilds and answers each order as the database allows', async () => {
    const u = await trader('1000');
    const other = await trader('1000');
    await placeOrder(ctx, u, limit(S, 'buy', '85000', '0.001')); // the writer now holds 915 USDT for u
    await withdrawElsewhere(u, '900'); // 15 USDT are left
    const w = await spotEngines(ctx).writer(btc);
    const { rebuilds, overdrawn } = w.stats;
    const [small, big, others] = await Promise.allSettled([
      placeOrder(ctx, u, limit(S, 'buy', '85000', '0.0001')), // 8.5 USDT: affordable
      placeOrder(ctx, u, limit(S, 'buy', '85000', '0.005')), // 425 USDT: no longer
      placeOrder(ctx, other, limit(S, 'buy', '85000', '0.001')),
    ]);
    expect(small).toMatchObject({ status: 'fulfilled', value: { status: 'open', frozen: '8.5' } });
    expect(big).toMatchObject({ status: 'rejected', reason: { code: 'insufficient_balance' } });
    expect(others).toMatchObject({ status: 'fulfilled', value: { status: 'open' } });
    expect(w.stats.rebuilds).toBe(rebuilds + 1);
    // The database refused the group for the overdraw (the ledger's refusal, BL001, read as BS002).
    expect(w.stats.overdrawn).toBe(overdrawn + 1);
    expect(await balance(ctx, u, btc.quoteCurrencyId)).toEqual({ available: parseUnits('6.5', 6), frozen: parseUnits('93.5', 6) });
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });
});

describe('the spot writer’s fence', () => {
  it('a second writer of the same market cannot commit on a stale book: it is refused, rebuilds and matches the order it had not seen', async () => {
    const seller = await trader('0', '1');
    const buyer = await trader('1000');
    const stale = new MarketWriter(ctx.db, ctx.clock, btc);
    await stale.rebuild();
    // The market's real writer rests an ask the stale writer's book does not have.
    const ask = await placeOrder(ctx, seller, limit(S, 'sell', '90500', '0.002'));
    expect(ask.status).toBe('open');
    const bid = await stale.place(limitOrder(buyer, 'buy', '90500', '0.002'));
    // Matched on its stale book the bid would have rested and crossed the ask; the fence refused
    // that commit and the rebuilt book matched it.
    expect(bid).toMatchObject({ status: 'filled', filledLots: Number(toLots(btc, '0.002')) });
    expect(stale.stats.rebuilds).toBe(2);
    await stale.close();
    const row = await ctx.db.selectFrom('spot_orders').select('status').where('id', '=', ask.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('filled');
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a group sent behind one that is stuck and then fails (PostgreSQL)', () => {
  it('is refused with it and retried: each order answered as the database allows, nothing applied twice', async () => {
    const u = await trader('1000');
    const v = await trader('1000');
    await placeOrder(ctx, u, limit(S, 'buy', '85000', '0.001')); // the writer now holds 915 USDT for u
    const w = await spotEngines(ctx).writer(btc);
    const { early, rebuilds } = w.stats;
    const { acct, sink } = await ctx.db.transaction().execute(async (trx) => ({
      acct: await ledger.userAccount(trx, u, btc.quoteCurrencyId, SPOT_ACCOUNT_TYPE),
      sink: await ledger.systemAccount(trx, 'demo', btc.quoteCurrencyId),
    }));
    const blocker = await lockAccountElsewhere(acct);
    try {
      // u's next group waits for the row; v's order is sent behind it and waits at the fence.
      const stuck = placeOrder(ctx, u, limit(S, 'buy', '85000', '0.005')).catch((e: unknown) => e); // 425 USDT
      await sleep(150);
      const behind = placeOrder(ctx, v, limit(S, 'buy', '85000', '0.001'));
      await sleep(150);
      expect(w.stats.early).toBe(early + 1);
      // The blocking transaction takes 900 USDT out of u's account before it lets go.
      const out = parseUnits('900', btc.quoteDecimals);
      const posted = await blocker.query<{ id: string }>(
        `select ledger_post('test_withdrawal', null, null, null, 'test: money leaves while a group waits', now(),
                            $1::integer[], $2::integer[], $3::smallint[], $4::numeric[]) as id`,
        [[acct, sink], [btc.quoteCurrencyId, btc.quoteCurrencyId], [1, 1], [(-out).toString(), out.toString()]],
      );
      expect(Number(posted.rows[0]!.id)).toBeGreaterThan(0);
      await blocker.query('commit');
      expect(await stuck).toMatchObject({ code: 'insufficient_balance' });
      expect(await behind).toMatchObject({ status: 'open', frozen: '85' });
    } finally {
      await blocker.end();
    }
    expect(w.stats.rebuilds).toBeGreaterThan(rebuilds);
    const orders = async (userId: number) =>
      (await ctx.db.selectFrom('spot_orders').select('amount').where('user_id', '=', userId).execute()).map((o) => o.amount);
    expect(await orders(u)).toHaveLength(1);
    expect(await orders(v)).toHaveLength(1);
    expect(await balance(ctx, v, btc.quoteCurrencyId)).toEqual({ available: parseUnits('915', 6), frozen: parseUnits('85', 6) });
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('answering a committed group (PostgreSQL)', () => {
  it('sends the next group to the database before it answers the group that committed', async () => {
    const [u, v, x] = [await trader('1000'), await trader('1000'), await trader('1000')];
    // The writer reads their accounts and balances now, so the groups below go out without a read.
    for (const t of [u, v, x]) await placeOrder(ctx, t, limit(S, 'buy', '85000', '0.001'));
    const w = await spotEngines(ctx).writer(btc);
    type Send = (...args: unknown[]) => Promise<string[]>;
    const spied = w as unknown as { send: Send };
    const send = spied.send.bind(w);
    const sent: number[] = [];
    spied.send = (...args) => {
      sent.push(performance.now());
      return send(...args);
    };
    const until = async (done: () => boolean) => {
      for (const end = Date.now() + 5000; !done(); ) {
        if (Date.now() > end) throw new Error('timed out');
        await new Promise((r) => setImmediate(r));
      }
    };
    const acct = await ctx.db.transaction().execute((trx) => ledger.userAccount(trx, u, btc.quoteCurrencyId, SPOT_ACCOUNT_TYPE));
    const blocker = await lockAccountElsewhere(acct);
    try {
      // u's group waits in the database for the row; v's is sent behind it; x's waits here (two in flight).
      const first = w.place(limitOrder(u, 'buy', '85000', '0.001')).then((o) => ({ at: performance.now(), o }));
      await until(() => sent.length === 1);
      const second = w.place(limitOrder(v, 'buy', '85000', '0.001'));
      await until(() => sent.length === 2);
      const third = w.place(limitOrder(x, 'buy', '85000', '0.001'));
      await sleep(100);
      expect(sent).toHaveLength(2);
      await blocker.query('commit');
      const answered = await first;
      expect(answered.o).toMatchObject({ status: 'open', frozen: 85_000_000n });
      expect(await second).toMatchObject({ status: 'open' });
      expect(await third).toMatchObject({ status: 'open' });
      // x's group left for the database before u's order was answered.
      expect(sent).toHaveLength(3);
      expect(sent[2]).toBeLessThan(answered.at);
    } finally {
      await blocker.end();
      delete (spied as { send?: Send }).send;
    }
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });
});
