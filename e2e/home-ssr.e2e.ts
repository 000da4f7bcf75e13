/**
 * The server-rendered home screen (apps/web/src/ssr, apps/server/src/http/boot-page.ts) in real
 * Chromium: the page shows Home before any script has run, the app then hydrates those very nodes
 * (no React hydration error, no console error) in English and in Chinese, and the app works
 * afterwards. On another route the app drops the server's markup and renders the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BrowserSession, PHONE } from './session';

describe('server-rendered home screen', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await BrowserSession.start();
  });

  afterAll(async () => {
    await session?.stop();
  });

  interface Opened {
    page: Page;
    /** Console errors and warnings, and uncaught page errors, since the page opened. */
    problems: string[];
    /** Lets the app's scripts load (they are held until then). */
    release(): void;
  }

  /**
   * A page in a fresh phone-sized context (or the given one); the app's JavaScript is held back
   * until `release()`. Module scripts hold DOMContentLoaded back too, so pages are opened with
   * waitUntil 'commit'.
   */
  async function open(context?: BrowserContext): Promise<Opened> {
    const page = await (context ?? (await session.newContext(PHONE))).newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    return { page, problems, release };
  }

  /** True once React owns the home page element (hydrated or rendered). */
  async function reactOwnsHome(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="page-home"]');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    });
  }

  /** Markup of the parts of Home that stay still after hydration (no timers, no live prices). */
  function stableParts(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      ['.hero', '.banner-track', '[data-testid="notice-bar"]', '[data-testid="shortcuts"]', '[data-testid="currency-list"]', '.tab-bar'].map(
        (sel) => document.querySelector(sel)?.outerHTML ?? `${sel} missing`,
      ),
    );
  }

  /** Opens Home with scripts held, checks the server's markup, then lets the app hydrate it. */
  async function hydrateHome(o: Opened, hash = '#/'): Promise<void> {
    const { page } = o;
    await page.goto(`${session.baseUrl}/${hash}`, { waitUntil: 'commit' });
    // Before any script: the real home screen is there, with banners, notices and shortcuts.
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('banners').waitFor();
    await page.getByTestId('notice-text').waitFor();
    await page.getByTestId('shortcuts').waitFor();
    await page.evaluate(() => {
      (window as unknown as { ssrHome: Element | null }).ssrHome = document.querySelector('[data-testid="page-home"]');
    });
    const before = await stableParts(page);
    o.release();
    await reactOwnsHome(page);
    // Production React patches some mismatches (text) without a word: the parts that do not move
    // by themselves must read exactly as the server wrote them.
    expect(await stableParts(page)).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-drop'))).toBe(false);
    // Hydration kept the server's nodes; a fresh render would have replaced them.
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { ssrHome: Element | null }).ssrHome;
        return !!kept && kept.isConnected && kept === document.querySelector('[data-testid="page-home"]');
      }),
    ).toBe(true);
    // The lazily loaded top markets hydrate too, then go live.
    await page.getByTestId('top-markets').waitFor();
  }

  it('hydrates Home in English without console errors, and the tabs work afterwards', async () => {
    const o = await open();
    await hydrateHome(o);
    const { page } = o;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('en');
    expect(await page.getByTestId('page-home').getAttribute('data-lang')).toBe('en');
    await page.getByTestId('tab-quotes').click();
    await page.getByTestId('page-quotes').waitFor();
    await page.getByTestId('quote-BTC-USDT').waitFor();
    await page.getByTestId('tab-trade').click();
    await page.getByTestId('page-trade').waitFor();
    // The entry stylesheet is inlined; lazy pages that list it must not add it again (it would
    // come after, and override, their own styles).
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="stylesheet"][href*="/assets/boot-"]').length)).toBe(1);
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/boot-"]').getAttribute('disabled')).not.toBeNull();
    await page.getByTestId('tab-home').click();
    await page.getByTestId('page-home').waitFor();
    await page.getByTestId('open-language').click();
    await page.getByTestId('page-language').waitFor();
    expect(o.problems).toEqual([]);
  });

  it('hydrates Home in Chinese once the language was chosen (the lang cookie)', async () => {
    const first = await open();
    first.release();
    await first.page.goto(`${session.baseUrl}/#/pages/setting/language`);
    await first.page.getByTestId('lang-zh').click();
    await first.page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
    expect((await first.page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('zh');

    // A new visit in the same browser: the server renders Chinese, the app hydrates it.
    const o = await open(first.page.context());
    await hydrateHome(o);
    const { page } = o;
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    expect(await page.locator('#root').getAttribute('data-ssr')).toBe('zh');
    expect(await page.getByTestId('page-home').getAttribute('data-lang')).toBe('zh');
    expect(await page.getByTestId('tab-home').textContent()).toContain('首页');
    await page.getByTestId('tab-savings').click();
    await page.getByTestId('page-savings').waitFor();
    expect(o.problems).toEqual([]);
  });

  it('keeps the server markup hidden on another route, and renders that route', async () => {
    const o = await open();
    const { page } = o;
    await page.goto(`${session.baseUrl}/#/pages/quotation/index`, { waitUntil: 'commit' });
    // Before any of the app's scripts: the guard in <head> keeps the home markup hidden.
    await page.waitForFunction(() => document.getElementById('boot-data') !== null);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ssr-drop'))).toBe(true);
    expect(await page.getByTestId('page-home').isVisible()).toBe(false);
    o.release();
    await page.getByTestId('page-quotes').waitFor();
    await page.getByTestId('quote-BTC-USDT').waitFor();
    expect(await page.getByTestId('page-home').count()).toBe(0);
    expect(o.problems).toEqual([]);
  });

  it('renders afresh when the stored language differs from the page language', async () => {
    const context = await session.newContext(PHONE);
    const first = await open(context);
    first.release();
    await first.page.goto(`${session.baseUrl}/#/pages/setting/language`);
    await first.page.getByTestId('lang-de').click();
    await first.page.waitForFunction(() => document.documentElement.lang === 'de');
    // The cookie is gone (say, cleared), the stored language is not: the server renders English.
    await context.clearCookies();
    const o = await open(context);
    await o.page.goto(`${session.baseUrl}/#/`, { waitUntil: 'commit' });
    await o.page.waitForFunction(() => document.getElementById('boot-data') !== null);
    expect(await o.page.locator('#root').getAttribute('data-ssr')).toBe('en');
    // The English markup is never shown to a German reader: hidden until the app renders German.
    expect(await o.page.getByTestId('page-home').isVisible()).toBe(false);
    o.release();
    await o.page.waitForFunction(() => document.querySelector('[data-testid="page-home"]')?.getAttribute('data-lang') === 'de');
    await reactOwnsHome(o.page);
    expect(await o.page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await o.page.locator('#root').getAttribute('data-ssr')).toBe('en');
    expect(await o.page.locator('[data-testid="page-home"]').count()).toBe(1);
    // … and the app put the cookie back, so the next visit is rendered in German.
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('de');
    expect(o.problems).toEqual([]);
  });
});
