/**
 * Asset-centre defects found from outside (issue 20), in real Chromium (phone size for the user,
 * desktop for the console):
 *  8. a manual deposit's proof was a grey box in the app and "Not found" in the console;
 *  9. the Support shortcut and the FAQ button said "not available yet";
 * 14. coins that do not work were offered (LTC, SOL, XRP, DOGE) and the bank channel was a
 *     currency called BANKCARD;
 * 15. "Fiat" held USDT, the contract account had two names, the records listed raw freeze and
 *     release postings, a cancel dialog read "Cancel / Confirm", and Assets was blank while loading.
 */
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, coinId, screenshots } from './session';

// Screenshots for a human look when DEFECTS_SHOTS names a folder.
const SHOTS = process.env.DEFECTS_SHOTS;
const shot = screenshots(SHOTS, { fullPage: true });

/** A real 48×32 PNG (a two-colour receipt stripe), so the browser can decode and measure it. */
function proofPng(): Buffer {
  const w = 48;
  const h = 32;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) rows.push(...(y < h / 2 ? [38, 161, 123] : [52, 97, 255]));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Resolves when the image matched by `selector` has loaded and decoded (naturalWidth > 0). */
async function imageShown(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const img = document.querySelector<HTMLImageElement>(sel);
      return Boolean(img && img.complete && img.naturalWidth > 0);
    },
    selector,
    { timeout: 15_000 },
  );
}

/** Resolves once React owns the element (Home is server-rendered: a tap before hydration is lost). */
async function reactOwns(page: Page, testId: string) {
  await page.waitForFunction(
    (id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    },
    testId,
    { timeout: 15_000 },
  );
}

describe('asset-centre defects from outside, in the browser', () => {
  let session: BrowserSession;

  /** Signs the demo user in through the login page; returns the token. */
  async function signIn(app: Page): Promise<string> {
    const token = await session.signIn(app);
    expect(token).toBeTruthy();
    return token!;
  }

  beforeAll(async () => {
    session = await BrowserSession.start();
    await session.loginOperator();
  });

  afterAll(async () => {
    await session?.stop();
  });

  it('8, 14: a bank-transfer deposit in USD with a proof the user and the operator both see', async () => {
    const app = await session.phone();
    const token = await signIn(app);

    // Only the coins that work, the bank channel named as a channel with its currency.
    await app.goto(`${session.baseUrl}/#/pages/fund/select?to=recharge`);
    await app.getByTestId('coin-USDT-ERC20').waitFor();
    for (const id of ['coin-USDT-TRC20', 'coin-ETH', 'coin-BTC', 'coin-BANKCARD'])
      expect(await app.getByTestId(id).count(), id).toBe(1);
    for (const id of ['coin-LTC', 'coin-SOL', 'coin-XRP', 'coin-DOGE'])
      expect(await app.getByTestId(id).count(), id).toBe(0);
    const bankRow = (await app.getByTestId('coin-BANKCARD').textContent()) ?? '';
    expect(bankRow).toContain('Bank transfer');
    expect(bankRow).toContain('USD');
    expect(bankRow).not.toContain('BANKCARD');
    await shot(app, '01-deposit-picker');

    await app.getByTestId('coin-BANKCARD').click();
    await app.getByTestId('bank-channel').filter({ hasText: 'Demo Bank' }).waitFor();
    expect((await app.getByTestId('recharge-coin').textContent())?.trim()).toContain('Bank transfer (USD)');
    const manual = app.getByTestId('manual-deposit');
    expect(await manual.locator('.amount-box').textContent()).toContain('USD');
    expect(await manual.textContent()).not.toContain('BANKCARD');
    await app.getByTestId('manual-amount').locator('input').fill('250');
    await manual.locator('input[type=file]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: proofPng(),
    });
    // The preview shows the picture, not a grey placeholder.
    await imageShown(app, '[data-testid="manual-deposit"] .adm-image-uploader-cell img');
    await shot(app, '02-proof-uploaded');
    await app.getByTestId('manual-submit').click();
    await app.locator('.adm-toast-main', { hasText: 'Submitted' }).waitFor();

    // The records show the proof image too.
    await app.goto(`${session.baseUrl}/#/pages/fund/assets_all_record?tab=deposits`);
    await app.getByTestId('record-item').first().waitFor();
    expect(await app.getByTestId('record-item').first().textContent()).toContain('Bank transfer (USD)');
    await imageShown(app, '[data-testid="record-item"] [data-testid="deposit-proof"]');
    await shot(app, '03-deposit-record-proof');

    // The operator sees the same picture in the console before crediting.
    const deposit = (await session.call<{ data: Array<{ id: number }> }>('GET', '/recharge/log', {}, token)).data[0]!;
    const review = await session.consolePage('/assets/deposits');
    await review.getByTestId(`deposit-proof-${deposit.id}`).waitFor();
    await imageShown(review, `[data-testid="deposit-proof-${deposit.id}"] img`);
    if (SHOTS) await review.screenshot({ path: `${SHOTS}/04-console-proof.png` });
    await review.getByTestId(`deposit-confirm-${deposit.id}`).click();
    await review.locator('.ant-message-notice', { hasText: 'credited' }).waitFor();

    // The balance is shown as USD by bank transfer, on the Spot account.
    await app.goto(`${session.baseUrl}/#/pages/fund/assets`);
    await app.locator('.adm-tabs-tab', { hasText: 'Spot' }).click();
    const row = app.getByTestId('balance-BANKCARD').first();
    await row.getByTestId('available').filter({ hasText: '250.00' }).waitFor();
    expect(await row.locator('.account-name').textContent()).toBe('USD');
    expect(await row.textContent()).toContain('Bank transfer');
  });

  it('14: withdrawal picker without coins that cannot be withdrawn; such a coin says so', async () => {
    const app = await session.phone();
    const token = await signIn(app);
    await app.goto(`${session.baseUrl}/#/pages/fund/select?to=withdraw`);
    await app.getByTestId('coin-USDT-ERC20').waitFor();
    expect(await app.getByTestId('coin-LTC').count()).toBe(0);
    expect(await app.getByTestId('coin-DOGE').count()).toBe(0);
    const ltc = await coinId(session.call, token, 'LTC');
    await app.goto(`${session.baseUrl}/#/pages/fund/withdraw?currency=${ltc}`);
    await app.getByTestId('withdraw-not-offered').waitFor();
    expect(await app.getByTestId('withdraw-amount').count()).toBe(0);
    await app.goto(`${session.baseUrl}/#/pages/fund/recharge?currency=${ltc}`);
    await app.getByTestId('deposit-not-offered').waitFor();
    await shot(app, '05-deposit-not-offered');
    await app.getByTestId('deposit-not-offered').getByRole('button').click();
    await app.getByTestId('page-select-coin').waitFor();
  });

  it('15: account names, one record line per action, a cancel dialog that says what it does', async () => {
    const app = await session.phone();
    const token = await signIn(app);
    await app.goto(`${session.baseUrl}/#/pages/fund/assets`);
    await app.getByTestId('balance-USDT').first().waitFor();
    const tabs = (await app.locator('.account-tabs .adm-tabs-tab').allTextContents()).map((s) => s.trim());
    expect(tabs).toEqual(['Funding', 'Spot', 'Leverage', 'Contract account']);
    // Every tab is on screen at 375 px (none cut off).
    for (const tab of await app.locator('.account-tabs .adm-tabs-tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await shot(app, '06-assets-tabs');

    // A resting limit buy (5% under the last price, inside the price band) freezes USDT;
    // cancelling it releases them.
    const { last } = await session.call<{ last: string }>('GET', '/currency/market_detail', { symbol: 'BTC/USDT' });
    const price = (Math.floor(Number(last) * 95) / 100).toFixed(2);
    await session.call(
      'POST',
      '/coin/trade',
      { symbol: 'BTC/USDT', type: 'buy', order_type: 'limit', target_price: price, amount: '0.001' },
      token,
    );
    await app.goto(`${session.baseUrl}/#/pages/transaction/index?view=spot&symbol=BTC/USDT`);
    await app.getByTestId('tab-open').click();
    await app.getByTestId('order-open').first().waitFor();
    await app.getByTestId('cancel-order').first().click();
    const buttons = app.locator('.adm-dialog .adm-dialog-button');
    await buttons.first().waitFor();
    expect((await buttons.allTextContents()).map((s) => s.trim())).toEqual(['Keep order', 'Cancel order']);
    await shot(app, '07-cancel-dialog');
    await buttons.filter({ hasText: 'Cancel order' }).click();
    await app.getByText('Order cancelled').waitFor();

    await app.goto(`${session.baseUrl}/#/pages/fund/assets_all_record?tab=all`);
    const items = app.getByTestId('record-item');
    await items.first().waitFor();
    const texts = (await items.allTextContents()).slice(0, 4);
    // Newest first: the release, then the freeze, each one line with the amount moved (not a
    // "−x available" line and a "+x frozen" line each).
    expect(texts[0]).toContain('Spot order released');
    expect(texts[1]).toContain('Spot order (frozen)');
    const released = /([\d,.]+) USDT released/.exec(texts[0]!)?.[1];
    const frozen = /([\d,.]+) USDT frozen/.exec(texts[1]!)?.[1];
    expect(frozen).toBeTruthy();
    expect(released).toBe(frozen);
    expect(texts.filter((t) => t.includes('Spot order'))).toHaveLength(2);
    expect(texts.join(' ')).not.toContain(`-${frozen}`);
    await shot(app, '08-records');
  });

  it('15: Assets shows its frame while the page and the balances load, never a blank screen', async () => {
    const app = await session.phone();
    await signIn(app);
    // A slow network: the page's chunk and the balances arrive late.
    let releaseChunk = () => {};
    const chunkGate = new Promise<void>((r) => (releaseChunk = r));
    await app.route(/\/assets\/AssetsPage-[^/]+\.js$/, async (route) => {
      await chunkGate;
      await route.continue();
    });
    let releaseBalances = () => {};
    const balancesGate = new Promise<void>((r) => (releaseBalances = r));
    await app.route('**/api/wallet/list', async (route) => {
      await balancesGate;
      await route.continue();
    });
    await app.getByTestId('tab-assets').click();
    await app.getByTestId('assets-skeleton').waitFor();
    await shot(app, '09-assets-chunk-loading');
    releaseChunk();
    await app.getByTestId('page-assets').waitFor();
    await app.getByTestId('assets-loading').waitFor();
    await app.getByTestId('total-loading').waitFor();
    // No global loading toast (it would come after 800 ms) over the page's own placeholders.
    await app.waitForTimeout(1200);
    expect(await app.locator('.adm-toast-main', { hasText: 'Loading' }).count()).toBe(0);
    await shot(app, '10-assets-balances-loading');
    releaseBalances();
    await app.getByTestId('total-usdt').waitFor();
    expect(await app.getByTestId('assets-loading').count()).toBe(0);
  });

  it('9: Support opens the contact page; without a link the entries are hidden', async () => {
    // The demo's link is the built-in contact page (a retry starts from it again).
    const site = await session.call<{ customer_service_url: string }>('GET', '/getercSetting');
    if (site.customer_service_url !== '/pages/common/contact')
      await session.call(
        'POST',
        '/admin/site/settings',
        { site_name: 'Bourse', customer_service_url: '/pages/common/contact' },
        session.operator,
      );
    const app = await session.phone();
    await app.goto(`${session.baseUrl}/#/pages/index/index`);
    await reactOwns(app, 'shortcut-service');
    await app.getByTestId('shortcut-service').click();
    await app.getByTestId('page-content-contact').waitFor();
    await app.getByTestId('article-body').filter({ hasText: 'support@example.com' }).waitFor();
    await shot(app, '11-contact');

    await app.goto(`${session.baseUrl}/#/pages/common/common_problem`);
    await app.getByTestId('faq-service').click();
    await app.getByTestId('page-content-contact').waitFor();

    // An operator's own chat opens in a new tab (answered here: the test network is closed).
    await app
      .context()
      .route('https://chat.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Chat</title>' }),
      );
    await session.call(
      'POST',
      '/admin/site/settings',
      { site_name: 'Bourse', customer_service_url: 'https://chat.example.com/room/1' },
      session.operator,
    );
    // index.html (with the site settings inlined) is cached for 5 s on the server.
    await app.waitForTimeout(5_500);
    await app.goto(`${session.baseUrl}/#/pages/index/index`);
    await app.reload();
    await reactOwns(app, 'shortcut-service');
    const popup = app.context().waitForEvent('page');
    await app.getByTestId('shortcut-service').click();
    expect((await popup).url()).toContain('https://chat.example.com/room/1');

    // No link: no Support shortcut, no FAQ button, nothing that says "not available".
    await session.call('POST', '/admin/site/settings', { site_name: 'Bourse', customer_service_url: '' }, session.operator);
    await app.waitForTimeout(5_500);
    await app.reload();
    await reactOwns(app, 'shortcuts');
    expect(await app.getByTestId('shortcut-service').count()).toBe(0);
    await shot(app, '12-home-without-support');
    await app.goto(`${session.baseUrl}/#/pages/common/common_problem`);
    await app.getByTestId('faq').waitFor();
    expect(await app.getByTestId('faq-service').count()).toBe(0);
  });
});
