/**
 * Defects found from outside (issue 20), in real Chromium at phone size:
 * - item 7: offline, a 429 and a 5xx are told in the user's language with a way to try again —
 *   Quotes never keeps its skeleton, a transfer's Confirm never does nothing;
 * - item 11: transfer, exchange, spot and withdrawal check the amount (minimum, balance) before a
 *   code is sent or a confirmation opens;
 * - item 12: a Holding contract counts down, shows its P&L at the live price, and turns into its
 *   result when it settles, without leaving the tab;
 * - item 13: Buy/Sell on a market page open the spot order form with that side chosen; the up/down
 *   contract screen has its own entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { BrowserSession, coinId, screenshotOnFailure, screenshots, setContractExpiries, toast } from './session';

const shot = screenshots(process.env.E2E_SHOTS, { prefix: 'defects-' });

describe('defects found from outside', () => {
  let session: BrowserSession;
  let token = '';
  let usdt = 0;
  let page: Page | undefined;

  /** A phone-size page; signed in as the demo user (through the login form) unless `visitor`. */
  async function phone(visitor = false): Promise<Page> {
    page = await session.phone();
    if (!visitor) await session.signIn(page);
    return page;
  }

  beforeAll(async () => {
    session = await BrowserSession.start();
    await session.loginOperator();
    token = await session.demoToken();
    usdt = await coinId(session.call, token, 'USDT', 'ERC20');
  }, 240_000);

  screenshotOnFailure('defects', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  it('item 7: offline, Quotes shows "network problem" with a retry instead of an endless skeleton, and recovers', async () => {
    const app = await phone(true);
    // Hold the first quotation request, go offline, then let it fail as a dropped connection:
    // TanStack Query's default would pause the retry while offline and keep the skeleton for ever.
    const held: { route?: Route } = {};
    await app.route('**/api/currency/quotation_new**', (route) => {
      if (held.route) void route.continue();
      else held.route = route;
    });
    await app.goto(`${session.baseUrl}/#/pages/quotation/index`);
    await app.getByTestId('page-quotes').waitFor();
    await expect.poll(() => held.route !== undefined, { timeout: 20_000 }).toBe(true);
    await app.context().setOffline(true);
    await held.route!.abort('internetdisconnected');
    const error = app.getByTestId('quotes-error');
    await error.filter({ hasText: 'Network problem' }).waitFor({ timeout: 15_000 });
    expect(await app.locator('.list-skeleton').count()).toBe(0);
    await shot(app, 'quotes-offline');

    await app.unroute('**/api/currency/quotation_new**');
    await app.context().setOffline(false);
    // Back online the list loads (on reconnect, or with the retry button).
    const retry = app.getByTestId('quotes-error-retry');
    if (await retry.isVisible()) await retry.click().catch(() => undefined);
    await app.getByTestId('quote-list').waitFor({ timeout: 20_000 });
  });

  it('item 7: a 429 on Quotes says "too many requests"; Retry brings the list', async () => {
    const app = await phone(true);
    await app.route('**/api/currency/quotation_new**', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: '{}' }));
    await app.goto(`${session.baseUrl}/#/pages/quotation/index`);
    const error = app.getByTestId('quotes-error');
    await error.filter({ hasText: 'Too many requests' }).waitFor({ timeout: 15_000 });
    await shot(app, 'quotes-429');
    await app.unroute('**/api/currency/quotation_new**');
    await app.getByTestId('quotes-error-retry').click();
    await app.getByTestId('quote-list').waitFor({ timeout: 15_000 });
  });

  it('item 7: a transfer refused with a 5xx or sent offline is told, and goes through when tried again', async () => {
    const app = await phone();
    await app.goto(`${session.baseUrl}/#/pages/fund/transfer`);
    await app.getByTestId('page-transfer').waitFor();
    await app.getByTestId('transfer-available').filter({ hasText: /[1-9]/ }).waitFor({ timeout: 15_000 });
    await app.getByTestId('transfer-amount').locator('input').fill('3');

    await app.route('**/api/wallet/change', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }));
    await app.getByTestId('transfer-submit').click();
    await app.getByTestId('transfer-confirm').waitFor();
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'temporarily unavailable');
    await shot(app, 'transfer-503');
    await app.unroute('**/api/wallet/change');

    await app.context().setOffline(true);
    await app.getByTestId('transfer-submit').click();
    await app.getByTestId('transfer-confirm').waitFor();
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'Network problem');
    await app.context().setOffline(false);

    await app.getByTestId('transfer-submit').click();
    await app.getByTestId('transfer-confirm').waitFor();
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'Transfer successful');
  });

  it('item 11: transfer, exchange and spot refuse money the user does not have before any confirmation', async () => {
    const app = await phone();
    await app.goto(`${session.baseUrl}/#/pages/fund/transfer`);
    await app.getByTestId('transfer-available').filter({ hasText: /[1-9]/ }).waitFor({ timeout: 15_000 });
    await app.getByTestId('transfer-amount').locator('input').fill('99999999');
    await app.getByTestId('transfer-problem').filter({ hasText: 'Insufficient balance' }).waitFor();
    await app.getByTestId('transfer-submit').click();
    await toast(app, 'Insufficient balance');
    expect(await app.getByTestId('transfer-confirm').count()).toBe(0);
    await shot(app, 'transfer-insufficient');

    await app.goto(`${session.baseUrl}/#/pages/fund/exchange`);
    await app.getByTestId('page-exchange').waitFor();
    await app.getByTestId('exchange-amount').locator('input').fill('99999999');
    await app.getByTestId('exchange-problem').filter({ hasText: 'Insufficient balance' }).waitFor({ timeout: 15_000 });
    await app.getByTestId('exchange-submit').click();
    await toast(app, 'Insufficient balance');
    expect(await app.getByTestId('exchange-confirm').count()).toBe(0);

    await app.goto(`${session.baseUrl}/#/pages/transaction/index?view=spot&symbol=BTC/USDT&side=buy`);
    await app.getByTestId('spot-view').waitFor();
    await app.getByTestId('available').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
    await app.getByTestId('price-input').locator('input').fill('1000000');
    await app.getByTestId('amount-input').locator('input').fill('100');
    await app.getByTestId('submit-order').click();
    await toast(app, 'Insufficient balance');
    expect(await app.locator('.adm-dialog').count()).toBe(0);
  });

  it('item 11: a withdrawal below the minimum or above the balance is refused before a code is sent', async () => {
    const cfg = await session.call<{ currencies: Array<{ currency: { id: number }; config: Record<string, unknown> }> }>('GET', '/admin/assets/config', {}, session.operator);
    const current = cfg.currencies.find((c) => c.currency.id === usdt)!.config;
    await session.call('POST', `/admin/assets/config/${usdt}`, { ...current, currency_id: undefined, withdraw_min: '20', withdraw_max: '0' }, session.operator);
    await session.call('POST', '/user/wallet/save', { currency: 'USDT-ERC20', name: 'Check wallet', address: '0x' + '7'.repeat(40) }, token).catch((err: Error) => {
      if (!err.message.includes('address_exists')) throw err; // the test's second attempt
    });
    const app = await phone();
    const codeRequests: string[] = [];
    app.on('request', (r) => {
      if (r.url().includes('/api/sms_mail')) codeRequests.push(r.url());
    });
    await app.goto(`${session.baseUrl}/#/pages/fund/withdraw?currency=${usdt}`);
    await app.getByTestId('page-withdraw').waitFor();
    await app.getByTestId('withdraw-address').click();
    await app.getByTestId('address-option').first().click();
    await app.getByTestId('withdraw-amount').locator('input').fill('5');
    await app.getByTestId('withdraw-problem').filter({ hasText: 'The minimum is 20 USDT' }).waitFor();
    await app.getByTestId('withdraw-send-code').click();
    await toast(app, 'The minimum is 20 USDT');
    await shot(app, 'withdraw-minimum');
    await app.getByTestId('withdraw-amount').locator('input').fill('99999999');
    await app.getByTestId('withdraw-send-code').click();
    await toast(app, 'Insufficient balance');
    await app.getByTestId('withdraw-submit').click();
    expect(await app.getByTestId('withdraw-confirm').count()).toBe(0);
    expect(codeRequests).toEqual([]);
  });

  it('item 12: a holding contract counts down, shows live P&L and turns into its result without leaving the tab', async () => {
    // A 10 s expiry on BTC/USDT (console API), so the order settles within the test.
    const btc = await setContractExpiries(session.call, session.operator, 'BTC/USDT', [
      { seconds: 10, payout_rate: '0.75' },
      { seconds: 60, payout_rate: '0.85' },
    ]);
    await session.call('POST', '/wallet/change', { currency_id: usdt, number: '100', from_field: 'change', to_field: 'micro' }, token);
    const payable = await session.call<Array<{ currency_id: number; balance: string | null }>>('GET', '/microtrade/payable_currencies', { match_id: String(btc.instrument_id) }, token);
    const pay = payable.find((c) => Number(c.balance ?? '0') >= 10)!;

    const app = await phone();
    await app.goto(`${session.baseUrl}/#/pages/transaction/contract_order?tab=holding`);
    await app.getByTestId('page-contract-orders').waitFor();
    const order = await session.call<{ id: string }>('POST', '/microtrade/submit', { match_id: btc.instrument_id, currency_id: pay.currency_id, type: 1, seconds: 10, number: '10' }, token);
    await app.reload();
    const card = app.getByTestId(`order-${order.id}`);
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('order-status').textContent()).toBe('Open');
    await expect.poll(async () => (await card.getByTestId('order-countdown').textContent()) ?? '').toMatch(/^Settles in \d+ s$/);
    // The P&L at the live price: +7.35 (win), -10 (loss) or 0 (draw).
    await expect.poll(async () => (await card.getByTestId('order-live-pnl').textContent()) ?? '', { timeout: 15_000 }).toMatch(/^(\+7\.35|-10|0)$/);
    await shot(app, 'holding-live');

    // Settlement arrives on the socket: the card shows the result, still on the Holding tab.
    await card.getByTestId('order-status').filter({ hasText: /Won|Lost|Draw/ }).waitFor({ timeout: 40_000 });
    expect(await card.getByTestId('order-countdown').count()).toBe(0);
    expect(await card.getByTestId('order-profit').textContent()).toMatch(/^(\+7\.35|-10|0)$/);
    expect(await app.getByTestId('tab-holding').locator('..').getAttribute('class')).toContain('active');
    await shot(app, 'holding-settled');
  });

  it('item 13: Buy and Sell on a market page open the spot form with that side; the contract screen has its own entry', async () => {
    const app = await phone(true);
    await app.goto(`${session.baseUrl}/#/pages/quotation/detail?symbol=BTC/USDT`);
    await app.getByTestId('page-market').waitFor();
    await app.getByTestId('market-sell').click();
    await app.getByTestId('spot-view').waitFor();
    expect(decodeURIComponent(new URL(app.url()).hash)).toBe('#/pages/transaction/index?view=spot&symbol=BTC/USDT&side=sell');
    expect(await app.getByTestId('side-sell').getAttribute('class')).toContain('active');
    expect((await app.getByTestId('market-switch').textContent()) ?? '').toContain('BTC/USDT');
    await shot(app, 'market-sell-spot');

    await app.goBack();
    await app.getByTestId('page-market').waitFor();
    await app.getByTestId('market-buy').click();
    await app.getByTestId('spot-view').waitFor();
    expect(await app.getByTestId('side-buy').getAttribute('class')).toContain('active');

    await app.goBack();
    await app.getByTestId('market-contract').click();
    await app.getByTestId('contract-view').waitFor();
    expect(decodeURIComponent(new URL(app.url()).hash)).toContain('view=contract&symbol=BTC/USDT');
  });
});
