/**
 * Leverage in the operator console, in real Chromium against a fresh server with demo data: an
 * operator adds a maintenance tier to BTC/USDT and sees its cum amount derived while typing (the
 * server stores the same), finds the demo user's open position by user id and in the exposure
 * table, and tops up the insurance fund behind a confirmation (the balance rises by exactly the
 * amount). The demo user's position is opened through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  LeverAdminPositionPage,
  LeverAdminProduct,
  LeverExposure,
  LeverInsurance,
  LeverPosition,
} from '@bourse/contract';
import { parseUnits } from '@bourse/money';
import { BrowserSession, screenshotOnFailure, screenshots } from './session';

const screenshot = screenshots(process.env.E2E_SHOTS, { prefix: 'lever-console-' });

describe('leverage in the operator console', () => {
  let session: BrowserSession;
  let page: Page | undefined;
  let position: LeverPosition;

  beforeAll(async () => {
    session = await BrowserSession.start({ MARKET_BACKFILL_DAYS: '1' });
    await session.loginOperator();
    const user = await session.demoToken();
    const usdt = (await session.call<LeverInsurance>('GET', '/admin/lever/insurance', {}, session.operator))
      .funds[0]!;
    // Legal (1) → lever (3) account, then a small long at 10×.
    await session.call(
      'POST',
      '/wallet/change',
      { currency_id: usdt.currency_id, number: '500', from_field: 1, to_field: 3 },
      user,
    );
    const btc = (
      await session.call<LeverAdminProduct[]>('GET', '/admin/lever/products', {}, session.operator)
    ).find((p) => p.symbol === 'BTC/USDT')!;
    position = await session.call<LeverPosition>(
      'POST',
      '/lever/submit',
      {
        instrument_id: btc.instrument_id,
        type: 1,
        multiple: 10,
        number: btc.min_qty,
        client_key: 'lever-console-e2e',
      },
      user,
    );
  }, 240_000);

  screenshotOnFailure('lever-console', () => page);

  afterAll(async () => {
    await session?.stop();
  });

  const products = () =>
    session.call<LeverAdminProduct[]>('GET', '/admin/lever/products', {}, session.operator);
  const digits = (text: string | null) => (text ?? '').replace(/,/g, '').trim();

  it('adds a maintenance tier with its cum derived as typed, refuses a bound below the previous one, and saves what the server derives', async () => {
    const before = (await products()).find((p) => p.symbol === 'BTC/USDT')!;
    page = await session.consolePage('/lever/products');
    await page.getByTestId('lever-edit-BTC/USDT').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('lever-tiers').waitFor();

    // The preview shows the server's cum for every stored tier.
    for (const [i, tier] of before.tiers.entries()) {
      expect(digits(await dialog.getByTestId(`lever-tier-cum-${i}`).textContent())).toBe(tier.cum);
    }

    await dialog.getByRole('button', { name: 'Add tier' }).click();
    const n = before.tiers.length; // the former last tier is tier n, the new one n + 1
    const lastBound = before.tiers[n - 2]!.max_notional!;
    const bound = dialog.getByLabel(`Tier ${n} upper bound`);
    await bound.fill(lastBound);
    await dialog.getByText("Must be above the previous tier's bound").waitFor();
    expect(await dialog.getByTestId(`lever-tier-cum-${n}`).textContent()).toBe('—');

    const newBound = '10000000';
    const newRate = '0.1';
    await bound.fill(newBound);
    await dialog.getByLabel(`Tier ${n + 1} maintenance margin rate`).fill(newRate);
    // cum(n+1) = cum(n) + bound(n) × (mmr(n+1) − mmr(n)), in exact decimals (6 places are plenty here).
    const prev = before.tiers[n - 1]!;
    const scale = 6;
    const expected =
      parseUnits(prev.cum, scale) +
      parseUnits(newBound, 0) * (parseUnits(newRate, scale) - parseUnits(prev.mmr, scale));
    const cumText = digits(await dialog.getByTestId(`lever-tier-cum-${n}`).textContent());
    expect(parseUnits(cumText, scale)).toBe(expected);
    await screenshot(page, 'tiers');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('BTC/USDT: leverage product saved').waitFor();
    const after = (await products()).find((p) => p.symbol === 'BTC/USDT')!;
    expect(after.tiers).toHaveLength(n + 1);
    expect(after.tiers[n - 1]!.max_notional).toBe(newBound);
    expect(after.tiers[n]).toEqual({ max_notional: null, mmr: newRate, cum: cumText });
    // Everything else stayed as it was.
    expect({ ...after, tiers: null }).toEqual({ ...before, tiers: null });
  });

  it("finds the demo user's open position by user id and in the exposure", async () => {
    const listed = await session.call<LeverAdminPositionPage>(
      'GET',
      '/admin/lever/positions',
      { status: 'open' },
      session.operator,
    );
    const userId = listed.list.find((p) => p.id === position.id)!.user_id;

    page = await session.consolePage(`/lever/positions?user=${userId}`);
    const row = page.getByTestId('lever-positions').locator('tbody tr', { hasText: `#${position.id}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('BTC/USDT');
    expect(await row.textContent()).toContain('long');

    // The detail drawer names the entry tick.
    await page.getByTestId(`lever-position-${position.id}`).click();
    await page.locator('.ant-drawer').getByText(`tick #${position.entry_tick_id}`).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-mask').waitFor({ state: 'hidden' });

    await page.getByTestId('admin-nav').getByText('Leverage exposure', { exact: true }).click();
    const exposure = (
      await session.call<LeverExposure[]>('GET', '/admin/lever/exposure', {}, session.operator)
    ).find((e) => e.symbol === 'BTC/USDT')!;
    expect(exposure.open_positions).toBeGreaterThanOrEqual(1);
    const btcRow = page.getByTestId('lever-exposure').locator('tbody tr', { hasText: 'BTC/USDT' });
    await btcRow.waitFor();
    expect(await btcRow.textContent()).toContain(exposure.long_qty);
    await page.getByTestId('lever-exposure-totals').waitFor();
  });

  it('tops up the insurance fund from platform capital only after the confirmation', async () => {
    const before = (await session.call<LeverInsurance>('GET', '/admin/lever/insurance', {}, session.operator))
      .funds[0]!;
    page = await session.consolePage('/lever/insurance');
    await page.getByTestId('lever-fund-amount').fill('1234.5');
    await page.getByTestId('lever-fund-memo').fill('e2e capitalisation');
    await page.getByTestId('lever-fund-submit').click();

    const confirm = page.getByRole('dialog');
    await confirm.getByText('1,234.5 USDT moves from platform capital').waitFor();
    await screenshot(page, 'confirm');
    // Nothing moved yet.
    const waiting = (
      await session.call<LeverInsurance>('GET', '/admin/lever/insurance', {}, session.operator)
    ).funds[0]!;
    expect(waiting.balance).toBe(before.balance);

    await confirm.getByRole('button', { name: 'Move to the fund', exact: true }).click();
    await page.getByText('Insurance fund topped up: 1,234.5 USDT').waitFor();
    const after = (await session.call<LeverInsurance>('GET', '/admin/lever/insurance', {}, session.operator))
      .funds[0]!;
    expect(parseUnits(after.balance, 6) - parseUnits(before.balance, 6)).toBe(parseUnits('1234.5', 6));
  });
});
