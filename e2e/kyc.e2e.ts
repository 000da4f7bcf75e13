/**
 * Real-name verification in real Chromium (issue 20, item 16): the user at phone size, the
 * operator in the console. The number rule of the chosen document type is stated and checked in
 * the form; the console's queue shows a new submission without a reload; after a rejection
 * "Submit again" opens the form with what was sent; the verified page shows the masked details.
 */
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, DESKTOP, PHONE, input, seedStorage, submitConsoleLogin } from './session';

/** A small grey PNG: the form compresses pictures on a canvas before upload, so it must decode. */
function png(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.concat(
    Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(size, 0x99)])),
  );
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png(64);

describe('real-name verification', () => {
  let session: BrowserSession;
  const errors: string[] = [];

  beforeAll(async () => {
    session = await BrowserSession.start();
  });

  afterAll(async () => {
    await session?.stop();
  });

  async function userPage(): Promise<Page> {
    const token = await session.demoToken();
    const context = await session.newContext(PHONE);
    await seedStorage(context, { lang: 'en', token });
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
    return page;
  }

  async function consolePage(): Promise<Page> {
    const page = await (await session.newContext(DESKTOP)).newPage();
    await page.goto(`${session.baseUrl}/admin/`);
    await submitConsoleLogin(page, session.server.adminPassword);
    await page.getByTestId('ledger-status').waitFor();
    await page.goto(`${session.baseUrl}/admin/#/kyc`);
    await page.getByTestId('kyc-table').waitFor();
    return page;
  }

  it('checks the number per document type, refreshes the queue, prefills a resubmission and shows the verified details', async () => {
    const ops = await consolePage();
    await ops.getByText('Nothing waiting for review').waitFor();

    const page = await userPage();
    await page.goto(`${session.baseUrl}/#/pages/setting/real`);
    await page.getByTestId('page-kyc').waitFor();
    // The rule of the chosen type is stated under the field.
    expect(await page.getByTestId('kyc-card-hint').textContent()).toContain('5–20 letters or digits');
    await page.getByText('Passport', { exact: true }).click();
    expect(await page.getByTestId('kyc-card-hint').textContent()).toContain('6–9 letters or digits');

    await input(page, 'kyc-name').fill('Zhang San');
    await input(page, 'kyc-card').fill('E1234-567');
    await page
      .getByTestId('kyc-front-file')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await page
      .getByTestId('kyc-back-file')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('kyc-front').locator('img').waitFor();
    await page.getByTestId('kyc-back').locator('img').waitFor();
    await page.getByTestId('kyc-submit').click();
    // Refused in the form, with the reason for this type (passports have no hyphens).
    await page.getByText('Use letters and digits only (at least one digit)').waitFor();
    expect(await page.getByTestId('kyc-details').count()).toBe(0);

    await input(page, 'kyc-card').fill('e1234 5678');
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-details').waitFor();
    expect(await page.getByTestId('kyc-status').textContent()).toBe('Under review');
    expect(await page.getByTestId('kyc-detail-name').textContent()).toBe('Z**** S**');
    expect(await page.getByTestId('kyc-detail-number').textContent()).toBe('E12****78');

    // The console's queue shows it without a reload.
    const row = ops.getByTestId('kyc-table').locator('tbody tr', { hasText: 'demo@example.com' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('E12345678');
    await row.getByRole('button', { name: 'Reject' }).click();
    await ops.getByTestId('kyc-reason').fill('The photo is blurred');
    await ops.locator('.ant-modal-footer').getByRole('button', { name: 'Reject' }).click();
    await ops.getByText('Nothing waiting for review').waitFor();

    await page.reload();
    await page.getByTestId('kyc-reason').getByText('The photo is blurred').waitFor();
    await page.getByTestId('kyc-resubmit').click();
    // What was sent comes back: type, name, number and both photos.
    await page.getByTestId('kyc-prefilled').waitFor();
    expect(await input(page, 'kyc-name').inputValue()).toBe('Zhang San');
    expect(await input(page, 'kyc-card').inputValue()).toBe('E12345678');
    expect(await page.getByTestId('kyc-card-hint').textContent()).toContain('6–9 letters or digits');
    await page.getByTestId('kyc-front').locator('img').waitFor();
    await page.getByTestId('kyc-back').locator('img').waitFor();
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-details').waitFor();

    const again = ops.getByTestId('kyc-table').locator('tbody tr', { hasText: 'demo@example.com' });
    await again.waitFor({ timeout: 15_000 });
    await again.getByRole('button', { name: 'Approve' }).click();
    await ops.getByText('Nothing waiting for review').waitFor();

    await page.reload();
    await page.getByTestId('kyc-details').waitFor();
    expect(await page.getByTestId('kyc-status').textContent()).toBe('Verified');
    expect(await page.getByTestId('kyc-detail-name').textContent()).toBe('Z**** S**');
    expect(await page.getByTestId('kyc-detail-type').textContent()).toBe('Passport');
    expect(await page.getByTestId('kyc-detail-number').textContent()).toBe('E12****78');
    expect(await page.getByTestId('kyc-detail-date').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect(await page.locator('.kyc-detail dt').allTextContents()).toEqual([
      'Full name',
      'Document type',
      'ID number',
      'Verified on',
    ]);
    expect(errors).toEqual([]);
  });
});
