/**
 * Text, layout, accessibility and search details in real Chromium at phone size (issue 20,
 * items 17 and 18): the served page lets people zoom and describes itself in its language; no
 * Chinese labels on English screens; toasts wrap whole words above the form; the register form's
 * terms open without losing what was typed; a bad nickname is explained, not thrown; Home's
 * currencies carry values; tiles without a link are not dressed as buttons; the profit statistics
 * page shows counted figures; Japanese readers get Japanese demo content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, PHONE, input, seedStorage } from './session';
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

describe('polish', () => {
  let session: BrowserSession;
  let token = '';
  const errors: string[] = [];

  beforeAll(async () => {
    session = await BrowserSession.start();
    token = await session.demoToken();
  });

  afterAll(async () => {
    await session?.stop();
  });

  async function newPage(lang: string, signedIn = false): Promise<Page> {
    const context = await session.newContext(PHONE);
    await seedStorage(context, signedIn ? { lang, token } : { lang });
    await context.addCookies([{ name: 'lang', value: lang, url: session.baseUrl }]);
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    return page;
  }

  it('serves a zoomable page with a description in its language', async () => {
    const en = await (await fetch(`${session.baseUrl}/`)).text();
    const viewport = /<meta name="viewport" content="([^"]*)"/.exec(en)?.[1] ?? '';
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*no|maximum-scale/);
    const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(description(en)).toMatch(/^Bourse: live crypto prices/);
    expect(en.match(/name="description"/g)).toHaveLength(1);
    const jp = await (await fetch(`${session.baseUrl}/`, { headers: { cookie: 'lang=jp' } })).text();
    expect(jp).toContain('<html lang="ja"');
    expect(description(jp)).toMatch(CJK);
    expect(description(jp)).toContain('Bourse');
  });

  it('labels controls in the UI language, not in Chinese', async () => {
    const page = await newPage('en');
    for (const path of [
      '/',
      '/pages/common/login',
      '/pages/common/register',
      '/pages/quotation/index',
      '/pages/common/common_problem',
    ]) {
      await page.goto(`${session.baseUrl}/#${path}`);
      await page.waitForLoadState('networkidle');
      const labels = await page
        .locator('[aria-label]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      expect(
        labels.filter((l) => CJK.test(l)),
        path,
      ).toEqual([]);
    }
    // A control that only antd-mobile labels: the clear button of the invitation code field.
    await page.goto(`${session.baseUrl}/#/pages/common/register`);
    await input(page, 'register-invite').fill('ABC');
    expect(await page.locator('.adm-input-clear').getAttribute('aria-label')).toBe('clear');
  });

  it('shows a toast with whole words at the top, clear of the field it is about', async () => {
    const page = await newPage('en');
    await page.goto(`${session.baseUrl}/#/pages/common/register`);
    await input(page, 'register-account').fill('not-an-email');
    await page.getByTestId('register-send-code').click();
    const toast = page.locator('.adm-toast-main');
    await toast.waitFor();
    const style = await toast.evaluate((el) => ({
      wordBreak: getComputedStyle(el).wordBreak,
      overflowWrap: getComputedStyle(el).overflowWrap,
    }));
    expect(style).toEqual({ wordBreak: 'normal', overflowWrap: 'anywhere' });
    const t = (await toast.boundingBox())!;
    const field = (await page.getByTestId('register-account').boundingBox())!;
    expect(t.y + t.height).toBeLessThanOrEqual(field.y);
    // Each line break falls between words: the text's words are all whole in the rendered lines.
    const lines = await toast.evaluate((el) => {
      const range = document.createRange();
      const text = el.textContent ?? '';
      const node = el.querySelector('.adm-auto-center-content')?.firstChild ?? el.firstChild;
      if (!node) return [text];
      const chars = node.textContent ?? '';
      const out: string[] = [];
      let line = '';
      let top = -1;
      for (let i = 0; i < chars.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const y = Math.round(range.getBoundingClientRect().top);
        if (y !== top && line) {
          out.push(line);
          line = '';
        }
        top = y;
        line += chars[i];
      }
      out.push(line);
      return out;
    });
    for (const line of lines.slice(0, -1)) expect(line, JSON.stringify(lines)).toMatch(/\s$/);
  });

  it('opens the terms and the privacy policy over the register form, keeping what was typed', async () => {
    const page = await newPage('en');
    await page.goto(`${session.baseUrl}/#/pages/common/register`);
    await input(page, 'register-account').fill('reader@example.com');
    const terms = page.getByTestId('register-terms-link');
    expect(await terms.textContent()).toBe('Terms of Service');
    expect(await terms.getAttribute('href')).toBe('#/pages/common/terms');
    await terms.click();
    await page.getByTestId('legal-sheet-terms').getByText('1. The service').waitFor();
    await page.getByTestId('legal-sheet-close').click();
    await page.getByTestId('legal-sheet-terms').waitFor({ state: 'detached' });
    await page.getByTestId('register-privacy-link').click();
    await page.getByTestId('legal-sheet-privacy').getByText('What we collect').waitFor();
    await page.getByTestId('legal-sheet-close').click();
    expect(await input(page, 'register-account').inputValue()).toBe('reader@example.com');
    // Reading the terms did not tick the box.
    expect(await page.getByTestId('register-agree').locator('input').isChecked()).toBe(false);
    expect(page.url()).toContain('/pages/common/register');
  });

  it('explains a refused nickname and keeps the dialog open, then saves a good one', async () => {
    const page = await newPage('en', true);
    await page.goto(`${session.baseUrl}/#/pages/setting/account`);
    await page.getByTestId('edit-nickname').click();
    const confirm = page.locator('.adm-dialog-button', { hasText: 'Confirm' });
    // Checked as it is typed: the reason shows under the field and Confirm waits for a good name.
    await input(page, 'nickname-input').fill('<b>x</b>');
    expect(await page.getByTestId('nickname-error').textContent()).toBe('The nickname cannot contain < or >');
    expect(await confirm.isDisabled()).toBe(true);
    await input(page, 'nickname-input').fill('x');
    expect(await page.getByTestId('nickname-error').textContent()).toBe(
      'The nickname must be 2–24 characters',
    );
    await input(page, 'nickname-input').fill('Moon Trader');
    expect(await page.getByTestId('nickname-error').textContent()).toBe('');
    await confirm.click();
    await page.getByTestId('account-nickname').getByText('Moon Trader').waitFor();
    await page.locator('.adm-dialog').waitFor({ state: 'hidden' });
  });

  it('shows each currency with its value on Home, and partner names without a tile', async () => {
    const page = await newPage('en');
    await page.goto(`${session.baseUrl}/#/`);
    const btc = page.getByTestId('currency-value-BTC');
    await btc.waitFor();
    expect(await btc.textContent()).toMatch(/^≈\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await page.getByTestId('currency-value-USDT').first().textContent()).toBe('≈$1.00');
    const partners = page.getByTestId('partners');
    await partners.getByText('Demo Partner A').waitFor();
    // Demo entries have no address: plain names, neither links nor bordered tiles.
    expect(await partners.locator('a').count()).toBe(0);
    expect(
      await partners
        .getByTestId('link-name')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
    ).toBe('none');
  });

  it('fills the profit statistics page with counted figures and the way to your own', async () => {
    const page = await newPage('en');
    await page.goto(`${session.baseUrl}/#/pages/common/profit`);
    await page.getByTestId('profit-platform').waitFor();
    expect(await page.getByTestId('profit-participants').textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('profit-active').textContent()).toMatch(/^\d+$/);
    expect(await page.getByTestId('profit-income-paid').textContent()).toBeTruthy();
    expect(await page.getByTestId('profit-mine-open').textContent()).toBe('Log in');
  });

  it('shows the demo banners and notices in Japanese to a Japanese reader', async () => {
    const page = await newPage('jp');
    await page.goto(`${session.baseUrl}/#/`);
    const banners = page.getByTestId('banners');
    await banners.waitFor();
    const titles = await banners.locator('.banner-title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(CJK);
    expect(errors).toEqual([]);
  });
});
