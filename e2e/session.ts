/**
 * What the browser tests share: one platform and one browser per file (BrowserSession), API calls
 * with the envelope check, phone and console pages, the demo user's and the operator's sign-in,
 * screenshots, and a few set-up steps several journeys need.
 */
import { mkdirSync } from 'node:fs';
import { afterEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type {
  ContractAdminProduct,
  ContractAdminProducts,
  Envelope,
  OperatorLogin,
  SessionToken,
} from '@bourse/contract';
import { launchBrowser, startServer, type E2EServer } from './harness';

/** A phone (375×812, touch), the size the web app is made for. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} satisfies BrowserContextOptions;
/** A desktop window, for the operator console. */
export const DESKTOP = { viewport: { width: 1280, height: 900 } } satisfies BrowserContextOptions;
/** The account the demo data creates. */
export const DEMO_USER = { account: 'demo@example.com', password: 'demo1234' } as const;

/**
 * An API call that answers the envelope's message, or throws with the whole envelope when it is
 * not ok. A GET sends `body` as the query string; a POST sends it as JSON.
 */
export type ApiCall = <T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  token?: string,
) => Promise<T>;

export function apiClient(baseUrl: string): ApiCall {
  return async <T>(
    method: 'GET' | 'POST',
    path: string,
    body: Record<string, unknown> = {},
    token?: string,
  ) => {
    const query = method === 'GET' ? new URLSearchParams(body as Record<string, string>).toString() : '';
    const res = await fetch(`${baseUrl}/api${path}${query ? `?${query}` : ''}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    const env = (await res.json()) as Envelope<T>;
    if (env.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(env)}`);
    return env.message;
  };
}

/**
 * A fresh platform (harness.startServer) and a headless Chromium for one test file. Every browser
 * context opened through it is closed by stop(), then the browser, then the server.
 */
export class BrowserSession {
  readonly baseUrl: string;
  readonly call: ApiCall;
  /** The operator's console token, once loginOperator() has run. */
  operator = '';
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    readonly server: E2EServer,
    readonly browser: Browser,
  ) {
    this.baseUrl = server.baseUrl;
    this.call = apiClient(server.baseUrl);
  }

  static async start(env: Record<string, string> = {}): Promise<BrowserSession> {
    const server = await startServer(env);
    try {
      return new BrowserSession(server, await launchBrowser());
    } catch (err) {
      await server.stop();
      throw err;
    }
  }

  async stop(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
    await this.browser.close();
    await this.server.stop();
  }

  /** A new browser context, closed by stop(). */
  async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext(options);
    this.contexts.push(context);
    return context;
  }

  /** A page in a fresh phone-sized context (empty storage). */
  async phone(): Promise<Page> {
    return (await this.newContext(PHONE)).newPage();
  }

  /** Signs the operator in through the API (the sign-in route is rate limited: once a file). */
  async loginOperator(): Promise<string> {
    const login = await this.call<OperatorLogin>('POST', '/admin/login', {
      username: 'admin',
      password: this.server.adminPassword,
    });
    this.operator = login.token;
    return login.token;
  }

  /** The demo user's session token, from the API. */
  demoToken(): Promise<string> {
    return this.call<SessionToken>('POST', '/user/login', {
      user_string: DEMO_USER.account,
      password: DEMO_USER.password,
    });
  }

  /** A desktop console page at the hash route `path`, signed in with the operator's token. */
  async consolePage(path: string): Promise<Page> {
    if (!this.operator) throw new Error('consolePage: call loginOperator() first');
    const context = await this.newContext(DESKTOP);
    await context.addInitScript(
      (token: string) => window.localStorage.setItem('admin_token', token),
      this.operator,
    );
    const page = await context.newPage();
    await page.goto(`${this.baseUrl}/admin/#${path}`);
    return page;
  }

  /**
   * Signs in through the web app's login form: opens `from` (the login page, or a protected page
   * that leads there), submits the account (the demo user unless given) and waits for `landing`.
   * Answers the token the app stored.
   */
  async signIn(
    page: Page,
    options: { from?: string; landing?: string; account?: string; password?: string } = {},
  ) {
    const { from = '#/pages/common/login', landing = 'page-home' } = options;
    const { account = DEMO_USER.account, password = DEMO_USER.password } = options;
    await page.goto(`${this.baseUrl}/${from}`);
    await page.getByTestId('page-login').waitFor();
    await submitLogin(page, account, password);
    await page.getByTestId(landing).waitFor();
    return page.evaluate((): string | null => window.localStorage.getItem('token'));
  }
}

/**
 * Writes `entries` to the web app's localStorage before its first start in `context` (h5Version
 * marks it done, so later loads keep what the app stored since).
 */
export async function seedStorage(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((values: Record<string, string>) => {
    if (localStorage.getItem('h5Version')) return;
    localStorage.setItem('h5Version', '1');
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** antd-mobile puts the test id on the wrapper; the <input> is inside. */
export const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

/** Fills the web app's login form (already on screen) and submits it. */
export async function submitLogin(
  page: Page,
  account: string = DEMO_USER.account,
  password: string = DEMO_USER.password,
) {
  await input(page, 'login-account').fill(account);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Fills the console's sign-in form (already on screen) as admin and submits it. */
export async function submitConsoleLogin(page: Page, password: string) {
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(password);
  await page.getByTestId('admin-login-submit').click();
}

/** Resolves when the web app shows a toast with `text`. */
export async function toast(page: Page, text: string | RegExp) {
  await page.locator('.adm-toast-main', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/**
 * Screenshots for a human look: `shot(page, name)` writes `<folder>/<prefix><name>.png` when
 * `folder` (an environment variable's value) is set, and does nothing otherwise.
 */
export function screenshots(folder: string | undefined, { prefix = '', fullPage = false } = {}) {
  return async (page: Page, name: string): Promise<void> => {
    if (!folder) return;
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}/${prefix}${name}.png`, fullPage });
  };
}

/** After a failed test, a screenshot of `page()` in /tmp/<name>-e2e-failure-<time>.png. */
export function screenshotOnFailure(name: string, page: () => Page | undefined): void {
  afterEach(async (ctx) => {
    const current = page();
    if (ctx.task.result?.state !== 'fail' || !current) return;
    await current.screenshot({ path: `/tmp/${name}-e2e-failure-${Date.now()}.png` }).catch(() => undefined);
  });
}

/** The id of the coin `name` (and network `subName`, when given) in the user's currency list. */
export async function coinId(call: ApiCall, token: string, name: string, subName?: string): Promise<number> {
  const coins = await call<Array<{ id: number; name: string; subName: string }>>(
    'GET',
    '/currency/user_currency_list',
    {},
    token,
  );
  return coins.find((c) => c.name === name && (subName === undefined || c.subName === subName))!.id;
}

/**
 * Gives the contract product of `symbol` these expiries through the console API (a 10 s expiry
 * lets an order settle within a test); answers the product as it was before.
 */
export async function setContractExpiries(
  call: ApiCall,
  operator: string,
  symbol: string,
  seconds: Array<{ seconds: number; payout_rate: string }>,
): Promise<ContractAdminProduct> {
  const { products } = await call<ContractAdminProducts>('GET', '/admin/contracts/products', {}, operator);
  const product = products.find((p) => p.symbol === symbol)!;
  await call(
    'POST',
    '/admin/contracts/products',
    {
      instrument_id: product.instrument_id,
      status: 1,
      fee_rate: product.fee_rate,
      seconds,
      currencies: product.currencies.map((c) => ({
        currency_id: c.currency_id,
        min: c.min,
        max: c.max,
        exposure_cap: c.exposure_cap,
      })),
    },
    operator,
  );
  return product;
}
