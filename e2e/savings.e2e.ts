/**
 * Savings journey in real Chromium (phone size for the user, desktop for the console), on a
 * server started with SAVINGS_DEMO_CLOCK=on: the demo user joins the demo savings product
 * (max button, expected daily income, terms, confirmation), the operator advances the savings
 * engine's clock by two days from the console (which runs accrual, audited), the user sees the
 * income in the records, redeems early after a sheet that shows the penalty, and the record
 * shows the same penalty and refund.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, screenshots } from './session';

// Screenshots for a human look when SAVINGS_SHOTS names a folder.
const shot = screenshots(process.env.SAVINGS_SHOTS, { fullPage: true });

describe('savings in the browser', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await BrowserSession.start({ SAVINGS_DEMO_CLOCK: 'on' });
    await session.loginOperator();
  });

  afterAll(async () => {
    await session?.stop();
  });

  it('join → two days of income on the demo clock → early redemption with the penalty in the records', async () => {
    const products = await session.call<Array<{ id: number; kind: string; is_demo: boolean }>>('GET', '/lh/deposit/config');
    const product = products.find((p) => p.kind === 'savings' && p.is_demo)!;
    expect(products.map((p) => p.kind).sort()).toEqual(['lock', 'machine', 'pledge', 'savings']);

    const app = await session.phone();
    // Records are protected: sign in there.
    await session.signIn(app, { from: '#/pages/mining/record', landing: 'page-savings-record' });
    await app.getByTestId('savings-records-empty').waitFor();

    // The centre: every family, the platform's figures, the user's figures.
    await app.goto(`${session.baseUrl}/#/pages/mining/index`);
    await app.getByTestId('page-savings').waitFor();
    await app.getByTestId(`savings-product-${product.id}`).waitFor();
    expect(await app.locator('[data-testid^="savings-product-"]').count()).toBe(4);
    await app.getByTestId('savings-platform').waitFor();
    await shot(app, 'savings-centre');

    // Join 1000 USDT: expected daily income 1000 × 0.02% = 0.2.
    await app.getByTestId(`join-${product.id}`).click();
    await app.getByTestId('page-savings-join').waitFor();
    await app.getByTestId('join-max').click();
    expect(await app.getByTestId('join-amount').locator('input').inputValue()).toBe('10000');
    await app.getByTestId('join-amount').locator('input').fill('1000');
    await expect.poll(() => app.getByTestId('join-expected').textContent()).toContain('0.20');
    await app.getByTestId('join-terms').waitFor();
    await app.getByTestId('join-agree').click();
    await shot(app, 'savings-join');
    await app.getByTestId('join-submit').click();
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await app.getByTestId('page-savings-record').waitFor();
    const card = app.locator('[data-testid^="savings-order-"][data-status="active"]').first();
    await card.waitFor();
    expect(await card.getByTestId('order-days').textContent()).toBe('0 / 7');

    // The operator moves the savings engine's clock by two days from the console (runs accrual).
    const admin = await session.consolePage('/savings/accrual');
    // 72 h: the join's value date is the next UTC day, so two full days have then been paid.
    await admin.getByTestId('savings-clock-hours').locator('input').fill('72');
    await admin.getByTestId('savings-clock-advance').click();
    await admin.locator('.ant-message-notice', { hasText: 'paid' }).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await session.call<{ offset_ms: number }>('GET', '/admin/savings/clock', {}, session.operator)).offset_ms).toBe(72 * 3600_000);
    const runs = await session.call<{ list: Array<{ product_id: number; status: string; paid_count: number }> }>('GET', '/admin/savings/runs', { product_id: String(product.id) }, session.operator);
    expect(runs.list.filter((r) => r.status === 'paid').length).toBeGreaterThanOrEqual(1);
    await shot(admin, 'savings-console-accrual');

    // The user sees income: two days × 0.2 = 0.4.
    await app.reload();
    await app.getByTestId('page-savings-record').waitFor();
    const active = app.locator('[data-testid^="savings-order-"][data-status="active"]').first();
    await expect.poll(() => active.getByTestId('order-income').textContent()).toBe('0.40 USDT');
    expect(await active.getByTestId('order-days').textContent()).toBe('2 / 7');
    await app.getByTestId('savings-tab-income').click();
    await app.getByTestId('savings-income-row').first().waitFor();
    await shot(app, 'savings-income');
    await app.getByTestId('savings-tab-active').click();

    // Early redemption: the sheet shows the penalty (0.5% of 1000 = 5) and the refund.
    await app.locator('[data-testid^="redeem-"]').first().click();
    await app.getByTestId('redeem-sheet').waitFor();
    await expect.poll(() => app.getByTestId('quote-penalty').textContent()).toBe('-5.00 USDT');
    expect(await app.getByTestId('quote-refund').textContent()).toBe('995.00 USDT');
    await shot(app, 'savings-redeem-sheet');
    await app.getByTestId('redeem-confirm').click();
    await app.locator('.adm-toast-main', { hasText: 'Redeemed' }).first().waitFor({ timeout: 10_000 });
    await app.getByTestId('savings-tab-redeemed').click();
    const redeemed = app.locator('[data-testid^="savings-order-"][data-status="redeemed"]').first();
    await redeemed.waitFor();
    expect(await redeemed.getByTestId('order-penalty').textContent()).toBe('5.00 USDT');
    expect(await redeemed.getByTestId('order-refund').textContent()).toBe('995.00 USDT');
    await shot(app, 'savings-redeemed');

    // Profit statistics (from the centre): the two days of income and the penalty paid.
    await app.goto(`${session.baseUrl}/#/pages/mining/index`);
    await app.getByTestId('savings-profit-link').click();
    await app.getByTestId('page-savings-profit').waitFor();
    await expect.poll(() => app.getByTestId('profit-total').textContent()).toBe('0.40');
    expect(await app.getByTestId('profit-7d').textContent()).toBe('0.40');
    expect(await app.getByTestId('profit-penalties').textContent()).toBe('-5.00 USDT');
    await shot(app, 'savings-profit');
  }, 180_000);

  it('machine lease: the fee is shown as not refunded, no early exit, and the lease ends without a refund (en and zh)', async () => {
    const products = await session.call<Array<{ id: number; kind: string; is_demo: boolean; refund_principal: boolean }>>('GET', '/lh/deposit/config');
    const machine = products.find((p) => p.kind === 'machine' && p.is_demo)!;
    expect(machine.refund_principal).toBe(false);

    const app = await session.phone();
    await session.signIn(app, { from: '#/pages/mining/record', landing: 'page-savings-record' });

    // The product card says it: a lease fee that is not refunded.
    await app.goto(`${session.baseUrl}/#/pages/mining/index`);
    const cardEl = app.getByTestId(`savings-product-${machine.id}`);
    await cardEl.waitFor();
    expect(await cardEl.getByTestId('product-lease-fee').textContent()).toBe('Lease fee — not refunded');
    await cardEl.scrollIntoViewIfNeeded();
    await shot(app, 'lease-centre-en');

    // Join page: the same line in the terms, no early-redemption term; the confirmation says it again.
    await app.getByTestId(`join-${machine.id}`).click();
    await app.getByTestId('page-savings-join').waitFor();
    await app.getByTestId('join-lease-fee').waitFor();
    expect(await app.getByTestId('join-lease-terms').textContent()).toContain('not refunded');
    await app.getByTestId('join-amount').locator('input').fill('100');
    await app.getByTestId('join-agree').click();
    await shot(app, 'lease-join-en');
    await app.getByTestId('join-submit').click();
    const dialog = app.locator('.adm-dialog-content');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('The fee is not refunded');
    await shot(app, 'lease-confirm-en');
    await app.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await app.getByTestId('page-savings-record').waitFor();
    const running = app.locator('[data-testid^="savings-order-"][data-status="active"]', { hasText: 'Lease fee — not refunded' }).first();
    await running.waitFor();
    const orderId = (await running.getAttribute('data-testid'))!.replace('savings-order-', '');
    expect(await app.getByTestId(`redeem-${orderId}`).count()).toBe(0);
    await shot(app, 'lease-running-en');

    // 16 days later (demo clock): 15 days of output, then the lease ends with nothing returned.
    await session.call('POST', '/admin/savings/clock/advance', { hours: 24 * 16 }, session.operator);
    await app.goto(`${session.baseUrl}/#/pages/mining/record?tab=matured`);
    const ended = app.getByTestId(`savings-order-${orderId}`);
    await ended.waitFor();
    expect(await ended.getAttribute('data-status')).toBe('matured');
    expect(await ended.getByTestId('order-status').textContent()).toBe('Ended');
    expect(await ended.getByTestId('order-days').textContent()).toBe('15 / 15');
    expect(await ended.textContent()).not.toContain('Returned at maturity');
    await app.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await shot(app, 'lease-ended-en');

    // The same pages in Chinese.
    await app.evaluate(() => window.localStorage.setItem('lang', 'zh'));
    await app.goto(`${session.baseUrl}/#/pages/mining/index`);
    await app.reload(); // a hash change keeps the document; the stored language is read at start
    await expect.poll(() => app.getByTestId(`savings-product-${machine.id}`).getByTestId('product-lease-fee').textContent()).toBe('租赁费 — 不退还');
    await app.getByTestId(`savings-product-${machine.id}`).scrollIntoViewIfNeeded();
    await shot(app, 'lease-centre-zh');
    await app.goto(`${session.baseUrl}/#/pages/mining/stakingmMining?id=${machine.id}`);
    await app.getByTestId('join-lease-terms').waitFor();
    await shot(app, 'lease-join-zh');
    await app.getByTestId('join-amount').locator('input').fill('100');
    await app.getByTestId('join-agree').click();
    await app.getByTestId('join-submit').click();
    await app.locator('.adm-dialog-content').waitFor();
    expect(await app.locator('.adm-dialog-content').textContent()).toContain('该费用不退还');
    await shot(app, 'lease-confirm-zh');
    await app.locator('.adm-dialog-button', { hasText: '取消' }).click();
    await app.goto(`${session.baseUrl}/#/pages/mining/record?tab=matured`);
    await expect.poll(() => app.getByTestId(`savings-order-${orderId}`).getByTestId('order-status').textContent()).toBe('已结束');
    await shot(app, 'lease-ended-zh');
  }, 180_000);
});
