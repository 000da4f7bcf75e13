/**
 * Market journeys in real Chromium at phone size against a fresh server with the simulated feed
 * (2 days of history to keep start-up light): the Quotes list with live prices, search, sort,
 * favourites (visitor → login → star), market detail with the candle chart, period switch, 24 h
 * statistics, fiat conversion and the way into trading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, screenshotOnFailure, submitLogin } from './session';

describe('market data in the web app', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '2' });
    page = await session.phone();
  });

  screenshotOnFailure('market', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  const rowSymbols = () =>
    page.$$eval('[data-testid=quote-list] .quote-row', (rows) =>
      rows.map((r) => r.getAttribute('data-symbol') ?? ''),
    );

  it('lists every market with live prices, labelled as simulated demo prices', async () => {
    await page.goto(`${session.baseUrl}/#/pages/quotation/index`);
    await page.getByTestId('quote-list').waitFor();
    expect(await rowSymbols()).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'LTC/USDT',
      'SOL/USDT',
      'XRP/USDT',
      'DOGE/USDT',
      'EUR/USD',
      'GBP/USD',
      'XAU/USD',
      'USD/JPY',
    ]);
    await page.getByTestId('simulated-prices').waitFor();
    const last = page.getByTestId('quote-BTC-USDT').getByTestId('quote-last');
    const first = (await last.textContent())!.trim();
    expect(first).toMatch(/^\d+\.\d{2}$/);
    const box = await page.getByTestId('quote-BTC-USDT').boundingBox();
    // The simulated feed ticks about once a second; the row updates in place.
    await page.waitForFunction(
      (before) =>
        document
          .querySelector('[data-testid=quote-BTC-USDT] [data-testid=quote-last]')
          ?.textContent?.trim() !== before,
      first,
      { timeout: 15_000 },
    );
    expect(await page.getByTestId('quote-BTC-USDT').boundingBox()).toEqual(box);
    const change = await page.getByTestId('quote-BTC-USDT').locator('.change').getAttribute('class');
    expect(change).toMatch(/change-(up|down|flat)/);
  });

  it('searches and sorts', async () => {
    await page.getByTestId('quotes-search').locator('input').fill('eth');
    await expect.poll(rowSymbols).toEqual(['ETH/USDT']);
    await page.getByTestId('quotes-search').locator('input').fill('zzz');
    await page.getByTestId('quotes-empty').waitFor();
    await page.getByTestId('quotes-search').locator('input').fill('');
    await page.getByTestId('sort-price').click();
    expect((await rowSymbols())[0]).toBe('BTC/USDT');
    expect((await rowSymbols()).at(-1)).toBe('DOGE/USDT');
    await page.getByTestId('sort-price').click(); // ascending
    expect((await rowSymbols())[0]).toBe('DOGE/USDT');
    await page.getByTestId('sort-change').click();
    const changes = await page.$$eval('[data-testid=quote-list] .quote-row .change', (els) =>
      els.map((e) => e.textContent ?? ''),
    );
    const values = changes.map((c) => Number(c.replace('%', '')));
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('asks a visitor to log in before starring, then keeps favourites', async () => {
    await page.getByTestId('quotes-tab-favourites').click();
    await page.getByTestId('favourites-login').waitFor();
    await page.getByTestId('quotes-tab-all').click();
    await page.getByTestId('quote-LTC-USDT').getByTestId('star').click();
    await page.getByTestId('page-login').waitFor({ timeout: 20_000 });
    await submitLogin(page);
    await page.waitForFunction(() => Boolean(window.localStorage.getItem('token')));
    // After signing in the app returns to Home; then open Quotes afresh.
    await page.waitForFunction(() => !window.location.hash.includes('login'));
    await page.goto(`${session.baseUrl}/#/pages/quotation/index`);
    await page.reload();
    await page.getByTestId('quote-list').waitFor();
    await page.getByTestId('quote-LTC-USDT').getByTestId('star').click();
    await expect
      .poll(() => page.getByTestId('quote-LTC-USDT').getByTestId('star').getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByTestId('quotes-tab-favourites').click();
    await expect.poll(rowSymbols).toEqual(['LTC/USDT']);
    // Stored on the server: a reload still shows it.
    await page.reload();
    await page.getByTestId('quotes-tab-favourites').click();
    await expect.poll(rowSymbols).toEqual(['LTC/USDT']);
    await page.getByTestId('quotes-tab-all').click();
  });

  it('opens a market with a live candle chart, period switch, 24 h stats, fiat price and trade buttons', async () => {
    await page.getByTestId('quote-BTC-USDT').locator('.quote-main').click();
    await page.getByTestId('page-market').waitFor();
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#/pages/quotation/detail?symbol=BTC/USDT');
    await page.locator('[data-testid=candle-chart][data-state=ready]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=candle-chart] canvas').count()).toBeGreaterThan(0);
    expect((await page.getByTestId('stat-high').textContent())!).toMatch(/\d+\.\d{2}/);
    expect((await page.getByTestId('stat-volume').textContent())!).toMatch(/BTC/);
    expect((await page.getByTestId('market-fiat').textContent())!.trim()).toMatch(/^≈\$[\d,]+\.\d{2}$/);
    await page.getByTestId('simulated-prices').waitFor();

    for (const p of ['1h', '1day', '1min']) {
      await page.getByTestId(`period-${p}`).click();
      expect(await page.getByTestId(`period-${p}`).getAttribute('aria-selected')).toBe('true');
      await page.locator('[data-testid=candle-chart][data-state=ready]').waitFor({ timeout: 20_000 });
    }

    // The chosen fiat converts the price (CNY rate from the bundled table).
    await page.getByTestId('fiat-picker').first().click();
    await page.getByTestId('fiat-CNY').click();
    await expect
      .poll(async () => (await page.getByTestId('market-fiat').textContent())!.trim())
      .toMatch(/^≈¥[\d,]+\.\d{2}$/);

    // Buy opens the spot order form for this market with Buy chosen (not the up/down contract screen).
    await page.getByTestId('market-buy').click();
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).hash))
      .toBe('#/pages/transaction/index?view=spot&symbol=BTC/USDT&side=buy');
    await page.getByTestId('spot-view').waitFor();
  });
});
