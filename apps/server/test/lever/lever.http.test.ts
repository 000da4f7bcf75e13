/**
 * The lever API through the real app: markets and policy, preview and open with refusals in the
 * caller's language, stops, lists with live figures, close-all and batch close per position, the
 * FX weekend, and the console (products with their checks, exposure, positions, insurance fund; audited).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LeverCloseResults,
  LeverDeal,
  LeverPosition,
  LeverPositionPage,
  LeverPreview,
} from '@bourse/contract';
import { createSession } from '../../src/modules/sessions';
import { reconcile } from '../../src/modules/ledger';
import { createUser, testApp } from '../helpers';
import { fundLever, setupLever, tick } from './fixture';

type Body<T = unknown> = { type: string | number; code: number; message: T; error?: string };

let h: Awaited<ReturnType<typeof testApp>>;
let token: string;
let opToken: string;
let m: Awaited<ReturnType<typeof setupLever>>;

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  auth?: string,
): Promise<Body<T>> {
  const res = await h.app.inject({ method, url, payload, headers: auth ? { authorization: auth } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body<T>>();
}
const post = <T>(url: string, payload: Record<string, unknown> = {}, auth = token) =>
  call<T>('POST', url, payload, auth);

beforeAll(async () => {
  h = await testApp(); // the clock starts on a Sunday at 08:00 UTC: FX is closed
  m = await setupLever(h.ctx, { insurance: '1000' });
  const userId = await createUser(h.ctx.db);
  token = await createSession(h.ctx, userId, { ip: null, userAgent: null });
  await fundLever(h.ctx, userId, m.usdt.id, '1000');
  opToken = (
    await call<{ token: string }>('POST', '/api/admin/login', {
      username: 'admin',
      password: 'operator-pass-123',
    })
  ).message.token;
  await tick(h.ctx, m.btc, '50000');
  await tick(h.ctx, m.eur, '1.08');
});
afterAll(async () => {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

describe('the trade screen', () => {
  it('lists the markets with their terms, the FX weekend and the policy; signed out without a balance', async () => {
    const anon = await call<LeverDeal>('POST', '/api/lever/deal', {});
    expect(anon.message.balance).toBeNull();
    const btc = anon.message.markets.find((x) => x.symbol === 'BTC/USDT')!;
    expect(btc).toMatchObject({
      group: 'crypto',
      settlement: 'linear',
      market_open: true,
      price: '50000',
      is_demo: true,
      leverages: [1, 2, 5, 10, 20, 50, 100],
    });
    expect(btc.tiers[1]).toEqual({ max_notional: '250000', mmr: '0.005', cum: '50' });
    const eur = anon.message.markets.find((x) => x.symbol === 'EUR/USD')!;
    expect(eur).toMatchObject({ group: 'forex', market_open: false, opens_at: '2026-11-22T22:00:00.000Z' });
    expect(anon.message.markets.find((x) => x.symbol === 'USD/JPY')!.settlement).toBe('quote_inverse');
    expect(anon.message.policy).toMatchObject({
      liquidation: 'bankruptcy_price',
      funding: 'none',
      counterparty: 'house',
      margin_ratio: 'mm_over_mb',
    });
    const signed = await post<LeverDeal>('/api/lever/deal', {
      currency_id: eur.currency_id,
      legal_id: eur.legal_id,
    });
    expect(signed.message.balance).toEqual({ currency: 'USDT', available: '1000', frozen: '0' });
    expect(signed.message.markets[0]!.symbol).toBe('EUR/USD');
  });

  it('previews and opens; refusals come in the caller language and change nothing', async () => {
    const order = { instrument_id: m.btc, type: 1, multiple: 10, number: '0.1' };
    const pre = await post<LeverPreview>('/api/lever/preview', order);
    expect(pre.message).toMatchObject({
      margin: '500',
      fee: '2.5',
      liq_price: '45180.72',
      available: '1000',
    });
    const zh = await post('/api/lever/submit', { ...order, multiple: 7, lang: 'zh' });
    expect(zh).toMatchObject({
      type: 'error',
      error: 'lever_leverage_not_offered',
      message: '请选择提供的杠杆倍数',
    });
    const closed = await post('/api/lever/submit', { ...order, instrument_id: m.eur, number: '1000' });
    expect(closed).toMatchObject({ error: 'lever_market_closed' });
    expect(closed.message).toContain('2026-11-22 22:00 UTC');
    const bad = await post('/api/lever/submit', { ...order, type: 3 });
    expect(bad.type).toBe('error');
    const anon = await call('POST', '/api/lever/submit', order);
    expect(anon.type).toBe(999);
    const opened = await post<LeverPosition>('/api/lever/submit', {
      ...order,
      target_profit_price: '60000',
      client_key: 'http-1',
    });
    expect(opened.message).toMatchObject({
      status: 'open',
      side: 'long',
      target_profit_price: '60000',
      mark_price: '50000',
      upnl: '0',
    });
  });

  it('sets stops, shows live figures, closes one and many with a result each', async () => {
    const a = (
      await post<LeverPosition>('/api/lever/submit', {
        instrument_id: m.btc,
        type: 2,
        multiple: 5,
        number: '0.01',
      })
    ).message;
    const wrong = await post('/api/lever/setstop', { id: a.id, target_profit_price: '51000' });
    expect(wrong.error).toBe('lever_tp_wrong_side');
    const set = await post<LeverPosition>('/api/lever/setstop', {
      id: a.id,
      target_profit_price: '45000',
      stop_loss_price: '52000',
    });
    expect(set.message).toMatchObject({ target_profit_price: '45000', stop_loss_price: '52000' });
    const cleared = await post<LeverPosition>('/api/lever/setstop', { id: a.id, target_profit_price: '' });
    expect(cleared.message).toMatchObject({ target_profit_price: null, stop_loss_price: '52000' });
    h.clock.advance(1000);
    await tick(h.ctx, m.btc, '49000');
    const open = await post<LeverPositionPage>('/api/lever/my_trade', { status: 1 });
    expect(open.message.total).toBe(2);
    const short = open.message.list.find((p) => p.id === a.id)!;
    expect(short).toMatchObject({ mark_price: '49000', upnl: '10', roe: '0.1' });
    expect(Number(short.margin_ratio)).toBeGreaterThan(0);
    const one = await post<LeverPosition>('/api/lever/close', { id: a.id });
    expect(one.message).toMatchObject({ status: 'closed', exit_reason: 'user', pnl: '10' });
    const batch = await post<LeverCloseResults>('/api/lever/batch_close', { ids: `${a.id},999999` });
    expect(batch.message.results.map((r) => r.outcome)).toEqual(['already_closed', 'not_found']);
    const all = await post<LeverCloseResults>('/api/lever/dealall', { type: 0 });
    expect(all.message.closed).toBe(1);
    expect((await post<LeverCloseResults>('/api/lever/dealall', { type: 0 })).message.results).toEqual([]);
    const history = await post<LeverPositionPage>('/api/lever/my_trade', { status: 2 });
    expect(history.message).toMatchObject({ total: 2, has_more: false });
    const detail = await call<LeverPosition>('GET', `/api/lever/detail?id=${a.id}`, undefined, token);
    expect(detail.message.exit_tick_id).not.toBeNull();
  });
});

describe('the console', () => {
  it('edits products with their checks, shows exposure, positions and the insurance fund, and audits', async () => {
    const op = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      call<unknown>(method, url, payload, opToken);
    const products = (await op('GET', '/api/admin/lever/products')).message as Array<{ symbol: string }>;
    expect(products.map((p) => p.symbol)).toEqual(
      expect.arrayContaining(['BTC/USDT', 'EUR/USD', 'USD/JPY', 'XAU/USD']),
    );
    const bad = await op('POST', '/api/admin/lever/products', {
      instrument_id: m.btc,
      leverages: [10],
      fee_rate: '0.001',
      min_qty: '0.001',
      qty_step: '0.001',
      max_position_qty: '1',
      tiers: [
        { max_notional: '1000', mmr: '0.1' },
        { max_notional: null, mmr: '0.2' },
      ],
    });
    expect(bad).toMatchObject({ error: 'lever_product_invalid' });
    const ok = await op('POST', '/api/admin/lever/products', {
      instrument_id: m.btc,
      leverages: [20, 10],
      fee_rate: '0.001',
      min_qty: '0.001',
      qty_step: '0.001',
      max_position_qty: '1',
      tiers: [{ max_notional: null, mmr: '0.01' }],
    });
    expect(ok.message).toMatchObject({ leverages: [10, 20], fee_rate: '0.001' });
    const user = await post<LeverPosition>('/api/lever/submit', {
      instrument_id: m.btc,
      type: 1,
      multiple: 20,
      number: '0.02',
    });
    expect(user.type).toBe('ok');
    const exposure = (await op('GET', '/api/admin/lever/exposure')).message as Array<{
      symbol: string;
      open_positions: number;
      long_qty: string;
    }>;
    expect(exposure.find((e) => e.symbol === 'BTC/USDT')).toMatchObject({
      open_positions: 1,
      long_qty: '0.02',
    });
    const positions = (await op('GET', '/api/admin/lever/positions?status=closed')).message as {
      total: number;
      list: Array<{ user_label: string }>;
    };
    expect(positions.total).toBe(2);
    type Insurance = { funds: Array<{ balance: string }> };
    const before = Number(
      ((await op('GET', '/api/admin/lever/insurance')).message as Insurance).funds[0]!.balance,
    );
    const topUp = { currency_id: m.usdt.id, amount: '250', memo: 'top-up', client_key: 'topup-1' };
    const fund = await op('POST', '/api/admin/lever/insurance/fund', topUp);
    expect(Number((fund.message as Insurance).funds[0]!.balance)).toBe(before + 250);
    // A retry with the same key moves nothing again (and is not audited twice).
    const retried = await op('POST', '/api/admin/lever/insurance/fund', topUp);
    expect(Number((retried.message as Insurance).funds[0]!.balance)).toBe(before + 250);
    const anon = await call('GET', '/api/admin/lever/insurance');
    expect(anon.type).not.toBe('ok');
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'lever.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['lever.insurance_fund', 'lever.product_update']);
  });
});
