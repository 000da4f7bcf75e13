/**
 * Asset centre journey in real Chromium (phone size for the user, desktop for the console):
 * demo deposit (console) → transfer → exchange → withdrawal request with a mailed code →
 * operator approves, marks sent, completes → the user sees "Completed" with the hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, coinId, screenshots, toast } from './session';

// Screenshots for a human look when ASSETS_SHOTS names a folder.
const SHOTS = process.env.ASSETS_SHOTS;
const shot = screenshots(SHOTS, { fullPage: true });

describe('asset centre in the browser', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await BrowserSession.start();
    await session.loginOperator();
  });

  afterAll(async () => {
    await session?.stop();
  });

  it('demo deposit → transfer → exchange → withdrawal → operator approves → user sees completed', async () => {
    const app = await session.phone();
    const token = await session.signIn(app, { from: '#/pages/fund/assets', landing: 'page-assets' });
    expect(token).toBeTruthy();
    const me = await session.call<{ id: number }>('GET', '/user/info', {}, token!);
    const usdt = await coinId(session.call, token!, 'USDT', 'ERC20');
    // Deposits, withdrawals and exchange use the Spot ("change") account.
    await app.locator('.adm-tabs-tab', { hasText: 'Spot' }).click();
    const usdtRow = app.getByTestId('balance-USDT').first();
    await usdtRow.waitFor();
    expect((await usdtRow.getByTestId('available').textContent())?.trim()).toBe('10,000.00');
    await shot(app, '01-assets');

    // 1. Demo deposit from the console (demo data on, demo user).
    const deposits = await session.consolePage('/assets/deposits');
    await deposits.getByTestId('demo-user').fill(String(me.id));
    await deposits.getByTestId('demo-currency').click();
    await deposits.locator('.ant-select-item-option', { hasText: 'USDT ERC20' }).click();
    await deposits.getByTestId('demo-amount').fill('100');
    await deposits.getByTestId('demo-submit').click();
    await deposits.locator('.ant-message-notice', { hasText: 'credited' }).waitFor();
    await app.reload();
    await app.locator('.adm-tabs-tab', { hasText: 'Spot' }).click();
    await app
      .getByTestId('balance-USDT')
      .first()
      .getByTestId('available')
      .filter({ hasText: '10,100.00' })
      .waitFor();

    // 2. Transfer 40 USDT from Spot to Seconds, with the confirmation dialog.
    await app.getByTestId('action-transfer').click();
    await app.getByTestId('page-transfer').waitFor();
    await app.getByTestId('transfer-available').filter({ hasText: '10,100' }).waitFor();
    await app.getByTestId('transfer-amount').locator('input').fill('40');
    await app.getByTestId('transfer-submit').click();
    await app.getByTestId('transfer-confirm').waitFor();
    await shot(app, '02-transfer-confirm');
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'Transfer successful');
    await app.getByTestId('transfer-available').filter({ hasText: '10,060' }).waitFor();

    // 3. Exchange 100 USDT for ETH at a quoted price.
    await app.goto(`${session.baseUrl}/#/pages/fund/exchange`);
    await app.getByTestId('page-exchange').waitFor();
    await app.getByTestId('exchange-amount').locator('input').fill('100');
    await app.getByTestId('exchange-receive').waitFor({ timeout: 15_000 });
    await shot(app, '03-exchange');
    await app.getByTestId('exchange-submit').click();
    await app.getByTestId('exchange-confirm').waitFor();
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'Exchange successful');

    // 4. Withdraw 50 USDT to an address from the book, with the mailed code.
    await session.call(
      'POST',
      '/user/wallet/save',
      { currency: 'USDT-ERC20', name: 'Cold wallet', address: '0x' + '5'.repeat(40) },
      token!,
    );
    await app.goto(`${session.baseUrl}/#/pages/fund/withdraw?currency=${usdt}`);
    await app.getByTestId('page-withdraw').waitFor();
    await app.getByTestId('withdraw-submit').click();
    await toast(app, 'Please select a withdrawal address');
    await app.getByTestId('withdraw-address').click();
    await app.getByTestId('address-option').first().click();
    await app.getByTestId('withdraw-amount').locator('input').fill('50');
    await app.getByTestId('withdraw-receive').filter({ hasText: '49' }).waitFor();
    await app.getByTestId('withdraw-send-code').click();
    await toast(app, 'Code sent');
    const outbox = await session.call<{ items: Array<{ target: string; body: string }> }>(
      'GET',
      '/admin/outbox',
      { page: '1', limit: '20' },
      session.operator,
    );
    const code = /\b(\d{6})\b/.exec(outbox.items.find((m) => m.target === 'demo@example.com')!.body)![1]!;
    await app.getByTestId('withdraw-code').locator('input').fill(code);
    await shot(app, '04-withdraw');
    await app.getByTestId('withdraw-submit').click();
    await app.getByTestId('withdraw-confirm').waitFor();
    expect(await app.getByTestId('withdraw-confirm').textContent()).toContain('49');
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await toast(app, 'Withdrawal submitted');
    await app
      .getByTestId('withdrawal-item')
      .first()
      .getByTestId('status-tag')
      .filter({ hasText: 'Under review' })
      .waitFor();

    // 5. The operator approves, records the hash, completes.
    const review = await session.consolePage('/assets/withdrawals');
    const id = (await session.call<{ data: Array<{ id: number }> }>('GET', '/user/withdraw/list', {}, token!))
      .data[0]!.id;
    await review.getByTestId(`approve-${id}`).click();
    await review.locator('.ant-message-notice', { hasText: 'approved' }).waitFor();
    await review.locator('.ant-segmented-item', { hasText: 'approved' }).first().click();
    await review.getByTestId(`sent-${id}`).click();
    const hash = '0x' + 'ab12'.repeat(16);
    await review.getByTestId('sent-hash').fill(hash);
    await review.getByTestId('sent-confirm').click();
    await review.locator('.ant-message-notice', { hasText: 'marked sent' }).waitFor();
    await review.locator('.ant-segmented-item', { hasText: 'sent' }).first().click();
    await review.getByTestId(`complete-${id}`).click();
    await review.locator('.ant-message-notice', { hasText: 'completed' }).waitFor();

    // 6. The user sees it completed with the hash in the records.
    await app.goto(`${session.baseUrl}/#/pages/fund/assets_all_record?tab=withdrawals`);
    await app.getByTestId('page-records').waitFor();
    const first = app.getByTestId('record-item').first();
    await first.getByTestId('status-tag').filter({ hasText: 'Completed' }).waitFor();
    await first.click();
    await app.getByTestId('withdrawal-detail').waitFor();
    expect(await app.getByTestId('tx-hash').textContent()).toContain(hash.slice(0, 10));
    await shot(app, '05-withdrawal-completed');

    // Every journal line, 10 a page, ends with "No more data".
    await app.goto(`${session.baseUrl}/#/pages/fund/assets_all_record?tab=all`);
    await app.getByTestId('record-item').first().waitFor();
    for (
      let i = 0;
      i < 10 && !(await app.getByTestId('no-more').filter({ hasText: 'No more data' }).isVisible());
      i++
    ) {
      await app.mouse.wheel(0, 4000);
      await app.waitForTimeout(300);
    }
    await app.getByTestId('no-more').filter({ hasText: 'No more data' }).waitFor();
    expect(await app.getByTestId('record-item').count()).toBeGreaterThan(10);
    await shot(app, '06-records');

    // The books balance on the liabilities page.
    const liabilities = await session.consolePage('/assets/liabilities');
    await liabilities.getByTestId('liability-balanced').first().waitFor();
    expect(await liabilities.getByTestId('liability-balanced').filter({ hasText: 'NOT' }).count()).toBe(0);
    if (SHOTS) await liabilities.screenshot({ path: `${SHOTS}/07-liabilities.png` });
  });

  it('BANKCARD: the bank-card channel instead of an address; withdrawal to the bound card', async () => {
    const app = await session.phone();
    const token = (await session.signIn(app, { from: '#/pages/fund/assets', landing: 'page-assets' }))!;
    await app.goto(`${session.baseUrl}/#/pages/fund/select?to=recharge`);
    await app.getByTestId('coin-BANKCARD').click();
    // The receiving account the operator set (demo data: "Demo Bank"), and the proof form; no address.
    await app.getByTestId('bank-channel').filter({ hasText: 'Demo Bank' }).waitFor();
    await app.getByTestId('manual-deposit').waitFor();
    expect(await app.getByTestId('deposit-address-card').count()).toBe(0);
    await shot(app, '08-bankcard-recharge');

    const bank = await coinId(session.call, token, 'BANKCARD');
    await app.goto(`${session.baseUrl}/#/pages/fund/withdraw?currency=${bank}`);
    await app.getByTestId('withdraw-bind-card').waitFor();
    expect(await app.getByTestId('withdraw-address').count()).toBe(0);
    await session.call(
      'POST',
      '/user/cash_save',
      { real_name: 'Demo User', bank_name: 'Harbour Bank', bank_account: '6222029876543210' },
      token,
    );
    await app.reload();
    const card = app.getByTestId('withdraw-card-text');
    await card.filter({ hasText: '6222****3210' }).waitFor();
    await shot(app, '09-bankcard-withdraw');
  });
});
