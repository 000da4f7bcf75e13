/**
 * Home, content and messages in real Chromium at phone size (375x812) against a fresh server with
 * demo data: banners and live prices on Home, an article published in the console shown in the
 * reader's language, a stored-XSS attempt rendered inert, the popup notice shown once, and the
 * inbox with its unread badge. The API and static files share one per-IP rate limit, so page
 * loads are kept few (in-app navigation where possible) and tokens come from the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, PHONE } from './session';

const ANNOUNCEMENTS = 40;

describe('home, content and messages', () => {
  let session: BrowserSession;

  async function publish(input: {
    category_id: number;
    is_popup?: boolean;
    translations: Array<{ lang: string; title: string; body?: string }>;
  }) {
    return session.call<{ id: number }>(
      'POST',
      '/admin/content/items',
      { status: 'published', publish_at: null, cover: '', link_url: '', sort: 0, is_popup: false, ...input },
      session.operator,
    );
  }

  beforeAll(async () => {
    session = await BrowserSession.start();
    await session.loginOperator();
  });

  afterAll(async () => {
    await session?.stop();
  });

  /** A fresh phone-sized context; `storage` is written before the app starts. */
  async function openApp(hash: string, storage: Record<string, string> = {}): Promise<Page> {
    const context = await session.newContext(PHONE);
    await context.addInitScript((entries: Record<string, string>) => {
      if (window.sessionStorage.getItem('__seeded')) return;
      window.sessionStorage.setItem('__seeded', '1');
      window.localStorage.setItem('h5Version', '1');
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, storage);
    const page = await context.newPage();
    await page.goto(`${session.baseUrl}/${hash}`);
    return page;
  }

  it('renders Home with banners, the notice bar and live market prices', async () => {
    const page = await openApp('#/');
    await page.getByTestId('page-home').waitFor();

    // Banners with their covers, the scrolling bar (20 s a pass), partners and media.
    const banners = page.getByTestId('banners');
    await banners.waitFor();
    expect(await banners.locator('.banner-slide').count()).toBe(2);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="banners"] img');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
    const notice = page.getByTestId('notice-text');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Welcome to the Bourse demo');
    expect(await notice.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('20s');
    await page.getByTestId('partners').getByText('Demo Partner A').waitFor();
    await page.getByTestId('media').waitFor();
    await page.getByTestId('shortcut-service').waitFor();
    // The demo has no popup notice.
    expect(await page.getByTestId('popup-notice').count()).toBe(0);

    // Top markets from /currency/quotation_new, then live ticks over the socket.
    const markets = page.getByTestId('top-markets');
    await markets.waitFor();
    const btc = markets.getByTestId('market-BTC-USDT');
    await btc.waitFor();
    expect(await btc.getByTestId('market-last').textContent()).toMatch(/^\d[\d.]*$/);
    await btc.locator('[data-live="1"]').waitFor({ timeout: 15_000 });
    const first = await btc.getByTestId('market-last').textContent();
    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="market-BTC-USDT"] [data-testid="market-last"]')?.textContent !==
        before,
      first,
      { timeout: 20_000 },
    );
  });

  it('shows a newly published popup notice once per notice', async () => {
    const page = await openApp('#/');
    await page.getByTestId('banners').waitFor();
    expect(await page.getByTestId('popup-notice').count()).toBe(0);

    const { id } = await publish({
      category_id: ANNOUNCEMENTS,
      is_popup: true,
      translations: [{ lang: 'en', title: 'Trading competition opens', body: '<p>Join before Friday.</p>' }],
    });
    await page.reload();
    const popup = page.getByTestId('popup-notice');
    await popup.filter({ hasText: 'Trading competition opens' }).waitFor();
    expect(await popup.textContent()).toContain('Join before Friday.');
    // On screen where the reader is (at the top of Home), not centred on the whole page's height.
    const box = (await popup.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // Not closed yet, so not seen: a reload shows it again.
    await page.reload();
    await popup.filter({ hasText: 'Trading competition opens' }).waitFor();
    await page.getByTestId('popup-close').click();
    await popup.waitFor({ state: 'detached' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('seen_notices'))) ?? '[]')).toEqual([
      id,
    ]);

    // Not again after a reload…
    await page.reload();
    await page.getByTestId('banners').waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByTestId('popup-notice').count()).toBe(0);

    // …but the next one shows, and "View details" opens it.
    await publish({
      category_id: ANNOUNCEMENTS,
      is_popup: true,
      translations: [{ lang: 'en', title: 'Second popup notice' }],
    });
    await page.reload();
    await popup.filter({ hasText: 'Second popup notice' }).waitFor();
    await page.getByTestId('popup-view').click();
    await page.getByTestId('article-title').filter({ hasText: 'Second popup notice' }).waitFor();
  });

  it('publishes an article in the console and shows it in the reader language (English fallback)', async () => {
    const console_ = await session.consolePage('/content');
    await console_.getByTestId('content-new').click();
    await console_.getByTestId('editor-category').click();
    await console_.locator('.ant-select-item-option', { hasText: 'Announcements' }).click();
    await console_.getByTestId('editor-title-en').fill('Staking rewards doubled');
    await console_.getByTestId('editor-body-en').fill('<p>Rewards are <b>doubled</b> this week.</p>');
    await console_.getByTestId('editor-tab-zh').click();
    await console_.getByTestId('editor-title-zh').fill('质押奖励翻倍');
    await console_.getByTestId('editor-body-zh').fill('<p>本周奖励<b>翻倍</b>。</p>');
    await console_.getByTestId('editor-preview-zh').click();
    await console_.getByTestId('editor-preview').getByText('翻倍').first().waitFor();
    await console_.getByTestId('editor-save').click();
    await console_.getByTestId('content-table').getByText('Staking rewards doubled').waitFor();

    // Chinese reader: the Chinese version.
    const zh = await openApp('#/pages/common/announcement', {
      lang: 'zh',
      seen_notices: '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25]',
    });
    await zh.getByTestId('content-list').getByText('质押奖励翻倍').click();
    await zh.getByTestId('article-title').filter({ hasText: '质押奖励翻倍' }).waitFor();
    expect(await zh.getByTestId('article-body').innerHTML()).toBe('<p>本周奖励<b>翻倍</b>。</p>');
    expect(await zh.getByTestId('article').getAttribute('data-lang')).toBe('zh');

    // German reader: no German version, so English with the fallback note (switching language in the app).
    await zh.evaluate(() => localStorage.setItem('lang', 'de'));
    await zh.reload();
    await zh.getByTestId('article-title').filter({ hasText: 'Staking rewards doubled' }).waitFor();
    await zh.getByTestId('content-fallback').waitFor();
    expect(await zh.getByTestId('article').getAttribute('data-lang')).toBe('en');
  });

  it('renders a stored-XSS attempt inert', async () => {
    const evil = [
      '<p>Read me</p>',
      '<script>window.__xss = "script"</script>',
      '<img src="/nonexistent.png" onerror="window.__xss = \'onerror\'">',
      '<a href="javascript:window.__xss=\'link\'" id="evil-link">click</a>',
      '<iframe src="javascript:parent.__xss=\'iframe\'"></iframe>',
      '<svg onload="window.__xss=\'svg\'"></svg>',
      '<p style="background:url(javascript:alert(1))" onmouseover="window.__xss=\'hover\'">hover</p>',
    ].join('');
    const { id } = await publish({
      category_id: ANNOUNCEMENTS,
      translations: [{ lang: 'en', title: 'XSS probe', body: evil }],
    });
    const page = await openApp(`#/pages/common/article?id=${id}`, {
      seen_notices: JSON.stringify(Array.from({ length: 40 }, (_, i) => i + 1)),
    });
    const body = page.getByTestId('article-body');
    await body.getByText('Read me').waitFor();
    await body.getByText('click').click();
    await body.getByText('hover').hover();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    const html = await body.innerHTML();
    expect(html).not.toMatch(/<script|onerror|onload|onmouseover|javascript:|<iframe|<svg|style=/i);
    expect(await body.locator('img').getAttribute('src')).toBe('/nonexistent.png');
    expect(await body.locator('a').getAttribute('href')).toBeNull();
  });

  it('shows a message in the inbox with the unread badge and marks it read', async () => {
    const login = await session.demoToken();
    const me = await session.call<{ id: number }>('GET', '/user/info', undefined, login).catch(() => null);
    const userId =
      me?.id ??
      (
        await session.call<{ items: Array<{ id: number; email: string }> }>(
          'GET',
          '/admin/users?q=demo%40example.com',
          undefined,
          session.operator,
        )
      ).items[0]!.id;
    await session.call(
      'POST',
      '/admin/messages',
      { user_id: userId, title: 'Withdrawal approved', body: 'Your withdrawal of 10 USDT was sent.' },
      session.operator,
    );

    const page = await openApp('#/', {
      token: login,
      seen_notices: JSON.stringify(Array.from({ length: 60 }, (_, i) => i + 1)),
    });
    const badge = page.getByTestId('inbox-badge');
    await badge.waitFor();
    expect((await badge.textContent())?.trim()).toBe('1');
    await page.getByTestId('open-inbox').click();
    await page.getByTestId('page-messages').waitFor();
    const row = page.locator('[data-testid^="message-"][data-read="0"]', { hasText: 'Withdrawal approved' });
    await row.waitFor();
    await row.click();
    await page
      .locator('[data-testid^="message-"][data-read="1"]', { hasText: 'Withdrawal approved' })
      .waitFor();
    await page.getByTestId('inbox-unread').filter({ hasText: 'All read' }).waitFor();
    await page.goBack();
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('open-inbox').waitFor();
    await page.getByTestId('inbox-badge').waitFor({ state: 'detached' });
  });
});
