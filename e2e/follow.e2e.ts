/**
 * Copy trading in real Chromium at phone size: the demo user moves USDT into the lever account,
 * follows a demo lead trader with a fixed amount (form, plain-words review, confirmation), the
 * lead's demo bot opens and later closes a BTC/USDT position, the follower sees the mirrored
 * copy and then its result (closed with the lead, at the lead's exit tick), and stops copying.
 * The demo bot trades every 4 s here (FOLLOW_DEMO_BOT_MS), so the journey stays short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { LeverPosition, SelfHolding, TraderPage } from '@bourse/contract';
import { BrowserSession, coinId, input as field, screenshotOnFailure, screenshots, submitLogin } from './session';

const screenshot = screenshots(process.env.E2E_SHOTS, { prefix: 'follow-' });

describe('copy trading in the web app', () => {
  let session: BrowserSession;
  let page: Page;
  const input = (id: string) => field(page, id);
  const token = () => page.evaluate(() => localStorage.getItem('token') ?? '');

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '1', FOLLOW_DEMO_BOT_MS: '4000' });
    page = await session.phone();
  }, 240_000);

  screenshotOnFailure('follow', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  it('follows a lead trader, sees the mirrored copy and its result, and stops copying', async () => {
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await submitLogin(page);
    await page.getByTestId('page-home').waitFor();
    const auth = await token();
    const usdt = await coinId(session.call, auth, 'USDT', 'ERC20');
    await session.call('POST', '/wallet/change', { currency_id: usdt, number: '500', from_field: 2, to_field: 3 }, auth);

    const traders = await session.call<TraderPage>('GET', '/follow/index?period=30', undefined, auth);
    const lead = traders.list.find((t) => t.nickname.includes('Trend'))!;
    expect(lead).toBeTruthy();
    await page.goto(`${session.baseUrl}/#/pages/follow/index`);
    await page.getByTestId('page-follow-list').waitFor();
    await page.getByTestId(`follow-card-${lead.trader_user_id}`).waitFor();
    await screenshot(page, 'list');
    await page.getByTestId(`follow-btn-${lead.trader_user_id}`).click();
    await page.getByTestId('follow-sheet').waitFor();
    await page.getByTestId('follow-mode-amount').click();
    await input('follow-number').fill('100');
    await input('follow-max').fill('100');
    await page.getByTestId('follow-review').click();
    await page.getByTestId('follow-summary').waitFor();
    await screenshot(page, 'review');
    await page.getByTestId('follow-confirm').click();
    await page.getByTestId('follow-sheet').waitFor({ state: 'hidden', timeout: 15_000 });

    // The bot opens a position within 4 s and closes it 4 s later; the mirror copies both.
    let closed: LeverPosition | null = null;
    await expect
      .poll(
        async () => {
          const mine = await session.call<SelfHolding>('POST', '/follow/selfHolding', {}, auth);
          closed = mine.copies.find((c) => c.position?.status === 'closed')?.position ?? null;
          return closed?.exit_reason ?? null;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('lead');

    await page.goto(`${session.baseUrl}/#/pages/follow/mine`);
    await page.getByTestId('page-follow-mine').waitFor();
    const mine = await session.call<SelfHolding>('POST', '/follow/selfHolding', {}, auth);
    const copy = mine.copies.find((c) => c.position?.id === closed!.id)!;
    await page.getByTestId(`follow-copy-${copy.id}`).waitFor({ timeout: 15_000 });
    await screenshot(page, 'mine');

    await page.getByTestId(`follow-stop-${lead.trader_user_id}`).click();
    await page.locator('.adm-dialog-button').last().click();
    await expect
      .poll(async () => (await session.call<SelfHolding>('POST', '/follow/selfHolding', {}, auth)).follows[0]?.status, { timeout: 15_000 })
      .toBe('stopped');
    const after = await session.call<SelfHolding>('POST', '/follow/selfHolding', {}, auth);
    expect(after.follows[0]).toMatchObject({ stop_reason: 'user' });
    // No copy is left open once the follow stopped.
    expect(after.copies.every((c) => c.position === null || c.position.status === 'closed')).toBe(true);
  });
});
