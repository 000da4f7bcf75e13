/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call -- the test reads loosely typed JSON envelopes */
/**
 * Savings through the real app: the console creates a product and funds the yield pool, a user
 * joins (and meets the validation errors in their language), accrual runs from the console,
 * records list subscriptions and incomes, early redemption shows the same penalty in the quote
 * and the record, the newer pledge/machine aliases, visitors, other users, the demo clock, the
 * audit trail, and the books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile, ledger } from '../../src/modules/ledger';
import { listCurrencies } from '../../src/modules/market';
import { demoClock, loadDemoClock } from '../../src/modules/savings/clock';
import { dayOf } from '../../src/modules/savings/rules';
import { createUser, loginToken, testApp } from '../helpers';

let h: Awaited<ReturnType<typeof testApp>>;
let admin: string;
let usdtId: number;
type Body = { type: string | number; message: any; error?: string };

/** Operator sessions idle out after 2 h, so tests that move the clock by days sign in again. */
async function adminLogin() {
  const res = await h.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.8.0.1', payload: { username: 'admin', password: 'operator-pass-123' } });
  admin = res.json<{ message: { token: string } }>().message.token;
}

beforeAll(async () => {
  h = await testApp({ demoData: false });
  await adminLogin();
  usdtId = (await listCurrencies(h.ctx.db)).find((c) => c.name === 'USDT' && c.sub_name === 'ERC20')!.id;
});
afterAll(async () => {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

async function call(method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token?: string): Promise<Body> {
  const headers = token ? { authorization: token } : {};
  const res =
    method === 'GET'
      ? await h.app.inject({ method, url, query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])), headers })
      : await h.app.inject({ method, url, payload, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Body>();
}

async function userWith(amount: bigint): Promise<{ id: number; token: string }> {
  const id = await createUser(h.ctx.db, 'password123');
  await h.ctx.db.transaction().execute(async (trx) => {
    const from = await ledger.systemAccount(trx, 'external', usdtId);
    const to = await ledger.userAccount(trx, id, usdtId, 2);
    await ledger.transfer(trx, from, to, amount, { kind: 'test_credit' }, h.clock.now());
  });
  const row = await h.ctx.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, token: await loginToken(h.app, row.email!, 'password123') };
}

const product = (over: Record<string, unknown> = {}) => ({
  kind: 'savings',
  names: { en: 'Test savings', zh: '测试储蓄' },
  currency_id: 0,
  term_days: 10,
  rate_mode: 'fixed',
  daily_rate: '0.001',
  min_amount: '10',
  max_amount: '5000',
  total_quota: '100000',
  start_time: '2026-11-01T00:00:00Z',
  end_time: '2027-11-01T00:00:00Z',
  penalty_rate: '0.01',
  early_redeem: true,
  forfeit_income: false,
  payout: 'account',
  ...over,
});

let productId: number;
let pledgeId: number;

describe('console', () => {
  it('creates products, validates them, and funds the yield pool through the journal', async () => {
    const bad = await call('POST', '/api/admin/savings/products', product({ currency_id: usdtId, daily_rate: 'abc' }), admin);
    expect(bad.error).toBe('savings_product_invalid');
    const created = await call('POST', '/api/admin/savings/products', product({ currency_id: usdtId }), admin);
    expect(created.type).toBe('ok');
    productId = created.message.id;
    const pledge = await call('POST', '/api/admin/savings/products', product({ currency_id: usdtId, kind: 'pledge', names: { en: 'Test pledge' }, payout: 'compound' }), admin);
    pledgeId = pledge.message.id;
    const list = await call('GET', '/api/admin/savings/products', {}, admin);
    expect(list.message.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([productId, pledgeId]));

    const funded = await call('POST', '/api/admin/savings/pools/fund', { currency_id: usdtId, amount: '1000' }, admin);
    expect(funded.message.find((p: { currency_id: number }) => p.currency_id === usdtId).yield_pool).toBe('1000');
    const entry = await h.ctx.db.selectFrom('journal_entries').select('kind').where('kind', '=', 'savings_pool_fund').executeTakeFirst();
    expect(entry).toBeTruthy();
    // A user cannot reach the console API.
    const u = await userWith(1n);
    expect((await call('GET', '/api/admin/savings/products', {}, u.token)).type).toBe(999);
  });
});

describe('user journey', () => {
  let user: { id: number; token: string };
  let orderId: string;

  it('lists products with the window status and shows platform figures to visitors', async () => {
    const list = await call('GET', '/api/lh/deposit/config', { lang: 'zh' });
    const p = list.message.find((x: { id: number }) => x.id === productId);
    expect(p).toMatchObject({ name: '测试储蓄', window_status: 1, term_days: 10, daily_rate: '0.001', min_amount: '10', remaining_quota: '100000' });
    const pledges = await call('GET', '/api/pledge/getProductList');
    expect(pledges.message.map((x: { id: number }) => x.id)).toEqual([pledgeId]);
    const centre = await call('GET', '/api/mining');
    expect(centre.message.user).toBeNull();
    expect(centre.message.platform).toMatchObject({ participants: 0, valid_nodes: 0 });
    expect((await call('POST', '/api/lh/deposit', { config_id: productId, amount: '10' })).type).toBe(999);
  });

  it('joins with validation errors in the caller language', async () => {
    user = await userWith(2_000_000_000n); // 2000 USDT
    const low = await call('POST', '/api/lh/deposit', { config_id: productId, amount: '5', lang: 'en' }, user.token);
    expect(low).toMatchObject({ type: 'error', error: 'savings_amount_below_min' });
    expect(low.message).toContain('10');
    const poor = await call('POST', '/api/lh/deposit', { config_id: productId, amount: '3000' }, user.token);
    expect(poor.error).toBe('insufficient_balance');
    const ok = await call('POST', '/api/lh/deposit', { config_id: productId, amount: '1000', idempotency_key: 'join-1' }, user.token);
    expect(ok.type).toBe('ok');
    expect(ok.message).toMatchObject({ principal: '1000', status: 'active', term_days: 10, days_paid: 0 });
    orderId = ok.message.id;
    const again = await call('POST', '/api/v1/deposit/add', { config_id: productId, amount: '1000', idempotency_key: 'join-1' }, user.token);
    expect(again.message.id).toBe(orderId);
    const pledge = await call('POST', '/api/pledge/trusteeshipProduct', { product_id: pledgeId, amount: '100' }, user.token);
    expect(pledge.message.kind).toBe('pledge');
    const detail = await call('GET', `/api/lh/deposit/config/${productId}`, {}, user.token);
    expect(detail.message).toMatchObject({ available: '900', my_active: '1000' });
    const centre = await call('GET', '/api/mining', {}, user.token);
    expect(centre.message.user).toEqual([expect.objectContaining({ currency_id: usdtId, saving: '1100', accumulated_income: '0' })]);
    expect(centre.message.platform).toMatchObject({ participants: 1, valid_nodes: 2 });
    // Record filters name the field in the caller's language, not by its wire name.
    const badStatus = await call('GET', '/api/lh/deposit/order', { status: 'bogus', lang: 'de' }, user.token);
    expect(badStatus).toMatchObject({ type: 'error', error: 'field_invalid' });
    expect(badStatus.message).toContain('Status');
    const badOrder = await call('POST', '/api/lh/deposit/income', { order_id: 'x', lang: 'zh' }, user.token);
    expect(badOrder.message).toContain('订单');
  });

  it('pays income on the console run and lists it in the records', async () => {
    const start = dayOf(h.clock.now()) + 1;
    h.clock.set(new Date((start + 2) * 86_400_000 + 3600_000));
    await adminLogin();
    const run = await call('POST', '/api/admin/savings/runs', {}, admin);
    expect(run.message).toMatchObject({ paid: 4, stalled: [], matured: 0 });
    const runs = await call('GET', '/api/admin/savings/runs', { product_id: productId }, admin);
    expect(runs.message.list[0]).toMatchObject({ status: 'paid', paid_count: 1, total_paid: '1' });
    const incomes = await call('POST', '/api/Mining/exchangeList', { page: 1 }, user.token);
    expect(incomes.message.total).toBe(4);
    expect(incomes.message.limit).toBe(20);
    const mine = incomes.message.list.filter((r: { subscription_id: string }) => r.subscription_id === orderId);
    expect(mine.map((r: { amount: string }) => r.amount)).toEqual(['1', '1']);
    const centre = await call('GET', '/api/mining', {}, user.token);
    expect(centre.message.user[0].yesterday_income).toBe('1.1001');
    const active = await call('GET', '/api/lh/deposit/order', { status: 'active' }, user.token);
    expect(active.message.list.find((o: { id: string }) => o.id === orderId)).toMatchObject({ income: '2', days_paid: 2 });
  });

  it('redeems early with the quoted penalty, and another user cannot', async () => {
    const other = await userWith(1n);
    expect((await call('POST', '/api/lh/deposit/order/quote', { id: orderId }, other.token)).error).toBe('savings_order_not_found');
    expect((await call('POST', '/api/lh/deposit/order/cancel', { id: orderId }, other.token)).error).toBe('savings_order_not_found');
    const quote = await call('POST', '/api/lh/deposit/order/quote', { id: orderId }, user.token);
    expect(quote.message).toMatchObject({ principal: '1000', penalty: '10', forfeited: '0', refund: '990' });
    const stale = await call('POST', '/api/lh/deposit/order/cancel', { id: orderId, expected_refund: '1000' }, user.token);
    expect(stale.error).toBe('savings_quote_changed');
    const done = await call('POST', '/api/lh/deposit/order/cancel', { id: orderId, expected_refund: quote.message.refund }, user.token);
    expect(done.message).toMatchObject({ status: 'redeemed', penalty: '10', refund: '990' });
    const redeemed = await call('GET', '/api/lh/deposit/order', { status: 'redeemed' }, user.token);
    expect(redeemed.message.list).toEqual([expect.objectContaining({ id: orderId, penalty: '10', refund: '990' })]);
    expect((await call('POST', '/api/lh/deposit/order/cancel', { id: orderId }, user.token)).error).toBe('savings_order_not_active');
  });

  it('sums the profit statistics per currency, family and day, with the penalty paid', async () => {
    expect((await call('GET', '/api/lh/deposit/profit')).type).toBe(999);
    const stats = await call('GET', '/api/lh/deposit/profit', {}, user.token);
    const [usdt, ...rest] = stats.message.currencies;
    expect(rest).toEqual([]);
    // Savings: 2 days × 1000 × 0.001 = 2; pledge (compounding): 0.1 + 100.1 × 0.001 = 0.2001.
    expect(usdt).toMatchObject({ currency_id: usdtId, total: '2.2001', payments: 4, yesterday: '1.1001', last_7_days: '2.2001', last_30_days: '2.2001', penalties: '10', forfeited: '0', lease_fees: '0' });
    expect(usdt.by_kind).toEqual([
      { kind: 'savings', total: '2' },
      { kind: 'lock', total: '0' },
      { kind: 'pledge', total: '0.2001' },
      { kind: 'machine', total: '0' },
    ]);
    expect(usdt.daily).toHaveLength(30);
    expect(usdt.daily.slice(-2).map((d: { amount: string }) => d.amount)).toEqual(['1.1', '1.1001']);
    expect(usdt.daily.at(-1).date).toBe(new Date((dayOf(h.clock.now()) - 1) * 86_400_000).toISOString().slice(0, 10));
    const nobody = await userWith(1n);
    expect((await call('GET', '/api/lh/deposit/profit', {}, nobody.token)).message.currencies).toEqual([]);
  });

  it('shows the realized rates of a product, and joins through the older /Mining/exchange call', async () => {
    const detail = await call('GET', `/api/lh/deposit/config/${productId}`, {}, user.token);
    const start = dayOf(h.clock.now()) - 2;
    expect(detail.message.realized_rates).toEqual([
      { date: new Date((start + 1) * 86_400_000).toISOString().slice(0, 10), rate: '0.001', status: 'paid' },
      { date: new Date(start * 86_400_000).toISOString().slice(0, 10), rate: '0.001', status: 'paid' },
    ]);
    const joined = await call('POST', '/api/Mining/exchange', { comno_id: productId, money: '50' }, user.token);
    expect(joined.message).toMatchObject({ product_id: productId, principal: '50', status: 'active' });
    const done = await call('POST', '/api/lh/deposit/order/cancel', { id: joined.message.id, expected_refund: '49.5' }, user.token);
    expect(done.message).toMatchObject({ status: 'redeemed', penalty: '0.5', refund: '49.5' });
  });

  it('keeps the sold terms fixed but lets operators change the quota', async () => {
    const changed = await call('POST', `/api/admin/savings/products/${productId}`, product({ currency_id: usdtId, daily_rate: '0.0001' }), admin);
    expect(changed.error).toBe('savings_product_invalid');
    const quota = await call('POST', `/api/admin/savings/products/${productId}`, product({ currency_id: usdtId, total_quota: '200000' }), admin);
    expect(quota.type).toBe('ok');
    const list = await call('GET', '/api/lh/deposit/config');
    expect(list.message.find((x: { id: number }) => x.id === productId).total_quota).toBe('200000');
  });

  it('closes a window from the console', async () => {
    await call('POST', `/api/admin/savings/products/${productId}/status`, { open: false }, admin);
    const list = await call('GET', '/api/lh/deposit/config');
    expect(list.message.find((x: { id: number }) => x.id === productId).window_status).toBe(0);
    expect((await call('POST', '/api/lh/deposit', { config_id: productId, amount: '10' }, user.token)).error).toBe('savings_product_closed');
    await call('POST', `/api/admin/savings/products/${productId}/status`, { open: true }, admin);
  });

  it('reads yes/no fields sent as text the way they are written ("false" is no)', async () => {
    const created = await call('POST', '/api/admin/savings/products', product({ currency_id: usdtId, early_redeem: 'false', forfeit_income: 'true' }), admin);
    const id = created.message.id as number;
    const view = (await call('GET', '/api/admin/savings/products', {}, admin)).message.find((x: { id: number }) => x.id === id);
    expect(view.early_redeem).toBe(false);
    expect(view.forfeit_income).toBe(true);
    await call('POST', `/api/admin/savings/products/${id}/status`, { open: 'false' }, admin);
    expect((await call('GET', '/api/lh/deposit/config')).message.find((x: { id: number }) => x.id === id).window_status).toBe(0);
    expect((await call('POST', `/api/admin/savings/products/${id}/status`, { open: 'maybe' }, admin)).type).toBe('error');
  });

  it('moves the demo clock only when SAVINGS_DEMO_CLOCK is on, audited', async () => {
    expect((await call('POST', '/api/admin/savings/clock/advance', { hours: 24 }, admin)).error).toBe('savings_demo_clock_off');
    h.ctx.config.savings.demoClock = true;
    try {
      const before = await call('GET', '/api/admin/savings/clock', {}, admin);
      expect(before.message).toMatchObject({ enabled: true, offset_ms: 0 });
      const moved = await call('POST', '/api/admin/savings/clock/advance', { hours: 48 }, admin);
      expect(moved.message.offset_ms).toBe(48 * 3600_000);
      expect(moved.message.accrual.paid).toBe(2); // the pledge: two more days
      // The offset is stored: a restarted process resumes from it rather than going back in time.
      const clock = demoClock(h.ctx)!;
      clock.offsetMs = 0;
      await loadDemoClock(h.ctx);
      expect(clock.offsetMs).toBe(48 * 3600_000);
    } finally {
      h.ctx.config.savings.demoClock = false;
    }
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'savings.%').execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['savings.product_create', 'savings.pool_fund', 'savings.accrual_run', 'savings.product_close', 'savings.demo_clock_advance']),
    );
  });
});

describe('machine lease through the app (prepaid fee, nothing refunded)', () => {
  it('creates a lease in the console, joins it, refuses early exit in the caller language, and ends without a refund', async () => {
    await adminLogin();
    const lease = { kind: 'machine', names: { en: 'Lease 3 d', zh: '矿机 3天' }, currency_id: usdtId, term_days: 3, early_redeem: 'false', penalty_rate: '0', refund_principal: 'false' };
    const bad = await call('POST', '/api/admin/savings/products', product({ ...lease, early_redeem: true }), admin);
    expect(bad).toMatchObject({ type: 'error', error: 'savings_product_invalid' });
    const created = await call('POST', '/api/admin/savings/products', product(lease), admin);
    const id = created.message.id as number;
    const view = (await call('GET', '/api/machine/getProductList')).message.find((x: { id: number }) => x.id === id);
    expect(view).toMatchObject({ kind: 'machine', refund_principal: false, early_redeem: false });

    const user = await userWith(1_000_000_000n); // 1000 USDT
    const joined = await call('POST', '/api/machine/leaseProduct', { product_id: id, amount: '200' }, user.token);
    expect(joined.message).toMatchObject({ kind: 'machine', principal: '200', refund_principal: false, early_redeem: false, status: 'active' });
    const orderId = joined.message.id as string;
    const zh = await call('POST', '/api/lh/deposit/order/quote', { id: orderId, lang: 'zh' }, user.token);
    expect(zh).toMatchObject({ type: 'error', error: 'savings_lease_not_refundable' });
    expect(zh.message).toContain('不予退还');
    const en = await call('POST', '/api/lh/deposit/order/cancel', { id: orderId, expected_refund: '200', lang: 'en' }, user.token);
    expect(en).toMatchObject({ type: 'error', error: 'savings_lease_not_refundable' });
    expect(en.message).toContain('nothing is refunded');
    const pools = (await call('GET', '/api/admin/savings/pools', {}, admin)).message.find((p: { currency_id: number }) => p.currency_id === usdtId);
    expect(Number(pools.savings_revenue)).toBeGreaterThanOrEqual(200);

    const start = dayOf(h.clock.now()) + 1;
    h.clock.set(new Date((start + 3) * 86_400_000 + 3600_000));
    await adminLogin();
    await call('POST', '/api/admin/savings/runs', {}, admin);
    const ended = (await call('GET', '/api/machine/getOrderList', { status: 'matured' }, user.token)).message.list.find((o: { id: string }) => o.id === orderId);
    // 3 days × 200 × 0.001 = 0.6 output; the 200 fee is not returned.
    expect(ended).toMatchObject({ status: 'matured', income: '0.6', refund: '0', refund_principal: false, days_paid: 3 });
    const acct = await h.ctx.db.transaction().execute((trx) => ledger.userAccount(trx, user.id, usdtId, 2));
    const bal = await h.ctx.db.selectFrom('accounts').select('available').where('id', '=', acct).executeTakeFirstOrThrow();
    expect(BigInt(bal.available)).toBe(800_600_000n);
    // Profit statistics read the output against the fee spent on it.
    const [stats] = (await call('GET', '/api/lh/deposit/profit', {}, user.token)).message.currencies;
    expect(stats).toMatchObject({ currency_id: usdtId, total: '0.6', lease_fees: '200' });
  });
});
