import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/modules/ledger';
import { spotEngines } from '../../src/modules/spot/engines';
import { createUser, loginToken, testApp } from '../helpers';
import { fund } from './helpers';

let t: Awaited<ReturnType<typeof testApp>>;
let token: string;
let other: string;
let userIds: number[];

beforeAll(async () => {
  t = await testApp();
  const m = await spotEngines(t.ctx).market('BTC/USDT');
  const users = [await createUser(t.ctx.db, 'password123'), await createUser(t.ctx.db, 'password123')];
  userIds = users;
  for (const u of users) {
    await fund(t.ctx, u, m.quoteCurrencyId, '5000', m.quoteDecimals);
    await fund(t.ctx, u, m.baseCurrencyId, '1', m.baseDecimals);
  }
  const emails = await t.ctx.db.selectFrom('users').select(['id', 'email']).where('id', 'in', users).orderBy('id').execute();
  token = await loginToken(t.app, emails[0]!.email!, 'password123');
  other = await loginToken(t.app, emails[1]!.email!, 'password123');
});
afterAll(async () => {
  await spotEngines(t.ctx).close();
  await t.close();
});

const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, auth = token) => {
  const res = await t.app.inject({ method, url, payload, headers: auth ? { authorization: auth } : {} });
  expect(res.statusCode).toBe(200);
  // The envelope's message is whatever the route returns; tests read it loosely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json<{ type: string | number; message: any; error?: string }>();
};

describe('spot over HTTP (/coin/*)', () => {
  it('places with the API fields (currency_id, legal_id, type, target_price, amount), lists and cancels', async () => {
    const m = await spotEngines(t.ctx).market('BTC/USDT');
    const placed = await call('POST', '/api/coin/trade', { currency_id: m.baseCurrencyId, legal_id: m.quoteCurrencyId, type: 1, target_price: '90000', amount: '0.01' });
    expect(placed).toMatchObject({ type: 'ok', code: 1, message: { status: 'open', side: 'buy', order_type: 'limit', price: '90000', amount: '0.01' } });
    const pending = await call('GET', '/api/coin/list?status=pending');
    expect(pending.message).toMatchObject({ total: 1, list: [{ id: placed.message.id }] });
    const depth = await call('GET', '/api/coin/depth?symbol=BTC/USDT', undefined, '');
    expect(depth.message.bids).toEqual([['90000', '0.01']]);
    // Another user cannot cancel it.
    expect(await call('POST', '/api/coin/cancelTrade', { id: placed.message.id }, other)).toMatchObject({ type: 'error', error: 'spot_order_not_found' });
    const cancelled = await call('POST', '/api/coin/cancelTrade', { id: placed.message.id });
    expect(cancelled.message).toMatchObject({ status: 'cancelled' });
    const history = await call('GET', '/api/coin/list?status=history');
    expect(history.message.list[0]).toMatchObject({ id: placed.message.id, status: 'cancelled' });
  });

  it('trades between two users show in recent trades and balances', async () => {
    await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'sell', target_price: '91000', amount: '0.02' }, other);
    const buy = await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '91000', amount: '0.02', time_in_force: 'ioc' });
    expect(buy.message).toMatchObject({ status: 'filled', avg_price: '91000', fee: '0.00004' });
    const trades = await call('GET', '/api/coin/trades?symbol=BTC/USDT', undefined, '');
    expect(trades.message[0]).toMatchObject({ price: '91000', amount: '0.02', side: 'buy' });
    const bal = await call('GET', '/api/coin/balance?symbol=BTC/USDT');
    expect(bal.message).toMatchObject({ base: { currency: 'BTC', available: '1.01996' }, quote: { currency: 'USDT', available: '3180' } });
    const detail = await call('GET', `/api/coin/order?id=${buy.message.id}`);
    expect(detail.message.fills).toHaveLength(1);
    expect((await reconcile(t.ctx.db)).ok).toBe(true);
  });

  it('refusals come back in the caller language; no session is type 999', async () => {
    const en = await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '90000', amount: '10' });
    expect(en).toMatchObject({ type: 'error', error: 'insufficient_balance', message: 'Insufficient balance' });
    const zh = await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '90000', amount: '0.00001', lang: 'zh' });
    expect(zh).toMatchObject({ type: 'error', error: 'spot_below_min_notional', message: '订单金额不能低于 5 USDT' });
    const de = await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '90000.123', amount: '0.01', lang: 'de' });
    expect(de).toMatchObject({ error: 'spot_price_precision', message: 'Der Preis darf höchstens 2 Nachkommastellen haben' });
    expect(await call('POST', '/api/coin/trade', { symbol: 'NOPE/USDT', type: 'buy', target_price: '1', amount: '1' })).toMatchObject({ error: 'spot_market_not_found' });
    expect(await call('GET', '/api/coin/list', undefined, '')).toMatchObject({ type: 999 });
  });

  it('lists markets with their trading parameters', async () => {
    const markets = await call('GET', '/api/coin/markets', undefined, '');
    expect((markets.message as Array<{ symbol: string }>).find((x) => x.symbol === 'BTC/USDT')).toMatchObject({
      price_precision: 2,
      amount_precision: 6,
      maker_fee: '0.001',
      taker_fee: '0.002',
      min_notional: '5',
      trading: true,
      // Test apps run with demo data: the labelled demo bot is announced per market.
      demo_bot: true,
    });
  });
});

describe('spot console API', () => {
  it('edits fees and the trading switch (audited), lists and cancels any open order, shows trades and the bot', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.9.9.9', payload: { username: 'admin', password: 'operator-pass-123' } });
    const op = (login.json<{ message: { token: string } }>()).message.token;
    const m = await spotEngines(t.ctx).market('BTC/USDT');
    const markets = await call('GET', '/api/admin/spot/markets', undefined, op);
    expect((markets.message as Array<{ symbol: string; engine: unknown }>).find((x) => x.symbol === 'BTC/USDT')).toMatchObject({ maker_fee: '0.001' });
    // A user token is not an operator session.
    expect(await call('GET', '/api/admin/spot/markets', undefined, token)).toMatchObject({ type: 999 });

    const edit = await call('POST', `/api/admin/spot/markets/${m.instrumentId}`, { maker_fee: '0.0005', trading: false }, op);
    expect(edit.message).toMatchObject({ maker_fee: '0.0005', trading: false });
    expect(await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '90000', amount: '0.01' })).toMatchObject({ error: 'spot_market_suspended' });
    expect(await call('POST', `/api/admin/spot/markets/${m.instrumentId}`, { taker_fee: '0.5' }, op)).toMatchObject({ type: 'error' });
    await call('POST', `/api/admin/spot/markets/${m.instrumentId}`, { maker_fee: '0.001', trading: true }, op);

    const placed = await call('POST', '/api/coin/trade', { symbol: 'BTC/USDT', type: 'buy', target_price: '85000', amount: '0.01' });
    const open = await call('GET', '/api/admin/spot/orders?status=pending', undefined, op);
    expect((open.message as { list: Array<{ id: string }> }).list.some((o) => o.id === placed.message.id)).toBe(true);
    // Filtered to one user, each order names its user.
    const mine = await call('GET', `/api/admin/spot/orders?status=all&user_id=${userIds[0]}`, undefined, op);
    const list = (mine.message as { list: Array<{ user_id: number; user: { label: string; demo: boolean } }> }).list;
    expect(list.length).toBeGreaterThan(1);
    for (const o of list) expect(o).toMatchObject({ user_id: userIds[0], user: { label: expect.any(String), demo: false } });
    const nobody = await call('GET', '/api/admin/spot/orders?status=all&user_id=999999', undefined, op);
    expect(nobody.message).toMatchObject({ total: 0, list: [] });
    const cancelled = await call('POST', `/api/admin/spot/orders/${placed.message.id}/cancel`, {}, op);
    expect(cancelled.message).toMatchObject({ status: 'cancelled', cancel_reason: 'operator' });
    const audit = await call('GET', '/api/admin/audit', undefined, op);
    const actions = (audit.message as { items: Array<{ action: string }> }).items.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['spot.market.update', 'spot.order.cancel']));

    const trades = await call('GET', '/api/admin/spot/trades?symbol=BTC/USDT', undefined, op);
    expect((trades.message as unknown[]).length).toBeGreaterThan(0);
    expect((trades.message as unknown[])[0]).toMatchObject({ maker_user_id: userIds[1], taker_user_id: userIds[0], maker_user: { demo: false }, taker_user: { demo: false } });
    const bot = await call('GET', '/api/admin/spot/bot', undefined, op);
    expect(bot.message).toMatchObject({ running: false, demo_data: true });
    expect((await reconcile(t.ctx.db)).ok).toBe(true);
  });
});
