/**
 * Leveraged trading in real Chromium at phone size: the demo user moves USDT into the lever
 * account from the leverage screen's "Transfer in", opens a BTC/USDT long with take-profit and
 * stop-loss (previewed and confirmed) and a short, watches the live figures, and then the
 * simulated feed moves the price: a take-profit closes a position at the first crossing tick, and
 * the history and the detail page show it with the tick it used.
 *
 * The feed is the real simulated walk, so nobody can pick its direction. To have a crossing
 * within seconds, the test moves both take-profits to one price step around the current mark
 * (through /lever/setstop, the call the TP/SL sheet makes): any move of the price then hits one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LeverPosition, LeverPositionPage } from '@bourse/contract';
import { BrowserSession, input as field, screenshotOnFailure, screenshots, submitLogin } from './session';

const screenshot = screenshots(process.env.E2E_SHOTS, { prefix: 'lever-' });

describe('leveraged trading in the web app', () => {
  let session: BrowserSession;
  let page: Page;
  const input = (id: string) => field(page, id);
  const token = () => page.evaluate(() => localStorage.getItem('token') ?? '');

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '1' });
    page = await session.phone();
  }, 240_000);

  screenshotOnFailure('lever', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  async function openPosition(side: 'long' | 'short', stops?: { tp: string; sl: string }): Promise<void> {
    await page.getByTestId(`lever-side-${side}`).click();
    await page.getByTestId('lever-leverage-10').click();
    await input('lever-qty').fill('0.01');
    if (stops) {
      await page.getByTestId('lever-stops-toggle').click();
      await input('lever-tp').fill(stops.tp);
      await input('lever-sl').fill(stops.sl);
    }
    await page.getByTestId('lever-open').click();
    await page.getByTestId('lever-confirm-sheet').waitFor();
    await page.getByTestId('lever-confirm').click();
    await page.getByTestId('lever-confirm-sheet').waitFor({ state: 'hidden', timeout: 15_000 });
  }

  it('transfers into the lever account and opens a long with TP/SL and a short', async () => {
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await submitLogin(page);
    await page.getByTestId('page-home').waitFor();

    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=lever`);
    await page.getByTestId('lever-view').waitFor();
    await page.getByTestId('lever-transfer').click();
    await page.getByTestId('page-transfer').waitFor();
    await input('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await page.getByTestId('transfer-confirm').waitFor();
    await page.locator('.adm-dialog-button').last().click();
    await page.getByText(/success/i).first().waitFor({ timeout: 10_000 });

    await page.goto(`${session.baseUrl}/#/pages/transaction/index?view=lever`);
    await page.getByTestId('lever-form').waitFor();
    await expect.poll(async () => (await page.getByTestId('lever-balance').textContent()) ?? '', { timeout: 30_000 }).toContain('1,000');
    await page.getByTestId('lever-simulated').waitFor();
    const price = Number(((await page.getByTestId('lever-price').textContent()) ?? '').replace(/[^\d.]/g, ''));
    expect(price).toBeGreaterThan(0);
    await screenshot(page, 'form');

    await openPosition('long', { tp: (price * 1.2).toFixed(2), sl: (price * 0.8).toFixed(2) });
    await openPosition('short');
    const open = await session.call<LeverPositionPage>('POST', '/lever/my_trade', { status: 1 }, await token());
    expect(open.list.map((p) => p.side).sort()).toEqual(['long', 'short']);
    const long = open.list.find((p) => p.side === 'long')!;
    expect(long).toMatchObject({ leverage: 10, qty: '0.01' });
    expect(Number(long.target_profit_price)).toBeCloseTo(price * 1.2, 0);
    // Live figures on each card: mark, UPnL, liquidation price, margin ratio.
    for (const p of open.list) {
      await page.getByTestId(`lever-position-${p.id}`).waitFor();
      await expect.poll(async () => (await page.getByTestId(`lever-mark-${p.id}`).textContent()) ?? '', { timeout: 15_000 }).toMatch(/\d/);
      expect((await page.getByTestId(`lever-liq-${p.id}`).textContent()) ?? '').toMatch(/\d/);
    }
    await screenshot(page, 'positions');
  });

  it('a take-profit closes a position at the first crossing tick, shown in the history and its detail', async () => {
    const auth = await token();
    const open = await session.call<LeverPositionPage>('POST', '/lever/my_trade', { status: 1 }, auth);
    // Tighten both take-profits to one step around the latest mark (retrying when the price moved
    // past it in between, which the server refuses as "wrong side").
    for (const p of open.list) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const now = await session.call<LeverPosition>('GET', `/lever/detail?id=${p.id}`, undefined, auth).catch(() => null);
        if (!now || now.status !== 'open' || !now.mark_price) break;
        const step = p.side === 'long' ? 0.01 : -0.01;
        const tp = (Number(now.mark_price) + step).toFixed(2);
        const ok = await session.call<LeverPosition>('POST', '/lever/setstop', { id: p.id, target_profit_price: tp }, auth).then(
          () => true,
          () => false,
        );
        if (ok) break;
      }
    }
    let closed: LeverPosition | undefined;
    await expect
      .poll(
        async () => {
          const history = await session.call<LeverPositionPage>('POST', '/lever/my_trade', { status: 2 }, auth);
          closed = history.list.find((p) => p.exit_reason === 'tp');
          return Boolean(closed);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const tp = Number(closed!.target_profit_price);
    // Filled at the crossing tick's price, which is at or beyond the take-profit.
    if (closed!.side === 'long') expect(Number(closed!.exit_price)).toBeGreaterThanOrEqual(tp);
    else expect(Number(closed!.exit_price)).toBeLessThanOrEqual(tp);

    await page.goto(`${session.baseUrl}/#/pages/transaction/lever_order`);
    await page.getByTestId('page-lever-history').waitFor();
    const item = page.getByTestId(`lever-closed-${closed!.id}`);
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain('Take-profit');
    await screenshot(page, 'history');
    await item.click();
    await page.getByTestId('page-lever-detail').waitFor();
    await expect.poll(async () => (await page.getByTestId('lever-detail').textContent()) ?? '').toContain(`#${closed!.exit_tick_id}`);
    expect(await page.getByTestId('lever-exit-reason').textContent()).toContain('Take-profit');
    await screenshot(page, 'detail');
  });
});
