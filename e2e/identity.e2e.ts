/**
 * Identity journeys in real Chromium at phone size: register with a code read from a real local
 * SMTP server, log out, log in, reset the password; wallet sign-in with an injected EIP-1193
 * provider backed by a viem local account (signing happens in Node).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BrowserSession, input } from './session';

describe('identity in the browser', () => {
  let session: BrowserSession;
  let smtp: SMTPServer | undefined;
  const mails: Array<{ to: string; text: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    session = await BrowserSession.start({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await session?.stop();
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
  });

  /** Waits for the next code mailed to `to` (after `seen` earlier mails). */
  async function codeFor(to: string, seen: number): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const mail = mails.slice(seen).find((m) => m.to === to);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function logout(page: Page) {
    await page.goto(`${session.baseUrl}/#/pages/setting/index`);
    await page.getByTestId('logout').click();
    await page.locator('.adm-dialog-button').last().click();
    await page.getByTestId('page-home').waitFor();
    // Home shows first; the session is cleared when the logout call has answered.
    await page.waitForFunction(() => !localStorage.getItem('token'), undefined, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeFalsy();
  }

  async function login(page: Page, account: string, password: string) {
    expect(await session.signIn(page, { account, password })).toBeTruthy();
  }

  it('registers with a mailed code, logs out, logs in, and resets the password', async () => {
    const page = await session.phone();
    const email = 'e2e-user@example.com';
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await page.getByTestId('to-register').click();
    await page.getByTestId('page-register').waitFor();
    await input(page, 'register-account').fill(email);
    let seen = mails.length;
    await page.getByTestId('register-send-code').click();
    const code = await codeFor(email, seen);
    // The button counts down before another code may be requested.
    await expect.poll(async () => page.getByTestId('register-send-code').isDisabled()).toBe(true);
    await input(page, 'register-code').fill(code);
    await input(page, 'register-password').fill('FirstPass1');
    await page.getByTestId('register-password-eye').click();
    expect(await input(page, 'register-password').getAttribute('type')).toBe('text');
    await input(page, 'register-repassword').fill('FirstPass1');
    await page.getByTestId('register-agree').click();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('page-home').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    // The account centre shows the new user.
    await page.goto(`${session.baseUrl}/#/pages/setting/account`);
    await page.getByTestId('page-account').waitFor();
    await page.getByTestId('account-nickname').getByText('e2e-user').waitFor();
    await page.getByTestId('kyc-status').waitFor();

    await logout(page);
    await login(page, email, 'FirstPass1');
    await logout(page);

    // Forgotten password.
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await page.getByTestId('to-forget').click();
    await page.getByTestId('page-forget').waitFor();
    await input(page, 'forget-account').fill(email);
    seen = mails.length;
    await page.getByTestId('forget-send-code').click();
    const resetCode = await codeFor(email, seen);
    await input(page, 'forget-code').fill(resetCode);
    await input(page, 'forget-password').fill('SecondPass2');
    await input(page, 'forget-repassword').fill('SecondPass2');
    await page.getByTestId('forget-submit').click();
    await page.getByTestId('page-login').waitFor();
    await login(page, email, 'SecondPass2');
    // The old session ended with the reset.
    const old = await page.evaluate(
      async (t) => (await (await fetch('/api/user/info', { headers: { Authorization: t } })).json()) as { type: unknown },
      token!,
    );
    expect(old.type).toBe(999);
  });

  it('hides the wallet button without a browser wallet', async () => {
    const page = await session.phone();
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await page.getByTestId('page-login').waitFor();
    expect(await page.getByTestId('wallet-signin').count()).toBe(0);
  });

  it('signs in with an injected EIP-1193 wallet backed by a viem account (sign only, no transactions)', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const page = await session.phone();
    const methods: string[] = [];
    await page.exposeFunction('__walletRequest', async (method: string, params: unknown[]) => {
      methods.push(method);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') return account.signMessage({ message: { raw: params[0] as `0x${string}` } });
      throw new Error(`unsupported ${method}`);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { ethereum: unknown; __walletRequest: (m: string, p: unknown[]) => Promise<unknown> };
      w.ethereum = { isMetaMask: false, request: ({ method, params }: { method: string; params?: unknown[] }) => w.__walletRequest(method, params ?? []) };
    });
    await page.goto(`${session.baseUrl}/#/pages/common/login`);
    await page.getByTestId('wallet-signin').click();
    await page.getByTestId('page-home').waitFor();
    const info = await page.evaluate(async () => {
      const t = localStorage.getItem('token') ?? '';
      return (await (await fetch('/api/user/info', { headers: { Authorization: t } })).json()) as { message: { wallet_address: string } };
    });
    expect(info.message.wallet_address).toBe(account.address.toLowerCase());
    expect(methods).toEqual(['eth_requestAccounts', 'personal_sign']);
  });
});
