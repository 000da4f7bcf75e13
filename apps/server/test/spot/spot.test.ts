import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUnits } from '@bourse/money';
import { reconcile } from '../../src/modules/ledger';
import { SpotEngines, spotEngines } from '../../src/modules/spot/engines';
import type { SpotMarket } from '../../src/modules/spot/market';
import { cancelOrder, listOrders, orderFills, placeOrder } from '../../src/modules/spot/service';
import type { AppContext } from '../../src/context';
import type { ManualClock } from '../../src/lib/clock';
import { upsertMarketParams } from '../../src/modules/spot/repo';
import { openTestDb, testContext, type TestDb } from '../helpers';
import { balance, limit, market, systemBalance, tick, trader as newTrader } from './helpers';

let db: TestDb;
let t: { ctx: AppContext };
let btc: SpotMarket;
const S = 'BTC/USDT';

beforeAll(async () => {
  db = await openTestDb();
  t = { ctx: testContext(db.db) };
  btc = await market(t.ctx, S);
});
afterAll(async () => {
  await spotEngines(t.ctx).close();
  await db.close();
});

const trader = (usdt = '0', coin = '0') => newTrader(t.ctx, btc, usdt, coin);

describe('spot orders settle through the ledger', () => {
  it('a resting buy freezes quote; a crossing sell fills at the maker price with maker/taker fees', async () => {
    const buyer = await trader('10000');
    const seller = await trader('0', '1');
    const bid = await placeOrder(t.ctx, buyer, limit(S, 'buy', '90000', '0.1'));
    expect(bid).toMatchObject({ status: 'open', filled: '0', frozen: '9000' });
    expect(await balance(t.ctx, buyer, btc.quoteCurrencyId)).toEqual({ available: parseUnits('1000', 6), frozen: parseUnits('9000', 6) });

    const feesUsdt = await systemBalance(t.ctx, 'fees', btc.quoteCurrencyId);
    const feesBtc = await systemBalance(t.ctx, 'fees', btc.baseCurrencyId);
    const ask = await placeOrder(t.ctx, seller, limit(S, 'sell', '89000', '0.04'));
    // Trades at the maker's 90000: 3600 USDT. Seller (taker, 0.2 %) pays 7.2 USDT; buyer (maker, 0.1 %) 0.00004 BTC.
    expect(ask).toMatchObject({ status: 'filled', filled: '0.04', avg_price: '90000', quote_filled: '3600', fee: '7.2', fee_currency: 'USDT' });
    expect(await balance(t.ctx, seller, btc.quoteCurrencyId)).toEqual({ available: parseUnits('3592.8', 6), frozen: 0n });
    expect(await balance(t.ctx, seller, btc.baseCurrencyId)).toEqual({ available: parseUnits('0.96', 8), frozen: 0n });
    expect(await balance(t.ctx, buyer, btc.baseCurrencyId)).toEqual({ available: parseUnits('0.03996', 8), frozen: 0n });
    expect(await balance(t.ctx, buyer, btc.quoteCurrencyId)).toEqual({ available: parseUnits('1000', 6), frozen: parseUnits('5400', 6) });
    expect((await systemBalance(t.ctx, 'fees', btc.quoteCurrencyId)) - feesUsdt).toBe(parseUnits('7.2', 6));
    expect((await systemBalance(t.ctx, 'fees', btc.baseCurrencyId)) - feesBtc).toBe(parseUnits('0.00004', 8));

    const fills = await orderFills(t.ctx, buyer, Number(bid.id));
    expect(fills.order).toMatchObject({ status: 'open', filled: '0.04', remaining: '0.06' });
    expect(fills.fills).toEqual([expect.objectContaining({ price: '90000', amount: '0.04', role: 'maker', fee: '0.00004', fee_currency: 'BTC' })]);

    const cancelled = await cancelOrder(t.ctx, buyer, Number(bid.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'user', frozen: '0' });
    expect(await balance(t.ctx, buyer, btc.quoteCurrencyId)).toEqual({ available: parseUnits('6400', 6), frozen: 0n });
    await expect(cancelOrder(t.ctx, buyer, Number(bid.id))).rejects.toMatchObject({ code: 'spot_order_not_open' });
    expect((await reconcile(t.ctx.db)).ok).toBe(true);
  });

  it('rounds the buyer up and the seller down when the notional has more decimals than the quote; the residue goes to rounding', async () => {
    const buyer = await trader('100');
    const seller = await trader('0', '0.01');
    const before = await systemBalance(t.ctx, 'rounding', btc.quoteCurrencyId);
    await upsertMarketParams(t.ctx.db, btc.instrumentId, { min_notional: '0' }, t.ctx.clock.now());
    await spotEngines(t.ctx).refresh(btc.instrumentId);
    // 0.000001 BTC × 92000.01 = 0.09200001 USDT (8 decimals; USDT has 6).
    await placeOrder(t.ctx, seller, limit(S, 'sell', '92000.01', '0.000001'));
    const b = await placeOrder(t.ctx, buyer, limit(S, 'buy', '92000.01', '0.000001'));
    expect(b).toMatchObject({ status: 'filled', quote_filled: '0.092001' });
    expect(await balance(t.ctx, buyer, btc.quoteCurrencyId)).toEqual({ available: parseUnits('100', 6) - 92001n, frozen: 0n });
    // Seller: 0.092000 gross, maker fee 0.1 % rounded up = 0.000092.
    expect((await balance(t.ctx, seller, btc.quoteCurrencyId)).available).toBe(92000n - 92n);
    expect((await systemBalance(t.ctx, 'rounding', btc.quoteCurrencyId)) - before).toBe(1n);
    await upsertMarketParams(t.ctx.db, btc.instrumentId, { min_notional: '5' }, t.ctx.clock.now());
    await spotEngines(t.ctx).refresh(btc.instrumentId);
    expect((await reconcile(t.ctx.db)).ok).toBe(true);
  });

  it('a buy that fills at better prices pays less and gets the rest of its freeze back', async () => {
    const buyer = await trader('1000');
    const s1 = await trader('0', '1');
    await placeOrder(t.ctx, s1, limit(S, 'sell', '80000', '0.005'));
    const b = await placeOrder(t.ctx, buyer, limit(S, 'buy', '81000', '0.005', { tif: 'ioc' }));
    expect(b).toMatchObject({ status: 'filled', quote_filled: '400', avg_price: '80000', frozen: '0' });
    expect(await balance(t.ctx, buyer, btc.quoteCurrencyId)).toEqual({ available: parseUnits('600', 6), frozen: 0n });
  });

  it('refuses orders with the reason: balance, minimum, precision, band, post-only, suspension, no price for market', async () => {
    const poor = await trader('10');
    await expect(placeOrder(t.ctx, poor, limit(S, 'buy', '90000', '0.001'))).rejects.toMatchObject({ code: 'insufficient_balance' });
    await expect(placeOrder(t.ctx, poor, limit(S, 'buy', '1000', '0.000001'))).rejects.toMatchObject({ code: 'spot_below_min_notional' });
    await expect(placeOrder(t.ctx, poor, limit(S, 'buy', '90000.001', '0.0001'))).rejects.toMatchObject({ code: 'spot_price_precision' });
    await expect(placeOrder(t.ctx, poor, limit(S, 'buy', '90000', '0.0000001'))).rejects.toMatchObject({ code: 'spot_amount_precision' });
    await expect(
      placeOrder(t.ctx, poor, { symbol: S, side: 'buy', orderType: 'market', tif: 'ioc', amount: '0.0001' }),
    ).rejects.toMatchObject({ code: 'spot_no_index_price' });
    // The index price is cached for half a second of the clock.
    (t.ctx.clock as ManualClock).advance(1000);
    await tick(t.ctx, btc, '91000');
    await expect(placeOrder(t.ctx, poor, limit(S, 'buy', '50000', '0.0001'))).rejects.toMatchObject({
      code: 'spot_price_out_of_band',
      params: { min: '81900', max: '100100' },
    });
    const maker = await trader('0', '1');
    await placeOrder(t.ctx, maker, limit(S, 'sell', '91000', '0.001'));
    const rich = await trader('1000');
    await expect(placeOrder(t.ctx, rich, limit(S, 'buy', '91000', '0.001', { tif: 'post_only' }))).rejects.toMatchObject({
      code: 'spot_post_only_would_take',
    });
    expect(await balance(t.ctx, rich, btc.quoteCurrencyId)).toEqual({ available: parseUnits('1000', 6), frozen: 0n });
    await t.ctx.db.updateTable('spot_markets').set({ trading: false }).where('instrument_id', '=', btc.instrumentId).execute();
    await spotEngines(t.ctx).refresh(btc.instrumentId);
    await expect(placeOrder(t.ctx, rich, limit(S, 'buy', '90000', '0.001'))).rejects.toMatchObject({ code: 'spot_market_suspended' });
    await t.ctx.db.updateTable('spot_markets').set({ trading: true }).where('instrument_id', '=', btc.instrumentId).execute();
    await spotEngines(t.ctx).refresh(btc.instrumentId);
    // A market buy within the band takes the resting ask.
    const mkt = await placeOrder(t.ctx, rich, { symbol: S, side: 'buy', orderType: 'market', tif: 'ioc', amount: '0.001' });
    expect(mkt).toMatchObject({ status: 'filled', avg_price: '91000', order_type: 'market' });
  });

  it('self-trade prevention cancels the incoming remainder and releases its freeze', async () => {
    const u = await trader('1000', '1');
    await placeOrder(t.ctx, u, limit(S, 'sell', '91050', '0.001'));
    const b = await placeOrder(t.ctx, u, limit(S, 'buy', '91050', '0.001'));
    expect(b).toMatchObject({ status: 'cancelled', cancel_reason: 'self_trade', filled: '0', frozen: '0' });
    expect((await balance(t.ctx, u, btc.quoteCurrencyId)).frozen).toBe(0n);
  });

  it('a client order id makes placing idempotent', async () => {
    const u = await trader('1000');
    const a = await placeOrder(t.ctx, u, limit(S, 'buy', '85000', '0.001', { clientOrderId: 'k-1' }));
    const b = await placeOrder(t.ctx, u, limit(S, 'buy', '85000', '0.001', { clientOrderId: 'k-1' }));
    expect(b.id).toBe(a.id);
    expect((await balance(t.ctx, u, btc.quoteCurrencyId)).frozen).toBe(parseUnits('85', 6));
  });

  it('parallel orders cannot overdraw: exactly as many as the balance covers are accepted', async () => {
    const u = await trader('90');
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => placeOrder(t.ctx, u, limit(S, 'buy', '90000', '0.0001'))));
    // 0.0001 × 90000 = 9 USDT each: 10 fit.
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'insufficient_balance' });
    expect(await balance(t.ctx, u, btc.quoteCurrencyId)).toEqual({ available: 0n, frozen: parseUnits('90', 6) });
    const w = await spotEngines(t.ctx).writer(btc);
    // Group commit: forty orders arriving together took far fewer than forty transactions.
    expect(w.stats.maxGroup).toBeGreaterThan(1);
    expect((await reconcile(t.ctx.db)).ok).toBe(true);
  });

  it('pending and history lists are the user’s own, newest first, paginated', async () => {
    const u = await trader('1000', '1');
    for (let i = 0; i < 3; i++) await placeOrder(t.ctx, u, limit(S, 'buy', String(88000 + i), '0.0001'));
    const c = await placeOrder(t.ctx, u, limit(S, 'sell', '99500', '0.0001'));
    await cancelOrder(t.ctx, u, Number(c.id));
    const pending = await listOrders(t.ctx, u, { status: 'pending', page: 1, limit: 2 });
    expect(pending).toMatchObject({ total: 3, has_more: true });
    expect(pending.list.map((o) => o.price)).toEqual(['88002', '88001']);
    const history = await listOrders(t.ctx, u, { status: 'history', page: 1, limit: 10 });
    expect(history.list).toEqual([expect.objectContaining({ id: c.id, status: 'cancelled' })]);
    const other = await trader('0');
    await expect(cancelOrder(t.ctx, other, Number(pending.list[0]!.id))).rejects.toMatchObject({ code: 'spot_order_not_found' });
  });

  it('the book rebuilt from the database equals the book before the restart', async () => {
    const w = await spotEngines(t.ctx).writer(btc);
    const before = w.book.snapshot();
    expect(before.bids.length + before.asks.length).toBeGreaterThan(3);
    const fresh = new SpotEngines(t.ctx);
    const rebuilt = await fresh.writer(btc);
    expect(rebuilt.book.snapshot()).toEqual(before);
    rebuilt.book.check();
    await fresh.close();
  });
});
