/**
 * Copy trading in the operator console, in real Chromium against a fresh server with demo data: a
 * pending lead-trader application (the demo's, or one the demo user files through the API) is
 * approved in the Lead traders page with a profit-share rate — a rate over 30 % is refused before
 * anything is sent — and the trader is then listed as approved with that rate, by the console and by
 * the API; the copy log renders what the API lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminCopyLog, AdminTrader, AdminTraderPage, LeadProfile } from '@bourse/contract';
import { BrowserSession, screenshotOnFailure, screenshots } from './session';

const screenshot = screenshots(process.env.E2E_SHOTS, { prefix: 'follow-console-' });

describe('copy trading in the operator console', () => {
  let session: BrowserSession;
  let page: Page | undefined;
  let applicant: AdminTrader;

  const traders = (status?: AdminTrader['status']) =>
    session.call<AdminTraderPage>(
      'GET',
      '/admin/follow/traders',
      { ...(status ? { status } : {}), limit: 100 },
      session.operator,
    );

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '1' });
    await session.loginOperator();
    let pending = (await traders('pending')).list;
    if (pending.length === 0) {
      // No demo application waiting: the demo user applies.
      const user = await session.demoToken();
      const lead = await session.call<LeadProfile>(
        'POST',
        '/follow/apply',
        { bio: 'Follow-console e2e: BTC swings at 10×.' },
        user,
      );
      expect(lead.status).toBe('pending');
      pending = (await traders('pending')).list;
    }
    applicant = pending[0]!;
  }, 240_000);

  screenshotOnFailure('follow-console', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  it('approves a pending application with a share rate, refusing one over 30 %, and lists the trader as approved', async () => {
    const id = applicant.trader_user_id;
    page = await session.consolePage('/follow/traders');
    const table = page.getByTestId('follow-traders');
    const row = table.getByTestId(`follow-trader-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('pending');
    await screenshot(page, 'pending');

    await page.getByTestId(`follow-approve-${id}`).click();
    const dialog = page.getByRole('dialog');
    const rate = dialog.getByTestId('follow-share-rate');
    await rate.fill('0.35');
    await dialog.getByText('At most 0.3 (30 %).').waitFor();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    // Refused in the form: nothing was sent, the application still waits.
    await dialog.getByText('At most 0.3 (30 %).').waitFor();
    expect((await traders('pending')).list.some((t) => t.trader_user_id === id)).toBe(true);

    await rate.fill('0.15');
    await dialog.getByText('= 15 %').waitFor();
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText(/approved with a 15 % profit share/).waitFor();

    const saved = (await traders('approved')).list.find((t) => t.trader_user_id === id);
    expect(saved?.status).toBe('approved');
    expect(saved?.share_rate).toMatch(/^0\.15(0*)$/);
    expect(saved?.reviewed_at).not.toBeNull();

    // Gone from the queue; listed under Approved with its rate.
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('follow-traders-status').getByText('Approved', { exact: true }).click();
    const approved = table.getByTestId(`follow-trader-${id}`);
    await approved.waitFor();
    const text = await approved.textContent();
    expect(text).toContain('approved');
    expect(text).toContain('15 % share');
    await page.getByTestId(`follow-suspend-${id}`).waitFor();
    await screenshot(page, 'approved');
  });

  it('renders the copy log as the API lists it', async () => {
    const log = await session.call<AdminCopyLog>('GET', '/admin/follow/copies', {}, session.operator);
    page = await session.consolePage('/follow/copies');
    const table = page.getByTestId('follow-copies');
    await table.waitFor();
    if (log.total === 0) {
      await table.getByText('No copies yet').waitFor();
    } else {
      const first = log.list[0]!;
      const row = table.getByTestId(`follow-copy-${first.id}`);
      await row.waitFor();
      expect(await row.textContent()).toContain(first.symbol);
      expect(await row.textContent()).toContain(first.status);
      await page.getByText(`1–${Math.min(log.total, 20)} of ${log.total}`).waitFor();
    }
    // The follower filter lives in the URL and asks the server for that follower only.
    await page.getByTestId('follow-copies-follower').fill('999999');
    await page.waitForURL(/follower=999999/);
    await table.getByText('No copies match these filters').waitFor();
    await screenshot(page, 'copies');
  });
});
