/** Leveraged positions on the real database: opening, closing, stops, the sweep, liquidation and the insurance fund. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock';
import type { AppContext } from '../../src/context';
import { reconcile } from '../../src/modules/ledger';
import * as svc from '../../src/modules/lever/service';
import { sweepMarket } from '../../src/modules/lever';
import { loadProducts } from '../../src/modules/lever/products';
import { createUser, openTestDb, testContext, type TestDb } from '../helpers';
import { fundLever, leverBalance, setupLever, systemBalance, tick } from './fixture';

let t: TestDb;
let ctx: AppContext;
let clock: ManualClock;
let m: Awaited<ReturnType<typeof setupLever>>;
const U = (s: string) => BigInt(Math.round(Number(s) * 1e6));
const en: svc.Translate = (code) => code;

beforeAll(async () => {
  t = await openTestDb();
  clock = new ManualClock('2026-01-01T10:00:00Z'); // a Thursday: FX open
  ctx = testContext(t.db, clock);
  m = await setupLever(ctx);
});
afterAll(async () => {
  expect((await reconcile(t.db)).violations).toEqual([]);
  await t.close();
});
beforeEach(() => clock.advance(60_000));

async function user(amount = '1000') {
  const id = await createUser(t.db);
  await fundLever(ctx, id, m.usdt.id, amount);
  return id;
}

async function sweep(instrumentId: number) {
  const p = (await loadProducts(ctx, { instrumentId }))[0]!;
  const totals = { ticks: 0, closed: 0, errors: 0 };
  await sweepMarket(ctx, p, totals);
  return totals;
}

const longBtc = (extra: Partial<svc.OpenInput> = {}): svc.OpenInput => ({
  instrument_id: m.btc,
  type: 1,
  multiple: 10,
  number: '0.1',
  ...extra,
});

describe('opening', () => {
  it('freezes margin N/L and charges the fee, and states the liquidation and bankruptcy prices', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    const pre = await svc.preview(ctx, u, longBtc());
    expect(pre).toMatchObject({
      qty: '0.1',
      entry_price: '50000',
      notional: '5000',
      margin: '500',
      fee: '2.5',
      cost: '502.5',
      liq_price: '45180.72',
      bankrupt_price: '45000',
      mmr: '0.004',
    });
    const pos = await svc.open(ctx, u, longBtc());
    expect(pos).toMatchObject({
      side: 'long',
      status: 'open',
      margin: '500',
      open_fee: '2.5',
      liq_price: '45180.72',
      bankrupt_price: '45000',
      upnl: '0',
      roe: '0',
    });
    expect(await leverBalance(ctx, u, m.usdt.id)).toEqual({ available: U('497.5'), frozen: U('500') });
  });

  it('sizes by margin: quantity = margin × leverage / price, floored to the step', async () => {
    const u = await user();
    await tick(ctx, m.btc, '60000');
    const pre = await svc.preview(ctx, u, { instrument_id: m.btc, type: 2, multiple: 20, margin: '100' });
    expect(pre.qty).toBe('0.033'); // 100 × 20 / 60000 = 0.0333…
    expect(pre.margin).toBe('99'); // 0.033 × 60000 / 20
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const u = await user('100');
    await tick(ctx, m.btc, '50000');
    const cases: Array<[Partial<svc.OpenInput>, string]> = [
      [{ multiple: 7 }, 'lever_leverage_not_offered'],
      [{ number: '0.0015' }, 'lever_qty_step'],
      [{ number: '0' }, 'lever_qty_below_min'],
      [{ number: undefined }, 'lever_size_required'],
      [{ number: 'abc' }, 'field_invalid'],
      [{ number: '11' }, 'lever_position_limit'],
      [{ target_profit_price: '49000' }, 'lever_tp_wrong_side'],
      [{ stop_loss_price: '51000' }, 'lever_sl_wrong_side'],
      [{ stop_loss_price: '49000.123' }, 'lever_price_invalid'],
      [{ number: '1', multiple: 100 }, 'insufficient_balance'],
      [{ instrument_id: 999_999 }, 'lever_market_not_found'],
    ];
    for (const [input, code] of cases) {
      await expect(svc.open(ctx, u, longBtc(input)), code).rejects.toMatchObject({ code });
    }
    expect(await leverBalance(ctx, u, m.usdt.id)).toEqual({ available: U('100'), frozen: 0n });
    expect((await svc.myTrades(ctx, u, { status: 1, page: 1, limit: 10 })).total).toBe(0);
  });

  it('refuses a size the leverage would liquidate at once, a stale price, and FX at the weekend', async () => {
    const u = await user('100000');
    await tick(ctx, m.btc, '50000');
    // 10 BTC = 500,000 notional: tier 3 (MM = 2 % − cum 3,800 = 6,200) at 100× (margin 5,000) is liquidated at entry.
    await expect(svc.open(ctx, u, longBtc({ number: '10', multiple: 100 }))).rejects.toMatchObject({
      code: 'lever_liquidates_at_once',
    });
    clock.advance(11_000);
    await expect(svc.open(ctx, u, longBtc())).rejects.toMatchObject({ code: 'price_unavailable' });
    const saturday = testContext(t.db, new ManualClock('2026-01-03T12:00:00Z'));
    await tick(saturday, m.eur, '1.08');
    await expect(
      svc.open(saturday, u, { instrument_id: m.eur, type: 1, multiple: 10, number: '1000' }),
    ).rejects.toMatchObject({ code: 'lever_market_closed' });
  });

  it('a retry with the same client key opens once', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    const [a, b] = await Promise.all([
      svc.open(ctx, u, longBtc({ client_key: 'k1' })),
      svc.open(ctx, u, longBtc({ client_key: 'k1' })),
    ]);
    expect(a.id).toBe(b.id);
    expect((await leverBalance(ctx, u, m.usdt.id)).frozen).toBe(U('500'));
  });
});

describe('closing', () => {
  it('pays margin + P&L − fee; the house pays the profit', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    const pos = await svc.open(ctx, u, longBtc());
    const house = await systemBalance(ctx, 'house', m.usdt.id);
    clock.advance(1000);
    await tick(ctx, m.btc, '52000');
    const closed = await svc.close(ctx, u, pos.id);
    expect(closed).toMatchObject({
      status: 'closed',
      exit_reason: 'user',
      exit_price: '52000',
      pnl: '200',
      close_fee: '2.6',
      credited: '697.4',
    });
    expect(await leverBalance(ctx, u, m.usdt.id)).toEqual({ available: U('1194.9'), frozen: 0n });
    expect(await systemBalance(ctx, 'house', m.usdt.id)).toBe(house - U('200'));
    await expect(svc.close(ctx, u, pos.id)).rejects.toMatchObject({ code: 'lever_position_closed' });
  });

  it('USD/JPY (quote-inverse): P&L in yen converted at the closing price', async () => {
    const u = await user();
    await tick(ctx, m.jpy, '150');
    const pos = await svc.open(ctx, u, { instrument_id: m.jpy, type: 2, multiple: 100, number: '10000' });
    expect(pos).toMatchObject({ margin: '100', open_fee: '0.5', liq_price: '151.134' });
    clock.advance(1000);
    await tick(ctx, m.jpy, '148.5');
    const closed = await svc.close(ctx, u, pos.id);
    expect(closed).toMatchObject({ pnl: '101.010101', close_fee: '0.5', credited: '200.510101' });
  });

  it('close-all and batch close answer per position; repeating them credits nothing twice', async () => {
    const u = await user('10000');
    await tick(ctx, m.btc, '50000');
    const a = await svc.open(ctx, u, longBtc());
    const b = await svc.open(ctx, u, longBtc({ type: 2 }));
    const c = await svc.open(ctx, u, longBtc());
    clock.advance(1000);
    await tick(ctx, m.btc, '50500');
    const shorts = await svc.closeAll(ctx, u, { type: 2 }, en);
    expect(shorts.results.map((r) => [r.id, r.outcome])).toEqual([[b.id, 'closed']]);
    const batch = await svc.closeMany(ctx, u, [a.id, a.id, b.id, '999999'], en);
    expect(batch.results.map((r) => r.outcome)).toEqual(['closed', 'already_closed', 'not_found']);
    const after = await leverBalance(ctx, u, m.usdt.id);
    const all = await svc.closeAll(ctx, u, { type: 0 }, en);
    expect(all.results.map((r) => [r.id, r.outcome])).toEqual([[c.id, 'closed']]);
    expect((await svc.closeAll(ctx, u, { type: 0 }, en)).results).toEqual([]);
    expect((await svc.closeMany(ctx, u, [a.id, c.id], en)).closed).toBe(0);
    expect((await leverBalance(ctx, u, m.usdt.id)).frozen).toBe(0n);
    expect((await leverBalance(ctx, u, m.usdt.id)).available).toBeGreaterThan(after.available);
  });

  it("another user's position is not found", async () => {
    const u = await user();
    const other = await user();
    await tick(ctx, m.btc, '50000');
    const pos = await svc.open(ctx, u, longBtc());
    await expect(svc.close(ctx, other, pos.id)).rejects.toMatchObject({ code: 'lever_position_not_found' });
    await expect(svc.setStops(ctx, other, pos.id, { stop_loss_price: '1' })).rejects.toMatchObject({
      code: 'lever_position_not_found',
    });
    expect((await svc.closeMany(ctx, other, [pos.id], en)).results[0]!.outcome).toBe('not_found');
  });
});

describe('the trigger sweep', () => {
  it('take-profit closes at the first crossing tick; the stop-loss then never fills', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    await sweep(m.btc);
    const pos = await svc.open(ctx, u, longBtc({ target_profit_price: '51000', stop_loss_price: '49000' }));
    clock.advance(1000);
    await tick(ctx, m.btc, '50900');
    clock.advance(1000);
    const crossing = await tick(ctx, m.btc, '51200');
    clock.advance(1000);
    await tick(ctx, m.btc, '48000');
    expect((await sweep(m.btc)).closed).toBe(1);
    const closed = await svc.detail(ctx, u, pos.id);
    expect(closed).toMatchObject({
      status: 'closed',
      exit_reason: 'tp',
      exit_price: '51200',
      exit_tick_id: crossing.id,
    });
    expect((await sweep(m.btc)).closed).toBe(0);
  });

  it('liquidation comes before the stop-loss; the remainder goes to the insurance fund', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    await sweep(m.btc);
    const pos = await svc.open(ctx, u, longBtc({ stop_loss_price: '45100' }));
    const fund = await systemBalance(ctx, 'lever_insurance', m.usdt.id);
    clock.advance(1000);
    const crash = await tick(ctx, m.btc, '45100'); // below the liquidation price 45180.72 and at the stop
    await sweep(m.btc);
    expect(await svc.detail(ctx, u, pos.id)).toMatchObject({
      exit_reason: 'liquidation',
      pnl: '-490',
      credited: '0',
      insurance: '10',
      shortfall: null,
    });
    // Earlier tests' longs from 50,000 went with it, each leaving 10 to the fund.
    const paid = await t.db
      .selectFrom('lever_positions')
      .select('insurance')
      .where('exit_tick_id', '=', crash.id)
      .execute();
    expect(paid.length).toBeGreaterThan(1);
    expect(paid.every((r) => r.insurance === '10000000')).toBe(true);
    expect(await systemBalance(ctx, 'lever_insurance', m.usdt.id)).toBe(fund + BigInt(paid.length) * U('10'));
    expect((await leverBalance(ctx, u, m.usdt.id)).frozen).toBe(0n);
  });

  it('a gap past the bankruptcy price is covered by the fund, and beyond it by the house (never by the user)', async () => {
    const u = await user();
    const v = await user();
    await tick(ctx, m.btc, '50000');
    await sweep(m.btc);
    const a = await svc.open(ctx, u, longBtc());
    const b = await svc.open(ctx, v, longBtc());
    const fund = await systemBalance(ctx, 'lever_insurance', m.usdt.id);
    expect(fund).toBeGreaterThan(0n);
    expect(fund).toBeLessThan(U('200'));
    clock.advance(1000);
    await tick(ctx, m.btc, '44000'); // each loses 600 on 500 of margin: 100 beyond it
    await sweep(m.btc);
    const [x, y] = [await svc.detail(ctx, u, a.id), await svc.detail(ctx, v, b.id)];
    expect(x).toMatchObject({ exit_reason: 'liquidation', credited: '0', pnl: '-600' });
    expect(y).toMatchObject({ exit_reason: 'liquidation', credited: '0', pnl: '-600' });
    expect(U(x.insurance!) + U(y.insurance!)).toBe(-fund);
    expect(await systemBalance(ctx, 'lever_insurance', m.usdt.id)).toBe(0n);
    const absorbed = [x, y].reduce((s, p) => s + U(p.shortfall ?? '0'), 0n);
    expect(absorbed).toBe(U('200') - fund);
    expect(await leverBalance(ctx, u, m.usdt.id)).toEqual({ available: U('497.5'), frozen: 0n });
  });

  it('a user close at a liquidatable price (before the sweep) is a liquidation', async () => {
    const u = await user();
    await tick(ctx, m.btc, '50000');
    const pos = await svc.open(ctx, u, longBtc({ type: 2 }));
    clock.advance(1000);
    await tick(ctx, m.btc, '55000');
    expect(await svc.close(ctx, u, pos.id)).toMatchObject({ exit_reason: 'liquidation', credited: '0' });
  });

  it('FX positions trigger nothing while the market is closed', async () => {
    const u = await user();
    await tick(ctx, m.eur, '1.08');
    await sweep(m.eur);
    const pos = await svc.open(ctx, u, {
      instrument_id: m.eur,
      type: 1,
      multiple: 10,
      number: '1000',
      stop_loss_price: '1.07',
    });
    await tick(ctx, m.eur, '1.05', new Date('2026-01-03T12:00:00Z')); // Saturday
    await sweep(m.eur);
    expect((await svc.detail(ctx, u, pos.id)).status).toBe('open');
  });
});
