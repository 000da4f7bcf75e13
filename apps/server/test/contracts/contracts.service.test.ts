/**
 * Timed up/down contracts on the real database: placing freezes the stake against the latest
 * stored tick; settlement uses the first stored tick at or after expiry, voids without one in the
 * window, settles each order once (also after a restart), and keeps the books balanced.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseUnits } from '@bourse/money';
import { ManualClock } from '../../src/lib/clock';
import { reconcile } from '../../src/modules/ledger';
import { settleBatch, settleDue } from '../../src/modules/contracts';
import { placeOrder } from '../../src/modules/contracts/service';
import { AppError } from '../../src/http/errors';
import type { AppContext } from '../../src/context';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fund, microBalance, setupProducts, tick } from './fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupProducts>>;
const u = (v: string) => parseUnits(v, 6);

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-11-22T09:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupProducts(ctx);
});
afterAll(async () => {
  const r = await reconcile(t.db);
  expect(r.violations).toEqual([]);
  await t.close();
});
beforeEach(() => {
  clock.advance(3_600_000);
});

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'none';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

async function newUser(amount = '1000') {
  const id = await createUser(t.db);
  await fund(ctx, id, m.usdt.id, amount);
  return id;
}

const order = (userId: number, over: Partial<Parameters<typeof placeOrder>[2]> = {}) =>
  placeOrder(ctx, userId, { instrumentId: m.btc, currencyId: m.usdt.id, direction: 1, seconds: 30, number: '100', ...over });

describe('placing an order', () => {
  it('records the latest stored tick as the open price and freezes the stake', async () => {
    const user = await newUser();
    await tick(ctx, m.btc, '90000', new Date(clock.now().getTime() - 2000));
    const open = await tick(ctx, m.btc, '90010.5', new Date(clock.now().getTime() - 500));
    const o = await order(user);
    expect(o).toMatchObject({ status: 'open', open_price: '90010.5', open_tick_id: open.id, number: '100', seconds: 30, direction: 'up' });
    expect(o.expires_at).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
    expect(o.expected_profit).toBe('78.4'); // 100 × 0.8 = 80, fee 2 % of 80 = 1.6
    expect(o.expected_fee).toBe('1.6');
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('900'), frozen: u('100') });
  });

  it('refuses with a stated reason and leaves no trace', async () => {
    const user = await newUser('50');
    await tick(ctx, m.btc, '90000');
    expect(await code(order(user, { number: '5' }))).toBe('contract_stake_out_of_range');
    expect(await code(order(user, { number: '10001' }))).toBe('contract_stake_out_of_range');
    expect(await code(order(user, { number: '60' }))).toBe('insufficient_balance');
    expect(await code(order(user, { number: '10.1234567' }))).toBe('amount_precision');
    expect(await code(order(user, { seconds: 45 }))).toBe('contract_seconds_invalid');
    expect(await code(order(user, { currencyId: 999 }))).toBe('contract_currency_not_payable');
    expect(await code(order(user, { instrumentId: 99_999 }))).toBe('contract_product_not_found');
    // No fresh price: the last tick is older than the 10 s staleness limit.
    clock.advance(11_000);
    expect(await code(order(user, { number: '10' }))).toBe('price_unavailable');
    const n = await t.db.selectFrom('contract_orders').select(t.db.fn.countAll().as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('50'), frozen: 0n });
  });

  it('refuses new orders while the market is suspended', async () => {
    const user = await newUser();
    await tick(ctx, m.btc, '90000');
    await t.db.updateTable('contract_products').set({ status: 0 }).where('instrument_id', '=', m.btc).execute();
    expect(await code(order(user))).toBe('contract_market_suspended');
    await t.db.updateTable('contract_products').set({ status: 1 }).where('instrument_id', '=', m.btc).execute();
    await t.db.updateTable('instruments').set({ status: 0 }).where('id', '=', m.btc).execute();
    expect(await code(order(user))).toBe('contract_market_suspended');
    await t.db.updateTable('instruments').set({ status: 1 }).where('id', '=', m.btc).execute();
  });

  it('holds the exposure cap per market and direction under parallel orders', async () => {
    await tick(ctx, m.eth, '3000');
    await t.db.updateTable('contract_product_currencies').set({ exposure_cap: u('1000').toString() }).where('currency_id', '=', m.usdt.id).execute();
    const users = await Promise.all(Array.from({ length: 15 }, () => newUser('500')));
    const results = await Promise.all(
      users.map((user) => code(order(user, { instrumentId: m.eth, number: '100' }))),
    );
    expect(results.filter((r) => r === 'none')).toHaveLength(10);
    expect(results.filter((r) => r === 'contract_exposure_cap_reached')).toHaveLength(5);
    // The other direction has its own cap.
    expect(await code(order(users[0]!, { instrumentId: m.eth, direction: 2, number: '100' }))).toBe('none');
    const row = await t.db.selectFrom('contract_product_currencies as pc').innerJoin('contract_products as p', 'p.id', 'pc.product_id')
      .select(['open_up', 'open_down']).where('p.instrument_id', '=', m.eth).where('pc.currency_id', '=', m.usdt.id).executeTakeFirstOrThrow();
    expect(BigInt(row.open_up)).toBe(u('1000'));
    expect(BigInt(row.open_down)).toBe(u('100'));
    await t.db.updateTable('contract_product_currencies').set({ exposure_cap: u('200000').toString() }).execute();
    // Settle them so later tests start clean.
    clock.advance(31_000);
    await tick(ctx, m.eth, '3001');
    await settleDue(ctx);
    const after = await t.db.selectFrom('contract_product_currencies as pc').innerJoin('contract_products as p', 'p.id', 'pc.product_id')
      .select(['open_up', 'open_down']).where('p.instrument_id', '=', m.eth).where('pc.currency_id', '=', m.usdt.id).executeTakeFirstOrThrow();
    expect([after.open_up, after.open_down]).toEqual(['0', '0']);
  });

  it('returns the first order for a repeated client key', async () => {
    const user = await newUser();
    await tick(ctx, m.btc, '90000');
    const [a, b] = await Promise.all([order(user, { clientKey: 'k-1' }), order(user, { clientKey: 'k-1' })]);
    expect(a.id).toBe(b.id);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('900'), frozen: u('100') });
  });
});

describe('settlement', () => {
  it('uses the first stored tick at or after expiry: up wins, down loses, equal refunds', async () => {
    const user = await newUser('1000');
    await tick(ctx, m.btc, '100');
    const up = await order(user, { number: '100' });
    const down = await order(user, { number: '100', direction: 2 });
    const start = clock.now().getTime();
    // Ticks before expiry do not count, nor does any tick after the first one at/after expiry.
    await tick(ctx, m.btc, '50', new Date(start + 29_999));
    clock.set(new Date(start + 30_400));
    await tick(ctx, m.btc, '100.01', new Date(start + 30_300));
    await tick(ctx, m.btc, '1', new Date(start + 30_350));
    const r = await settleDue(ctx);
    // (Orders left open by earlier tests expired an hour ago without ticks: they are voided.)
    expect(r.settled).toBe(2);
    const rows = await t.db.selectFrom('contract_orders').selectAll().where('id', 'in', [up.id, down.id]).orderBy('id').execute();
    expect(rows.map((o) => [o.status, o.close_price?.replace(/0+$/, ''), o.close_tick_at?.getTime()])).toEqual([
      ['won', '100.01', start + 30_300],
      ['lost', '100.01', start + 30_300],
    ]);
    // Won: 100 + 80 − 1.6; lost: nothing back.
    expect(rows.map((o) => [o.payout, o.fee, o.profit])).toEqual([
      [u('178.4').toString(), u('1.6').toString(), u('78.4').toString()],
      ['0', '0', u('-100').toString()],
    ]);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('978.4'), frozen: 0n });

    const tie = await order(user, { number: '50' });
    clock.advance(30_000);
    await tick(ctx, m.btc, '1'); // open price of this order was 1 (the latest tick at placement)
    expect(tie.open_price).toBe('1');
    await settleDue(ctx);
    const tr = await t.db.selectFrom('contract_orders').selectAll().where('id', '=', tie.id).executeTakeFirstOrThrow();
    expect([tr.status, tr.payout, tr.fee, tr.profit]).toEqual(['tie', u('50').toString(), '0', '0']);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('978.4'), frozen: 0n });
  });

  it('waits for the closing tick, then voids and refunds when none arrives in the window', async () => {
    const user = await newUser('1000');
    await tick(ctx, m.btc, '100');
    const o = await order(user, { number: '100' });
    clock.advance(30_000 + 5_000);
    expect(await settleDue(ctx)).toEqual({ settled: 0, voided: 0, waiting: 1 });
    clock.advance(6_500); // past expiry + 10 s + 1 s grace
    // A tick after the window never settles the order.
    await tick(ctx, m.btc, '200');
    expect(await settleDue(ctx)).toEqual({ settled: 0, voided: 1, waiting: 0 });
    const row = await t.db.selectFrom('contract_orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect([row.status, row.close_tick_id, row.payout, row.profit]).toEqual(['void', null, u('100').toString(), '0']);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('1000'), frozen: 0n });
  });

  it('settles each order once: repeated passes and batches change nothing', async () => {
    const user = await newUser('1000');
    await tick(ctx, m.btc, '100');
    const o = await order(user, { number: '100' });
    clock.advance(30_000);
    const close = await tick(ctx, m.btc, '101');
    const [a, b] = await Promise.all([settleDue(ctx), settleDue(ctx)]);
    expect(a.settled + b.settled).toBe(1);
    const again = await settleBatch(ctx, [{ id: o.id, tick: { id: close.id, price: close.price, at: close.at } }]);
    expect(again.moved).toEqual([]);
    const entries = await t.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', `contracts:${o.id}:settle`).execute();
    expect(entries).toHaveLength(1);
    expect(await microBalance(ctx, user, m.usdt.id)).toEqual({ available: u('1078.4'), frozen: 0n });
  });

  it('refuses at the database to mark an outcome without its close tick', async () => {
    const user = await newUser('1000');
    await tick(ctx, m.btc, '100');
    const o = await order(user, { number: '10' });
    await expect(
      t.db.updateTable('contract_orders').set({ status: 'won', payout: '1', fee: '0', profit: '1', settled_at: clock.now() }).where('id', '=', o.id).execute(),
    ).rejects.toThrow();
    clock.advance(30_000);
    await tick(ctx, m.btc, '99');
    await settleDue(ctx);
  });

  it('settles orders that expired while no settler ran, against the ticks stored meanwhile', async () => {
    const user = await newUser('1000');
    await tick(ctx, m.btc, '100');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await order(user, { number: '10', seconds: 60 })).id);
      clock.advance(1000);
      await tick(ctx, m.btc, String(100 + i));
    }
    const base = clock.now().getTime();
    for (let s = 0; s < 120; s++) await tick(ctx, m.btc, String(200 + s), new Date(base + s * 1000));
    clock.set(new Date(base + 3_600_000)); // an hour later the server starts again
    expect((await settleDue(ctx)).settled).toBe(5);
    const rows = await t.db.selectFrom('contract_orders').select(['status', 'close_tick_at', 'expires_at']).where('id', 'in', ids).execute();
    for (const r of rows) {
      expect(r.status).toBe('won');
      expect(r.close_tick_at!.getTime() - r.expires_at.getTime()).toBeLessThan(1000);
      expect(r.close_tick_at!.getTime()).toBeGreaterThanOrEqual(r.expires_at.getTime());
    }
  });

  it('tells the owner\'s open pages on the private channel when orders settle (none dropped)', async () => {
    const sent: Array<{ channel: string; event: string; payload: { kind: string; orders: Array<{ id: string; status: string }> } }> = [];
    const io = {
      to: (channel: string) => ({
        emit: (event: string, payload: never) => sent.push({ channel, event, payload }),
      }),
    };
    ctx.realtime.attach(io as never);
    try {
      const user = await newUser('1000');
      await tick(ctx, m.btc, '100');
      const a = await order(user, { number: '10' });
      const b = await order(user, { number: '10', direction: 2 });
      clock.advance(30_000);
      await tick(ctx, m.btc, '100.5');
      await settleDue(ctx, { batchSize: 1 }); // two batches: two publishes within 100 ms are merged
      await new Promise((r) => setTimeout(r, 250));
      const mine = sent.filter((s) => s.channel === `user:${user}`);
      expect(mine.every((s) => s.event === 'contract' && s.payload.kind === 'contract_settled')).toBe(true);
      const orders = mine.flatMap((s) => s.payload.orders);
      expect(orders.map((o) => [o.id, o.status]).sort()).toEqual([[a.id, 'won'], [b.id, 'lost']].sort());
    } finally {
      ctx.realtime.close();
    }
  });

  it('keeps the books balanced', async () => {
    const r = await reconcile(t.db);
    expect(r.violations).toEqual([]);
    expect(r.ok).toBe(true);
  });
});
