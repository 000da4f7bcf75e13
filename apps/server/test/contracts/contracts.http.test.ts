/**
 * The contracts API through the real app: products and payable currencies, placing orders with
 * refusals in the caller's language, lists by tab, results with their settlement tick, the newer
 * /contract/* aliases, and the console (products, suspend, settlement log, P&L; audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/sessions';
import { reconcile } from '../../src/modules/ledger';
import { settleDue } from '../../src/modules/contracts';
import { createUser, testApp } from '../helpers';
import { fund, setupProducts, tick } from './fixture';

type Body<T = unknown> = { type: string | number; code: number; message: T; error?: string };
interface Order {
  id: string;
  status: string;
  open_price: string;
  close_price: string | null;
  close_tick_id: string | null;
  profit: string | null;
  profit_rate: string | null;
  [k: string]: unknown;
}

let h: Awaited<ReturnType<typeof testApp>>;
let token: string;
let userId: number;
let opToken: string;
let m: Awaited<ReturnType<typeof setupProducts>>;

async function get<T = unknown>(url: string, auth?: string): Promise<Body<T>> {
  const res = await h.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<Body<T>>();
}
async function post<T = unknown>(url: string, payload: Record<string, unknown>, auth?: string): Promise<Body<T>> {
  const res = await h.app.inject({ method: 'POST', url, payload, headers: auth ? { authorization: auth } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<Body<T>>();
}

beforeAll(async () => {
  h = await testApp();
  m = await setupProducts(h.ctx);
  userId = await createUser(h.ctx.db);
  token = await createSession(h.ctx, userId, { ip: null, userAgent: null });
  await fund(h.ctx, userId, m.usdt.id, '500');
  const login = await post<{ token: string }>('/api/admin/login', { username: 'admin', password: 'operator-pass-123' });
  opToken = login.message.token;
  await tick(h.ctx, m.btc, '90000');
});
afterAll(async () => {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

describe('products', () => {
  it('lists expiry options with payout rates, limits and payable currencies (demo labelled)', async () => {
    const body = await get<Array<Record<string, unknown>>>(`/api/microtrade/seconds?match_id=${m.btc}`);
    expect(body.type).toBe('ok');
    expect(body.message).toHaveLength(1);
    expect(body.message[0]).toMatchObject({
      match_id: m.btc,
      symbol: 'BTC/USDT',
      tradable: true,
      is_demo: true,
      fee_rate: '0.02',
      seconds: [
        { seconds: 30, payout_rate: '0.8', status: 1 },
        { seconds: 60, payout_rate: '0.85', status: 1 },
        { seconds: 120, payout_rate: '0.88', status: 1 },
        { seconds: 300, payout_rate: '0.92', status: 1 },
      ],
    });
    const all = await get<unknown[]>('/api/contract/getContractList');
    expect((all.message as unknown as { total: number }).total).toBeGreaterThanOrEqual(6);
    const one = await get<{ symbol: string }>(`/api/contract/getContractDetails?contract_id=${m.eth}`);
    expect(one.message.symbol).toBe('ETH/USDT');
  });

  it('shows payable currencies with the contract balance only to a signed-in user', async () => {
    const anon = await get<Array<{ currency_id: number; balance: string | null; min: string; max: string }>>('/api/microtrade/payable_currencies');
    expect(anon.message.find((c) => c.currency_id === m.usdt.id)).toMatchObject({ balance: null, min: '10', max: '10000' });
    const mine = await get<Array<{ currency_id: number; balance: string | null }>>('/api/microtrade/payable_currencies', token);
    expect(mine.message.find((c) => c.currency_id === m.usdt.id)!.balance).toBe('500');
  });
});

describe('orders', () => {
  it('places an order, lists it as holding, then pending, then history with its close tick', async () => {
    const placed = await post<Order>('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 1, seconds: 30, number: '100' }, token);
    expect(placed.type).toBe('ok');
    expect(placed.message).toMatchObject({ status: 'open', open_price: '90000', number: '100', direction: 'up', close_price: null });
    const holding = await get<{ list: Order[]; total: number; limit: number }>('/api/microtrade/lists?status=1', token);
    expect(holding.message.limit).toBe(5);
    expect(holding.message.list.map((o) => o.id)).toEqual([placed.message.id]);

    h.clock.advance(30_000);
    const pending = await get<{ list: Order[] }>('/api/microtrade/lists?status=2', token);
    expect(pending.message.list.map((o) => o.id)).toEqual([placed.message.id]);
    const close = await tick(h.ctx, m.btc, '90001');
    await settleDue(h.ctx);

    const result = await get<Order>(`/api/microtrade/get_result?id=${placed.message.id}`, token);
    expect(result.message).toMatchObject({ status: 'won', close_price: '90001', close_tick_id: close.id, profit: '78.4', profit_rate: '78.4', settled: true });
    const history = await get<{ list: Order[] }>('/api/contract/getOrderList?status=3&page_size=5', token);
    expect(history.message.list[0]!.id).toBe(placed.message.id);
    const same = await get<Order>(`/api/contract/findOrderStatus?order_id=${placed.message.id}`, token);
    expect(same.message.status).toBe('won');
  });

  it('answers refusals in the user language and never another user\'s order', async () => {
    const range = await post('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 2, seconds: 30, number: '1', lang: 'zh' }, token);
    expect(range).toMatchObject({ type: 'error', code: 0, error: 'contract_stake_out_of_range', message: '金额须在 10 至 10000 USDT 之间' });
    const poor = await post('/api/contract/contractPlaceOrder', { contract_id: m.btc, currency_id: m.usdt.id, type: 'down', seconds: 60, number: '5000', lang: 'de' }, token);
    expect(poor).toMatchObject({ type: 'error', error: 'insufficient_balance', message: 'Unzureichendes Guthaben' });
    // Exposure cap below one minimum stake: every new down order is refused, in the caller's language.
    const capRow = h.ctx.db.updateTable('contract_product_currencies').where('currency_id', '=', m.usdt.id).where('product_id', 'in', (eb) =>
      eb.selectFrom('contract_products').select('id').where('instrument_id', '=', m.btc),
    );
    const cap = await h.ctx.db.selectFrom('contract_product_currencies').select('exposure_cap').where('currency_id', '=', m.usdt.id).where('product_id', 'in', (eb) =>
      eb.selectFrom('contract_products').select('id').where('instrument_id', '=', m.btc),
    ).executeTakeFirstOrThrow();
    await capRow.set({ exposure_cap: '5000000' }).execute();
    try {
      const capped = await post('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 2, seconds: 30, number: '10', lang: 'jp' }, token);
      expect(capped).toMatchObject({ type: 'error', error: 'contract_exposure_cap_reached', message: 'この市場のこの方向の建玉が上限に達しました。しばらくしてから再度お試しください' });
    } finally {
      await capRow.set({ exposure_cap: cap.exposure_cap }).execute();
    }
    const other = await createUser(h.ctx.db);
    const otherToken = await createSession(h.ctx, other, { ip: null, userAgent: null });
    const mine = await get<{ list: Order[] }>('/api/microtrade/lists?status=3', token);
    const peek = await get(`/api/microtrade/get_result?id=${mine.message.list[0]!.id}`, otherToken);
    expect(peek).toMatchObject({ type: 'error', error: 'contract_order_not_found' });
    const anon = await post('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 1, seconds: 30, number: '10' });
    expect(anon.type).toBe(999);
  });

  it('ignores any outcome field a client sends', async () => {
    await tick(h.ctx, m.btc, '90000');
    const placed = await post<Order>(
      '/api/microtrade/submit',
      { match_id: m.btc, currency_id: m.usdt.id, type: 1, seconds: 30, number: '10', status: 'won', profit: '1000', close_price: '1' },
      token,
    );
    expect(placed.message.status).toBe('open');
    h.clock.advance(30_000);
    await tick(h.ctx, m.btc, '89999');
    await settleDue(h.ctx);
    const r = await get<Order>(`/api/microtrade/get_result?id=${placed.message.id}`, token);
    expect(r.message).toMatchObject({ status: 'lost', profit: '-10' });
  });
});

describe('console', () => {
  it('suspends a market for new orders (audited); open orders still settle by the rule', async () => {
    await tick(h.ctx, m.btc, '90000');
    const open = await post<Order>('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 2, seconds: 60, number: '20' }, token);
    const products = await get<{ products: Array<{ product_id: number; symbol: string; open_orders: unknown[]; currencies: Array<{ open_down: string }> }> }>(
      '/api/admin/contracts/products',
      opToken,
    );
    const btc = products.message.products.find((p) => p.symbol === 'BTC/USDT')!;
    expect(btc.currencies[0]!.open_down).toBe('20');
    const s = await post(`/api/admin/contracts/products/${btc.product_id}/status`, { status: 0 }, opToken);
    expect(s.type).toBe('ok');
    const refused = await post('/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 1, seconds: 30, number: '10', lang: 'en' }, token);
    expect(refused).toMatchObject({ error: 'contract_market_suspended', message: 'This market is suspended for new orders' });
    const refusedZh = await post('/api/contract/contractPlaceOrder', { contract_id: m.btc, currency_id: m.usdt.id, type: 'up', seconds: 30, number: '10', lang: 'zh' }, token);
    expect(refusedZh).toMatchObject({ error: 'contract_market_suspended', message: '该市场已暂停下单' });
    const listed = await get<Array<{ tradable: boolean }>>(`/api/microtrade/seconds?match_id=${m.btc}`);
    expect(listed.message[0]!.tradable).toBe(false);
    h.clock.advance(60_000);
    await tick(h.ctx, m.btc, '89000');
    await settleDue(h.ctx);
    expect((await get<Order>(`/api/microtrade/get_result?id=${open.message.id}`, token)).message.status).toBe('won');
    await post(`/api/admin/contracts/products/${btc.product_id}/status`, { status: 1 }, opToken);
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'contracts.%').execute();
    expect(audit.map((a) => a.action)).toEqual(['contracts.product_suspend', 'contracts.product_resume']);
  });

  it('edits a product (new expiry option) and shows the settlement log and house P&L', async () => {
    const saved = await post<{ seconds: Array<{ seconds: number }> }>(
      '/api/admin/contracts/products',
      {
        instrument_id: m.eth,
        status: 1,
        fee_rate: '0.05',
        seconds: [{ seconds: 10, payout_rate: '0.7' }, { seconds: 30, payout_rate: '0.8' }],
        currencies: [{ currency_id: m.usdt.id, min: '5', max: '100', exposure_cap: '1000' }],
      },
      opToken,
    );
    expect(saved.type).toBe('ok');
    expect(saved.message.seconds.map((s) => s.seconds)).toEqual([10, 30]);
    const log = await get<{ items: Array<{ status: string; open_tick_id: string; close_tick_id: string | null; user_id: number }>; total: number }>(
      '/api/admin/contracts/settlements?limit=10',
      opToken,
    );
    expect(log.message.total).toBe(3);
    for (const item of log.message.items) {
      expect(item.user_id).toBe(userId);
      expect(item.close_tick_id).not.toBeNull();
    }
    const pnl = await get<Array<{ orders: number; user_profit: string; fees: string; house_pnl: string }>>('/api/admin/contracts/pnl', opToken);
    expect(pnl.message).toHaveLength(1);
    // User: +78.4 (30 s), −10, +(20 × 0.85 − 0.34) = +16.66 (60 s) → 85.06; fees 1.6 + 0.34; house −87
    expect(pnl.message[0]).toMatchObject({ orders: 3, user_profit: '85.06', fees: '1.94', house_pnl: '-87' });
    const reviewer = await get('/api/admin/contracts/pnl');
    expect(reviewer.type).toBe(999);
  });

  it('pages the history: 5 a page by default, newest first, has_more until the last page', async () => {
    const all = await get<{ list: Order[]; total: number; limit: number; has_more: boolean }>('/api/microtrade/lists?status=3', token);
    expect(all.message).toMatchObject({ total: 3, limit: 5, has_more: false });
    const p1 = await get<{ list: Order[]; has_more: boolean }>('/api/microtrade/lists?status=3&page=1&limit=2', token);
    const p2 = await get<{ list: Order[]; has_more: boolean }>('/api/contract/getOrderList?status=3&page=2&page_size=2', token);
    expect(p1.message.has_more).toBe(true);
    expect(p2.message.has_more).toBe(false);
    expect([...p1.message.list, ...p2.message.list].map((o) => o.id)).toEqual(all.message.list.map((o) => o.id));
    expect(all.message.list.map((o) => Number(o.id))).toEqual(all.message.list.map((o) => Number(o.id)).sort((a, b) => b - a));
  });
});
