/**
 * Mobile web app shell journeys in real Chromium at phone size, against a fresh server with demo
 * data: tab bar, tab switching, language persistence, protected navigation, demo login.
 * Login is rate limited, so this file logs in once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOGIN_REDIRECT_MS } from '@bourse/contract';
import { BrowserSession, submitLogin } from './session';

const TAB_IDS = ['tab-home', 'tab-quotes', 'tab-trade', 'tab-savings', 'tab-assets'] as const;

describe('mobile web app shell', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await BrowserSession.start();
  });

  afterAll(async () => {
    await session?.stop();
  });

  /** A fresh phone-sized browser context (empty localStorage) opened at `hash`. */
  async function openApp(hash = '#/'): Promise<Page> {
    const page = await session.phone();
    await page.goto(`${session.baseUrl}/${hash}`);
    return page;
  }

  it('loads Home with the five-tab bar in order', async () => {
    const page = await openApp();
    await page.getByTestId('page-home').waitFor();
    for (const id of TAB_IDS) expect(await page.getByTestId(id).isVisible(), id).toBe(true);

    // Order: Home, Quotes, Trade, Savings, Assets (left to right).
    const xs: number[] = [];
    for (const id of TAB_IDS) xs.push((await page.getByTestId(id).boundingBox())!.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(await page.getByTestId('tab-home').textContent()).toContain('Home');

    // Site identity and demo labelling come from the server's settings.
    expect((await page.getByTestId('site-name').textContent())?.trim()).toBeTruthy();
    await page.getByTestId('demo-badge').first().waitFor();
    // Shortcuts from /api/menu and currencies from /api/currency/list.
    await page.getByTestId('shortcuts').waitFor();
    await page.getByTestId('currency-list').getByText('USDT').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('switches pages with the tabs (hash and content change)', async () => {
    const page = await openApp();
    await page.getByTestId('page-home').waitFor();

    const steps: Array<[string, string, string]> = [
      ['tab-quotes', '#/pages/quotation/index', 'page-quotes'],
      ['tab-trade', '#/pages/transaction/index', 'page-trade'],
      ['tab-savings', '#/pages/mining/index', 'page-savings'],
      ['tab-home', '#/pages/index/index', 'page-home'],
    ];
    for (const [tab, hash, content] of steps) {
      await page.getByTestId(tab).click();
      await page.getByTestId(content).waitFor();
      expect(new URL(page.url()).hash).toBe(hash);
    }
    // Quotes lists the markets; Trade opens on the contract view and switches to spot.
    await page.getByTestId('tab-quotes').click();
    await page.getByTestId('quote-BTC-USDT').waitFor();
    await page.getByTestId('tab-trade').click();
    await page.getByTestId('contract-view').waitFor();
    await page.locator('.adm-tabs-tab', { hasText: 'Spot' }).click();
    await page.getByTestId('spot-view').waitFor();
    expect(new URL(page.url()).hash).toBe('#/pages/transaction/index?view=spot');
  });

  it('keeps the chosen language (de) across a reload', async () => {
    const page = await openApp();
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('open-language').click();
    await page.getByTestId('page-language').waitFor();
    for (const code of ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'de', 'vn', 'py']) {
      expect(await page.getByTestId(`lang-${code}`).count(), code).toBe(1);
    }
    await page.getByTestId('lang-de').click();
    await page.getByTestId('tab-home').filter({ hasText: 'Start' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('de');

    await page.reload();
    await page.getByTestId('tab-home').waitFor();
    expect((await page.getByTestId('tab-home').textContent())?.trim()).toBe('Start');
    expect((await page.getByTestId('tab-assets').textContent())?.trim()).toBe('Vermögen');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });

  it('sends a visitor opening Assets to the login page after the notice', async () => {
    const page = await openApp('#/pages/fund/assets');
    await page.getByTestId('login-required').waitFor();
    const started = Date.now();
    // The redirect waits LOGIN_REDIRECT_MS on purpose, then loads the login page (a lazy chunk, which
    // takes longer while CI runs other browser tests beside this one).
    await page.getByTestId('page-login').waitFor({ timeout: LOGIN_REDIRECT_MS + 30_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_REDIRECT_MS - 200);
    expect(new URL(page.url()).hash).toBe('#/pages/common/login');
  });

  it('logs the demo user in and shows Assets with a USDT balance', async () => {
    const page = await openApp('#/pages/fund/assets');
    await page.getByTestId('page-login').waitFor({ timeout: LOGIN_REDIRECT_MS + 10_000 });

    // Demo mode advertises the demo account, labelled as demo data.
    const demo = page.getByTestId('demo-account');
    await demo.waitFor();
    expect(await demo.textContent()).toContain('demo@example.com');

    await submitLogin(page);

    // Back on the page the visitor asked for.
    await page.getByTestId('page-assets').waitFor();
    expect(new URL(page.url()).hash).toBe('#/pages/fund/assets');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    const usdt = page.getByTestId('balance-USDT').first();
    await usdt.waitFor();
    const available = (await usdt.getByTestId('available').textContent())?.trim() ?? '';
    expect(available).toMatch(/^[\d,]+(\.\d+)?$/);
    expect(available).not.toMatch(/^0(\.0+)?$/);
  });
});
