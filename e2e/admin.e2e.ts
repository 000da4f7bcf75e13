/**
 * Operator console journeys in real Chromium against a fresh server with demo data.
 * The sign-in route is rate limited (5 a minute), so this file signs in at most three times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, DESKTOP, submitConsoleLogin } from './session';

describe('operator console', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await BrowserSession.start();
  });

  afterAll(async () => {
    await session?.stop();
  });

  async function openConsole(): Promise<Page> {
    const page = await (await session.newContext(DESKTOP)).newPage();
    await page.goto(`${session.baseUrl}/admin/`);
    await page.getByTestId('admin-login-username').waitFor();
    return page;
  }

  it('refuses a wrong password with a visible error and stays on sign-in', async () => {
    const page = await openConsole();
    expect(page.url()).toContain('#/login');

    await submitConsoleLogin(page, 'not-the-password');

    const error = page.getByTestId('admin-login-error');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBeTruthy();
    expect(page.url()).toContain('#/login');
    expect(await page.getByTestId('admin-login-username').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();
  });

  it('signs in and shows balanced books with a USDT row on the ledger page', async () => {
    const page = await openConsole();
    await submitConsoleLogin(page, session.server.adminPassword);

    const status = page.getByTestId('ledger-status');
    await status.filter({ hasText: 'Books balance' }).waitFor();
    expect(page.url()).toContain('#/ledger');
    expect(await status.getAttribute('data-status')).toBe('balanced');

    const usdtRow = page.getByTestId('ledger-currencies').locator('tbody tr', { hasText: 'USDT' }).first();
    await usdtRow.waitFor();
    expect(await usdtRow.textContent()).toContain('USDT');

    // Re-check refetches and keeps the verdict.
    await page.getByTestId('ledger-recheck').click();
    await status.filter({ hasText: 'Books balance' }).waitFor();

    // The header names the operator and their role.
    const who = await page.getByTestId('admin-operator').textContent();
    expect(who).toContain('admin');
  });

  it('lists the sign-in in the audit log', async () => {
    const page = await openConsole();
    await submitConsoleLogin(page, session.server.adminPassword);
    await page.getByTestId('ledger-status').waitFor();

    await page.getByTestId('admin-nav').getByText('Audit log', { exact: true }).click();
    await page.waitForURL(/#\/audit/);

    const loginRow = page
      .getByTestId('audit-table')
      .locator('tbody tr')
      .filter({ has: page.getByText('operator.login', { exact: true }) })
      .first();
    await loginRow.waitFor();
    expect(await loginRow.textContent()).toContain('operator:admin');
  });
});
