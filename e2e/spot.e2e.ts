/**
 * Spot trading in real Chromium at phone size against a fresh server (simulated feed and the
 * labelled demo market-making bot): the book fills with quotes, a visitor is asked to log in,
 * the demo user places a limit buy from the book, sees and cancels it, then buys at market and
 * finds the fill with its average price and fee in the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, input as field, screenshotOnFailure } from './session';

describe('spot trading in the web app', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '0' });
    page = await session.phone();
  });

  screenshotOnFailure('spot', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  const input = (id: string) => field(page, id);
  const confirmDialog = async () => page.locator('.adm-dialog-button').last().click();

  it('shows a live book quoted by the labelled demo bot, and asks a visitor to log in', async () => {
    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=spot`);
    await page.getByTestId('spot-view').waitFor();
    await page.getByTestId('book-ask').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('book-bid').first().waitFor();
    expect(await page.getByTestId('book-ask').count()).toBeGreaterThan(3);
    expect(await page.locator('.demo-note').textContent()).toMatch(/demo/i);
    expect((await page.getByTestId('submit-order').textContent())?.trim()).toBe('Log in');
    await page.getByTestId('tab-open').click();
    await page.getByText('Log in to see your orders').waitFor();
    await page.screenshot({ path: '/tmp/spot-visitor.png' });
  });

  it('places a limit buy from the book, lists it and cancels it', async () => {
    await session.signIn(page);
    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=spot&symbol=BTC/USDT`);
    await page.getByTestId('book-bid').first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await page.getByTestId('available').textContent()) ?? '').toContain('USDT');
    // A tap on the book fills the price. The deepest bid shown: a resting buy there does not cross,
    // and the demo flow bot's small market sells do not reach it before the test cancels it.
    await page.getByTestId('book-bid').last().click();
    expect(await input('price-input').inputValue()).toMatch(/^\d+(\.\d+)?$/);
    // More than the balance covers is flagged before sending; typing stops at the market's precision (6 places).
    await input('amount-input').fill('1000.1234567');
    expect(await input('amount-input').inputValue()).toBe('1000.123456');
    await page.getByTestId('insufficient-hint').waitFor();
    await input('amount-input').fill('0.001');
    expect(await page.getByTestId('insufficient-hint').count()).toBe(0);
    await expect.poll(async () => (await page.getByTestId('total').textContent()) ?? '').toContain('USDT');
    await page.getByTestId('submit-order').click();
    await page.locator('.adm-dialog').getByText('0.001 BTC').waitFor();
    await confirmDialog();
    await page.getByText('Order placed').waitFor();
    await page.getByTestId('tab-open').click();
    await page.getByTestId('order-open').first().waitFor();
    await page.screenshot({ path: '/tmp/spot-open-order.png' });
    await page.getByTestId('cancel-order').first().click();
    await confirmDialog();
    await page.getByText('Order cancelled').waitFor();
    await page.getByTestId('empty-pending').waitFor();
    await page.getByTestId('tab-history').click();
    await page.getByTestId('order-cancelled').first().waitFor();
  });

  it('buys at market and shows the fill with its average price and fee', async () => {
    await page.getByTestId('type-market').click();
    await input('amount-input').fill('0.002');
    await page.getByTestId('submit-order').click();
    await confirmDialog();
    await page.getByText('Order filled').waitFor({ timeout: 15_000 });
    await page.getByTestId('tab-history').click();
    const filled = page.getByTestId('order-filled').first();
    await filled.waitFor();
    expect(await filled.textContent()).toMatch(/0\.002 \/ 0\.002/);
    expect(await filled.textContent()).toMatch(/BTC/);
    // Its fills: taker, with the price and the fee.
    await filled.getByTestId('toggle-fills').click();
    const fills = filled.getByTestId('fills');
    await fills.waitFor();
    expect(await fills.textContent()).toMatch(/Taker/);
    expect(await fills.textContent()).toMatch(/Fee 0\.\d+ BTC/);
    await page.getByTestId('tab-trades').click();
    await page.getByTestId('trade-list').waitFor();
    await page.screenshot({ path: '/tmp/spot-history.png', fullPage: true });
  });
});
