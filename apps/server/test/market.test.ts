/**
 * Market HTTP API through the real app: quotation_new (the home page's contract), klines of
 * both generations, market detail, favourites, and the console's instruments and feed status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketFeed } from '../src/modules/market';
import { createSession } from '../src/modules/sessions';
import { createUser, testApp } from './helpers';

type Body<T = unknown> = { type: string | number; code: number; message: T; error?: string };
interface Market {
  instrument_id: number;
  symbol: string;
  last: string;
  change: string;
  favourite: boolean;
  [k: string]: unknown;
}

let h: Awaited<ReturnType<typeof testApp>>;
let token: string;
let opToken: string;

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
  const feed = new MarketFeed(h.ctx, { mode: 'simulated', seed: 5, tickMs: 1000, backfillDays: 0.1 });
  await feed.init();
  await feed.runBackfill();
  for (let i = 0; i < 3; i++) {
    await feed.step();
    h.clock.advance(1000);
  }
  const userId = await createUser(h.ctx.db);
  token = await createSession(h.ctx, userId, { ip: null, userAgent: null });
  const login = await post<{ token: string }>('/api/admin/login', { username: 'admin', password: 'operator-pass-123' });
  opToken = login.message.token;
});
afterAll(async () => {
  await h.close();
});

describe('GET /currency/quotation_new', () => {
  it('answers visitors with markets grouped by quote, favourite false', async () => {
    const body = await get<Array<{ group: string; markets: Market[] }>>('/api/currency/quotation_new');
    expect(body.type).toBe('ok');
    expect(body.message[0]!.group).toBe('USDT');
    const btc = body.message[0]!.markets.find((m) => m.symbol === 'BTC/USDT')!;
    expect(btc).toMatchObject({ base: 'BTC', quote: 'USDT', kind: 'spot', favourite: false, price_precision: 2, amount_precision: 6 });
    for (const k of ['last', 'change', 'high', 'low', 'volume', 'quote_volume']) expect(typeof btc[k]).toBe('string');
    expect(body.message[0]!.markets.map((m) => m.symbol)).toContain('LTC/USDT');
  });
});

describe('favourites', () => {
  it('needs a session', async () => {
    expect((await get('/api/optional/list')).type).toBe(999);
    expect((await post('/api/optional/add', { symbol: 'BTC/USDT' })).type).toBe(999);
  });

  it('stars and unstars markets by symbol or id, idempotently, and marks them in quotation_new', async () => {
    expect((await post('/api/optional/add', { symbol: 'eth_usdt' }, token)).type).toBe('ok');
    expect((await post('/api/optional/add', { symbol: 'ETH/USDT' }, token)).type).toBe('ok');
    h.clock.advance(1000);
    const q = await get<Array<{ markets: Market[] }>>('/api/currency/quotation_new', token);
    const btcId = q.message[0]!.markets.find((m) => m.symbol === 'BTC/USDT')!.instrument_id;
    expect((await post('/api/optional/add', { instrument_id: btcId }, token)).type).toBe('ok');
    const list = await get<Market[]>('/api/optional/list', token);
    expect(list.message.map((m) => m.symbol)).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(list.message.every((m) => m.favourite)).toBe(true);
    const q2 = await get<Array<{ markets: Market[] }>>('/api/currency/quotation_new', token);
    expect(q2.message[0]!.markets.filter((m) => m.favourite).map((m) => m.symbol).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect((await post('/api/optional/del', { symbol: 'ETH/USDT' }, token)).type).toBe('ok');
    expect((await get<Market[]>('/api/optional/list', token)).message.map((m) => m.symbol)).toEqual(['BTC/USDT']);
  });

  it('refuses unknown markets and missing fields with translated messages', async () => {
    const unknown = await post('/api/optional/add', { symbol: 'NOPE/USDT', lang: 'de' }, token);
    expect(unknown).toMatchObject({ type: 'error', error: 'instrument_not_found', message: 'Markt nicht gefunden' });
    const missing = await post('/api/optional/add', {}, token);
    expect(missing.type).toBe('error');
    expect(missing.error).toBe('field_required');
  });
});

describe('klines', () => {
  it('serves new_timeshar between from and to (seconds) for every period', async () => {
    const now = h.clock.now().getTime();
    const from = Math.floor((now - 3600_000) / 1000);
    const to = Math.floor(now / 1000);
    const body = await get<Array<{ time: number; open: string; close: string }>>(
      `/api/currency/new_timeshar?symbol=${encodeURIComponent('BTC/USDT')}&period=1min&from=${from}&to=${to}`,
    );
    expect(body.type).toBe('ok');
    expect(body.message.length).toBeGreaterThanOrEqual(60);
    expect(body.message[0]!.time).toBeGreaterThanOrEqual(from);
    expect(body.message.at(-1)!.time).toBeLessThanOrEqual(to);
    for (const p of ['5min', '15min', '30min', '1h', '1day', '1week', '1mon', '60min']) {
      const r = await get<unknown[]>(`/api/currency/new_timeshar?symbol=BTC_USDT&period=${p}`);
      expect(r.type, p).toBe('ok');
      expect(r.message.length, p).toBeGreaterThan(0);
    }
  });

  it('serves getKlineData by coin and interval with a limit', async () => {
    const body = await get<unknown[]>('/api/contract/getKlineData?coin=eth&interval=5min&limit=10');
    expect(body.type).toBe('ok');
    expect(body.message).toHaveLength(10);
  });

  it('refuses unknown periods, symbols and reversed ranges', async () => {
    expect((await get('/api/currency/new_timeshar?symbol=BTC/USDT&period=2min')).error).toBe('kline_period_invalid');
    expect((await get('/api/currency/new_timeshar?symbol=XXX/USDT&period=1min')).error).toBe('instrument_not_found');
    expect((await get('/api/currency/new_timeshar?symbol=BTC/USDT&period=1min&from=2000000000&to=1000000000')).error).toBe('kline_range_invalid');
    expect((await get('/api/currency/new_timeshar?symbol=%3Cscript%3E&period=1min')).type).toBe('error');
  });

  it('serves one market with its 24 h statistics', async () => {
    const body = await get<Market>('/api/currency/market_detail?symbol=LTC/USDT', token);
    expect(body.message).toMatchObject({ symbol: 'LTC/USDT', base: 'LTC', favourite: false, source: 'simulated' });
  });
});

describe('console: instruments and feed', () => {
  it('lists instruments and shows the feed status per market', async () => {
    expect((await get('/api/admin/market/instruments')).type).toBe(999);
    const list = await get<Array<{ symbol: string }>>('/api/admin/market/instruments', opToken);
    expect(list.message.map((i) => i.symbol)).toContain('DOGE/USDT');
    const feed = await get<{ markets: Array<{ symbol: string; source: string; last_tick_at: string | null; age_ms: number }> }>(
      '/api/admin/market/feed',
      opToken,
    );
    const btc = feed.message.markets.find((m) => m.symbol === 'BTC/USDT')!;
    expect(btc.source).toBe('simulated');
    expect(btc.last_tick_at).not.toBeNull();
    expect(btc.age_ms).toBeGreaterThanOrEqual(0);
  });

  it('adds a market, refuses a duplicate, edits and suspends it (audited)', async () => {
    const currencies = await get<Array<{ id: number; name: string; subName: string }>>('/api/admin/currencies', opToken);
    const eth = currencies.message.find((c) => c.name === 'ETH')!;
    const btc = currencies.message.find((c) => c.name === 'BTC')!;
    const created = await post<{ id: number; symbol: string; status: number }>(
      '/api/admin/market/instruments',
      { base_currency_id: eth.id, quote_currency_id: btc.id, price_precision: 6, amount_precision: 4, sim_price: '0.034' },
      opToken,
    );
    expect(created.message).toMatchObject({ symbol: 'ETH/BTC', status: 1 });
    const dup = await post('/api/admin/market/instruments', { base_currency_id: eth.id, quote_currency_id: btc.id, price_precision: 6, amount_precision: 4, sim_price: '0.034' }, opToken);
    expect(dup.error).toBe('instrument_exists');
    const bad = await post('/api/admin/market/instruments', { base_currency_id: eth.id, quote_currency_id: btc.id, price_precision: 6, amount_precision: 4, sim_price: '0' }, opToken);
    expect(bad.type).toBe('error');

    let q = await get<Array<{ group: string; markets: Market[] }>>('/api/currency/quotation_new');
    expect(q.message.find((g) => g.group === 'BTC')!.markets[0]!.symbol).toBe('ETH/BTC');

    const id = created.message.id;
    const edited = await post<{ sort: number; status: number }>(`/api/admin/market/instruments/${id}`, { sort: 99, status: 0 }, opToken);
    expect(edited.message).toMatchObject({ sort: 99, status: 0 });
    q = await get('/api/currency/quotation_new');
    expect(q.message.find((g) => g.group === 'BTC')).toBeUndefined();
    expect((await post('/api/optional/add', { symbol: 'ETH/BTC' }, token)).error).toBe('instrument_suspended');
    expect((await get('/api/currency/new_timeshar?symbol=ETH/BTC&period=1min')).error).toBe('instrument_suspended');

    const audit = await get<{ items: Array<{ action: string; target: string }> }>('/api/admin/audit', opToken);
    const actions = audit.message.items.filter((a) => a.target === `instrument:${id}`).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['instrument.create', 'instrument.suspend']));
  });
});
