/**
 * Timed up/down contracts in real Chromium at phone size: the demo user transfers USDT into the
 * contract account (asset centre's transfer page), places an Up order with the shortest expiry
 * on the Trade tab, watches the countdown and the result pop-up, and finds the order under
 * historical orders with the exact tick it was settled against. An operator first adds a 10 s
 * expiry to BTC/USDT through the console API, so the journey stays short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, input as field, screenshotOnFailure, screenshots, setContractExpiries, submitLogin } from './session';

const screenshot = screenshots(process.env.E2E_SHOTS, { prefix: 'contracts-' });

describe('contract trading in the web app', () => {
  let session: BrowserSession;
  let page: Page;
  let btcProduct: number;
  let btcMarket: number;

  const input = (id: string) => field(page, id);
  const shot = (name: string) => screenshot(page, name);

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '1' });
    await session.loginOperator();
    const btc = await setContractExpiries(session.call, session.operator, 'BTC/USDT', [
      { seconds: 10, payout_rate: '0.75' },
      { seconds: 30, payout_rate: '0.8' },
      { seconds: 60, payout_rate: '0.85' },
    ]);
    btcProduct = btc.product_id;
    btcMarket = btc.instrument_id;
    page = await session.phone();
    // The server's start (demo data, chart backfill) can take the harness's full 150 s on a busy machine.
  }, 240_000);

  screenshotOnFailure('contracts', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  it('asks a visitor to log in before trading', async () => {
    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=contract&symbol=BTC/USDT`);
    await page.getByTestId('contract-view').waitFor();
    await page.getByTestId('simulated-prices').waitFor();
    await page.getByTestId('contract-up').click();
    await page.getByTestId('page-login').waitFor({ timeout: 15_000 });
  });

  it('transfers into the contract account, places an Up order, sees the countdown and the result', async () => {
    await submitLogin(page);
    await page.getByTestId('page-home').waitFor();

    // Asset centre: exchange account → contract account (the page defaults to these two).
    await page.goto(`${session.baseUrl}/#/pages/fund/transfer`);
    await page.getByTestId('page-transfer').waitFor();
    await input('transfer-amount').fill('500');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').waitFor();
    await page.locator('.adm-dialog-button').last().click();
    await page.getByText(/success/i).first().waitFor({ timeout: 10_000 });

    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=contract&symbol=BTC/USDT`);
    await page.getByTestId('contract-view').waitFor();
    await expect.poll(async () => (await page.getByTestId('contract-balance').textContent()) ?? '', { timeout: 30_000 }).toContain('500');
    await page.getByTestId('contract-last').filter({ hasText: /\d/ }).waitFor();
    await shot('trade');

    await page.getByTestId('contract-up').click();
    await page.getByTestId('order-sheet').waitFor();
    await page.getByTestId('expiry-10').click();
    expect(await page.getByTestId('expiry-10').getAttribute('aria-checked')).toBe('true');
    await input('order-amount').fill('100');
    // 100 × 0.75 = 75, fee 2 % of 75 = 1.5.
    await expect.poll(async () => page.getByTestId('expected-profit').textContent()).toBe('+73.5');
    expect(await page.getByTestId('expected-fee').textContent()).toBe('1.5');
    await shot('sheet');
    await page.getByTestId('order-confirm').click();

    const active = page.getByTestId('active-order');
    await active.waitFor();
    await expect.poll(async () => (await page.getByTestId('countdown').textContent()) ?? '').toMatch(/\d/);
    // The P&L at the live price while it runs: a win nets 73.5, a loss costs the 100, a draw 0.
    await expect.poll(async () => (await page.getByTestId('active-pnl').textContent()) ?? '', { timeout: 15_000 }).toMatch(/^(\+73\.5|-100|0)$/);
    await shot('countdown');
    const orderId = await active.getAttribute('data-order-id');
    expect(orderId).toMatch(/^\d+$/);

    // Expiry after 10 s; the first tick at or after it settles the order within about a second.
    const popup = page.getByTestId('result-popup');
    await popup.waitFor({ timeout: 30_000 });
    const status = (await popup.getByTestId('order-status').textContent()) ?? '';
    expect(status).toMatch(/Won|Lost|Draw/);
    expect(await popup.getByTestId('result-open').textContent()).toMatch(/^\d+(\.\d+)?$/);
    expect(await popup.getByTestId('result-close').textContent()).toMatch(/^\d+(\.\d+)?$/);
    await shot('result');
    await page.getByTestId('result-ok').click();

    // Historical orders list the order; its detail names the settlement tick.
    await page.getByTestId('my-orders').click();
    await page.getByTestId('page-contract-orders').waitFor();
    await page.getByTestId('tab-history').click();
    const card = page.getByTestId(`order-${orderId}`);
    await card.waitFor();
    await shot('history');
    await card.click();
    await page.getByTestId('page-contract-detail').waitFor();
    await expect.poll(async () => (await page.getByTestId('detail-close-tick').textContent()) ?? '').toMatch(/^#\d+ · /);
    const result = await session.call<{ close_tick_id: string; status: string }>('GET', `/microtrade/get_result?id=${orderId}`, undefined, await page.evaluate(() => localStorage.getItem('token') ?? ''));
    expect(await page.getByTestId('detail-close-tick').textContent()).toContain(`#${result.close_tick_id}`);
    await shot('detail');
  });

  it('shows empty states, pages my orders 5 at a time, and disables Up/Down while the market is suspended', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const lists: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/microtrade/lists')) lists.push(r.url());
    });
    await page.goto(`${session.baseUrl}/#/pages/transaction/contract_order?tab=holding`);
    await page.getByTestId('page-contract-orders').waitFor();
    await page.getByTestId('orders-empty').waitFor();

    // Six holding orders (60 s): the list shows the first five, the sixth after scrolling.
    const payable = await session.call<Array<{ currency_id: number; balance: string | null }>>('GET', '/microtrade/payable_currencies', undefined, token);
    const usdt = payable.find((c) => Number(c.balance ?? '0') >= 60)!;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const o = await session.call<{ id: string }>('POST', '/microtrade/submit', { match_id: btcMarket, currency_id: usdt.currency_id, type: i % 2 === 0 ? 1 : 2, seconds: 60, number: '10' }, token);
      ids.push(o.id);
    }
    lists.length = 0;
    await page.reload();
    await page.getByTestId('order-list').waitFor();
    await page.getByTestId(`order-${ids[5]}`).waitFor();
    expect(lists[0]).toContain('limit=5');
    await page.getByTestId('no-more').scrollIntoViewIfNeeded();
    await page.getByTestId(`order-${ids[0]}`).waitFor();
    await page.getByTestId('no-more').waitFor();
    expect(await page.locator('.contract-card').count()).toBe(6);
    expect(lists.some((u) => u.includes('page=2'))).toBe(true);

    // Suspended for new orders: a notice, and both buttons disabled; resumed, they work again.
    await session.call('POST', `/admin/contracts/products/${btcProduct}/status`, { status: 0 }, session.operator);
    try {
      await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=contract&symbol=BTC/USDT`);
      await page.reload();
      await page.getByTestId('contract-suspended').waitFor();
      expect(await page.getByTestId('contract-up').isDisabled()).toBe(true);
      expect(await page.getByTestId('contract-down').isDisabled()).toBe(true);
      await shot('suspended');
    } finally {
      await session.call('POST', `/admin/contracts/products/${btcProduct}/status`, { status: 1 }, session.operator);
    }
    await page.reload();
    await page.getByTestId('contract-view').waitFor();
    await expect.poll(async () => page.getByTestId('contract-up').isDisabled(), { timeout: 15_000 }).toBe(false);
  });
});
