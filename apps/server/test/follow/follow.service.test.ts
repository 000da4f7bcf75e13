/**
 * Copy trading on the real database: applying and review, following, the mirror (copies sized by
 * amount or ratio, skipped with reasons, only positions opened after the follow, closed with the
 * lead at its exit tick), profit share above the high-water mark only, stop-loss, stopping,
 * suspension, and statistics from fills (ROI not moved by a deposit).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock';
import type { AppContext } from '../../src/context';
import { reconcile } from '../../src/modules/ledger';
import { mirrorPass } from '../../src/modules/follow';
import * as follow from '../../src/modules/follow/service';
import { review } from '../../src/modules/follow/admin-service';
import * as lever from '../../src/modules/lever/service';
import { sweepMarket } from '../../src/modules/lever';
import { loadProducts } from '../../src/modules/lever/products';
import { ensureFirstOperator, type Operator } from '../../src/modules/operators';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fundLever, leverBalance, setupLever, tick } from '../lever/fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupLever>>;
let op: Operator;
const totals = { passes: 0, copied: 0, closed: 0, errors: 0 };
const U = (s: string) => BigInt(Math.round(Number(s) * 1e6));
const mirror = () => mirrorPass(ctx, totals);

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-01-05T10:00:00Z');
  ctx = testContext(t.db, clock);
  m = await setupLever(ctx);
  await ensureFirstOperator(ctx);
  op = (await t.db.selectFrom('operators').selectAll().executeTakeFirstOrThrow()) as unknown as Operator;
  await tick(ctx, m.btc, '50000');
  await mirror(); // the cursor starts here
});
afterAll(async () => {
  expect((await reconcile(t.db)).violations).toEqual([]);
  await t.close();
});
beforeEach(() => clock.advance(60_000));

async function lead(share = '0.2', balance = '10000') {
  const id = await createUser(t.db);
  await fundLever(ctx, id, m.usdt.id, balance);
  await follow.apply(ctx, id, 'I trade BTC');
  await review(ctx, op, id, 'approve', share, null);
  return id;
}
async function copier(balance = '1000') {
  const id = await createUser(t.db);
  await fundLever(ctx, id, m.usdt.id, balance);
  return id;
}
const openBtc = (user: number, side = 1, qty = '0.1', leverage = 10) =>
  lever.open(ctx, user, { instrument_id: m.btc, type: side, multiple: leverage, number: qty });
async function price(p: string) {
  clock.advance(1000);
  await tick(ctx, m.btc, p);
}

describe('following', () => {
  it('applies, is reviewed, and is listed; refusals change nothing', async () => {
    const l = await lead();
    const c = await copier();
    await expect(
      follow.follow(ctx, l, { trader_user_id: l, type: 1, number: '100', max_per_copy: '500' }),
    ).rejects.toMatchObject({ code: 'follow_self' });
    await expect(
      follow.follow(ctx, c, { trader_user_id: l, type: 1, number: '5', max_per_copy: '500' }),
    ).rejects.toMatchObject({ code: 'follow_amount_invalid' });
    const pending = await createUser(t.db);
    await follow.apply(ctx, pending, 'later');
    await expect(
      follow.follow(ctx, c, { trader_user_id: pending, type: 1, number: '100', max_per_copy: '500' }),
    ).rejects.toMatchObject({ code: 'follow_trader_not_found' });
    const f = await follow.follow(ctx, c, { trader_user_id: l, type: 1, number: '100', max_per_copy: '500' });
    expect(f).toMatchObject({
      status: 'active',
      mode: 'amount',
      number: '100',
      max_per_copy: '500',
      share_rate: '0.2',
    });
    await expect(
      follow.follow(ctx, c, { trader_user_id: l, type: 1, number: '100', max_per_copy: '500' }),
    ).rejects.toMatchObject({ code: 'follow_already' });
    const list = await follow.listTraders(ctx, c, { period: 30, sort: 'copiers', page: 1, limit: 50 });
    expect(list.list.find((x) => x.trader_user_id === l)).toMatchObject({
      following: true,
      stats: { copiers: 1 },
    });
  });

  it('mirrors a lead position by amount, closes it with the lead at its exit tick, and shares profit above the mark', async () => {
    const l = await lead('0.2');
    const c = await copier('1000');
    await price('50000');
    const earlier = await openBtc(l); // before the follow: never copied
    clock.advance(1000);
    await follow.follow(ctx, c, { trader_user_id: l, type: 1, number: '100', max_per_copy: '500' });
    await price('50000');
    const leadPos = await openBtc(l, 1, '0.1', 10);
    await mirror();
    const mine = await follow.selfHolding(ctx, c, 1, 10, (r) => r);
    expect(mine.copies).toHaveLength(1);
    const copy = mine.copies[0]!;
    expect(copy).toMatchObject({
      status: 'placed',
      lead_position_id: leadPos.id,
      symbol: 'BTC/USDT',
      side: 'long',
    });
    // 100 USDT at 10× and 50,000: 0.02 BTC.
    expect(copy.position).toMatchObject({ qty: '0.02', leverage: 10, margin: '100', status: 'open' });
    expect(mine.copies.some((x) => x.lead_position_id === earlier.id)).toBe(false);

    await price('51000');
    const closed = await lever.close(ctx, l, leadPos.id);
    const traderBefore = await leverBalance(ctx, l, m.usdt.id);
    await mirror();
    const after = await follow.selfHolding(ctx, c, 1, 10, (r) => r);
    expect(after.copies[0]!.position).toMatchObject({
      status: 'closed',
      exit_reason: 'lead',
      exit_tick_id: closed.exit_tick_id,
      exit_price: '51000',
    });
    // Copy P&L: 0.02 × 1,000 = 20, fees 0.5 (50,000 × 0.02 × 0.0005) + 0.51 → 18.99 realised; 20 % is 3.798.
    expect(after.follows[0]).toMatchObject({ realized: '18.99', shared: '3.798', high_water_mark: '18.99' });
    const traderAfter = await leverBalance(ctx, l, m.usdt.id);
    expect(traderAfter.available - traderBefore.available).toBe(U('3.798'));
    await lever.close(ctx, l, earlier.id);
  });

  it('sizes by ratio of equity, skips what cannot open with its reason, and never charges below the mark', async () => {
    const l = await lead('0.3', '10000');
    const rich = await copier('2000');
    const poor = await copier('20');
    await follow.follow(ctx, rich, { trader_user_id: l, type: 2, number: '1', max_per_copy: '150' });
    await follow.follow(ctx, poor, { trader_user_id: l, type: 1, number: '100', max_per_copy: '100' });
    await price('50000');
    // Lead margin 500 of equity 10,000 (5 %) → 5 % of 2,000 = 100 for the rich copier.
    const p1 = await openBtc(l, 2, '0.1', 10);
    await mirror();
    const r1 = await follow.selfHolding(ctx, rich, 1, 10, (r) => r);
    expect(r1.copies[0]!.position).toMatchObject({ margin: '100', side: 'short', qty: '0.02' });
    const s1 = await follow.selfHolding(ctx, poor, 1, 10, (r) => r);
    expect(s1.copies[0]).toMatchObject({ status: 'skipped', reason: 'insufficient_balance', position: null });
    // A loss first: nothing shared; then a gain that stays below the mark: nothing shared.
    await price('50500');
    await lever.close(ctx, l, p1.id);
    await mirror();
    const afterLoss = (await follow.selfHolding(ctx, rich, 1, 10, (r) => r)).follows[0]!;
    expect(Number(afterLoss.realized)).toBeLessThan(0);
    expect(afterLoss.shared).toBe('0');
    await price('50500');
    const p2 = await openBtc(l, 2, '0.1', 10);
    await mirror();
    await price('50400');
    await lever.close(ctx, l, p2.id);
    await mirror();
    const stillBelow = (await follow.selfHolding(ctx, rich, 1, 10, (r) => r)).follows[0]!;
    expect(Number(stillBelow.realized)).toBeLessThan(0);
    expect(stillBelow.shared).toBe('0');
    expect(stillBelow.high_water_mark).toBe('0');
  });

  it('stopping closes open copies at the current price and settles; the stop-loss stops a follow by itself', async () => {
    const l = await lead('0.1');
    const c = await copier('1000');
    await follow.follow(ctx, c, {
      trader_user_id: l,
      type: 1,
      number: '200',
      max_per_copy: '200',
      stop_loss: '5',
    });
    await price('50000');
    const p = await openBtc(l, 1);
    await mirror();
    await price('49000');
    await lever.close(ctx, l, p.id);
    await mirror();
    const stopped = (await follow.selfHolding(ctx, c, 1, 10, (r) => r)).follows[0]!;
    expect(stopped).toMatchObject({ status: 'stopped', stop_reason: 'stop_loss' });

    const c2 = await copier('1000');
    await follow.follow(ctx, c2, { trader_user_id: l, type: 1, number: '200', max_per_copy: '200' });
    await price('50000');
    await openBtc(l, 1);
    await mirror();
    await price('50100');
    const f = await follow.cancel(ctx, c2, l);
    expect(f.status).toBe('stopped');
    const mine = await follow.selfHolding(ctx, c2, 1, 10, (r) => r);
    expect(mine.copies[0]!.position).toMatchObject({ status: 'closed', exit_reason: 'user' });
    expect((await leverBalance(ctx, c2, m.usdt.id)).frozen).toBe(0n);
    await expect(follow.cancel(ctx, c2, l)).rejects.toMatchObject({ code: 'follow_not_found' });
  });

  it('a suspended trader stops every follow; a copy liquidated on its own stays closed', async () => {
    const l = await lead('0.1');
    const c = await copier('1000');
    await follow.follow(ctx, c, { trader_user_id: l, type: 1, number: '100', max_per_copy: '100' });
    await price('50000');
    await openBtc(l, 1, '0.1', 100);
    await mirror();
    const product = (await loadProducts(ctx, { instrumentId: m.btc }))[0]!;
    await sweepMarket(ctx, product, { ticks: 0, closed: 0, errors: 0 });
    // Both liquidate at the same tick; the copy closes by the sweep, the mirror just records it.
    await price('49000');
    await sweepMarket(ctx, product, { ticks: 0, closed: 0, errors: 0 });
    await mirror();
    const copy = (await follow.selfHolding(ctx, c, 1, 10, (r) => r)).copies[0]!;
    expect(copy.position).toMatchObject({ status: 'closed', exit_reason: 'liquidation' });
    await review(ctx, op, l, 'suspend', undefined, null);
    expect((await follow.selfHolding(ctx, c, 1, 10, (r) => r)).follows[0]).toMatchObject({
      status: 'stopped',
      stop_reason: 'trader_suspended',
    });
    await expect(follow.traderDetail(ctx, c, l, 30)).rejects.toMatchObject({
      code: 'follow_trader_not_found',
    });
  });
});

describe('statistics', () => {
  it('come from fills: a deposit does not move ROI; P&L and win rate after fees', async () => {
    const l = await lead('0.1', '1000');
    await price('50000');
    const p = await openBtc(l, 1, '0.1', 10);
    await price('51000');
    await lever.close(ctx, l, p.id);
    const before = await follow.traderDetail(ctx, null, l, 30);
    // +100 − 2.5 − 2.55 = 94.95 on 1,000: ROI 9.495 %.
    expect(before.stats).toMatchObject({ pnl: '94.95', trades: 1, win_rate: '1', roi: '0.095' });
    await fundLever(ctx, l, m.usdt.id, '5000');
    const after = await follow.traderDetail(ctx, null, l, 30);
    expect(after.stats.roi).toBe(before.stats.roi);
    expect(after.nav.length).toBeGreaterThan(0);
    await price('51000');
    const q = await openBtc(l, 1, '0.1', 10);
    await price('50000');
    await lever.close(ctx, l, q.id);
    const third = await follow.traderDetail(ctx, null, l, 30);
    expect(third.stats).toMatchObject({ trades: 2, win_rate: '0.5' });
    expect(Number(third.stats.mdd)).toBeGreaterThan(0);
  });
});
