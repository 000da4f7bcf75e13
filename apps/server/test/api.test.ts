import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshFiatRates } from '../src/modules/platform';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo/seed';
import { loginToken, testApp } from './helpers';

let h: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  h = await testApp();
});
afterAll(async () => h.close());

type Body = { type: string | number; code: number; message: unknown; error?: string };

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, string>, headers: Record<string, string> = {}) {
  const res =
    method === 'GET'
      ? await h.app.inject({ method, url: url + (payload ? '?' + new URLSearchParams(payload).toString() : ''), headers })
      : await h.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams(payload ?? {}).toString(),
        });
  return { status: res.statusCode, body: res.json<Body>(), headers: res.headers };
}

describe('API envelope and transport', () => {
  it('answers success as {type: ok, code: 1, message}', async () => {
    const r = await call('GET', '/api/getSetting', { keyword: 'site_name' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ type: 'ok', code: 1, message: 'Bourse' });
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('sends the security headers (computed once) on answers, refusals and unknown paths', async () => {
    for (const r of [await call('GET', '/api/getSetting', { keyword: 'site_name' }), await call('GET', '/api/getSetting', { keyword: 'no_such_key' })]) {
      // An API answer loads nothing and is never framed; the pages' policy is in home-ssr.test.ts.
      expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(r.headers['referrer-policy']).toBe('no-referrer');
    }
    const missing = await h.app.inject({ method: 'GET', url: '/api/no/such/path' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.headers['x-request-id']).toBeTruthy();
    // Outside /api (the apps' pages and files): helmet's full set with the app's policy.
    const page = await h.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('answers a handled failure with HTTP 200, type error, a stable code and a message in the caller language', async () => {
    const en = await call('GET', '/api/getSetting', { keyword: 'no_such_key' });
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ type: 'error', code: 0, error: 'setting_not_found', message: 'Setting not found' });
    const zh = await call('GET', '/api/getSetting', { keyword: 'no_such_key', lang: 'zh' });
    expect(zh.body.message).toBe('设置项不存在');
  });

  it('validates with zod and phrases the field in the caller language', async () => {
    const de = await call('POST', '/api/user/login', { user_string: '', password: 'x', lang: 'de' });
    expect(de.body).toMatchObject({ type: 'error', error: 'field_required', message: 'Konto ist erforderlich' });
    const py = await call('POST', '/api/user/login', { user_string: 'a@b.c', lang: 'py' });
    expect(py.body).toMatchObject({ error: 'field_required', message: 'Поле «Пароль» обязательно' });
    const unknownLang = await call('POST', '/api/user/login', { user_string: 'a@b.c', lang: 'xx' });
    expect(unknownLang.body.message).toBe('Password is required');
  });

  it('accepts JSON bodies as well as form-encoded ones', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_string: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.json<Body>().type).toBe('ok');
  });

  it('uses HTTP statuses only for transport faults, without internals', async () => {
    const badMedia = await h.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expect(badMedia.statusCode).toBe(415);
    const tooLarge = await h.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ user_string: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(tooLarge.statusCode).toBe(413);
    const malformed = await h.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toMatch(/Unexpected|JSON at position|stack/);
    const unknown = await h.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(unknown.statusCode).toBe(404);
  });

  it('serves a health check and an OpenAPI document generated from the schemas', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/getSetting', '/user/login', '/currency/list']));
    expect(JSON.stringify(doc.paths['/getSetting'])).toContain('keyword');
  });

  it('serves the interactive API reference at /api/docs as a page (scripts from itself only)', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const bundle = await h.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/user/login');
  });
});

describe('platform calls', () => {
  it('lists the currencies with colours and images', async () => {
    const r = await call('GET', '/api/currency/list');
    const list = r.body.message as Array<{ name: string; subName: string; color: string; image: string; decimals: number }>;
    expect(list.map((c) => `${c.name}${c.subName ? ' ' + c.subName : ''}`)).toEqual([
      'USDT ERC20',
      'USDT TRC20',
      'ETH',
      'BTC',
      'BANKCARD',
      // The market module's demo markets need these (LTC grey-purple).
      'LTC',
      'SOL',
      'XRP',
      'DOGE',
    ]);
    expect(list.find((c) => c.name === 'BTC')).toMatchObject({ color: '#f7931a', decimals: 8, image: '/coins/btc.webp' });
  });

  it('serves the menu in the caller language', async () => {
    const en = (await call('GET', '/api/menu')).body.message as Array<{ key: string; name: string }>;
    const kor = (await call('GET', '/api/menu', { lang: 'kor' })).body.message as Array<{ key: string; name: string }>;
    expect(en.find((m) => m.key === 'withdraw')?.name).toBe('Withdraw');
    expect(kor.find((m) => m.key === 'withdraw')?.name).toBe('출금');
  });

  it('serves site configuration with demo mode and sign-in-only wallet parameters', async () => {
    const r = await call('GET', '/api/getercSetting');
    expect(r.body.message).toMatchObject({ site_name: 'Bourse', demo_mode: true, address: '', contract_address: '' });
  });

  it('serves the 11 fiat rates with USD at 1', async () => {
    const rates = (await call('GET', '/api/fiat/rates')).body.message as Array<{ currency_code: string; rate: string; saveTime: number }>;
    expect(rates.map((r) => r.currency_code)).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    expect(rates[0]).toMatchObject({ currency_code: 'USD', rate: '1' });
    expect(typeof rates[0]!.saveTime).toBe('number');
  });
});

describe('fiat rate refresher', () => {
  let server: Server;
  let hits = 0;
  let answer: unknown = { rates: { USD: 1, CNY: 7.2345, EUR: '0.9', XXX: 5, JPY: -1 } };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('updates from the configured source at most once per 24 h and keeps only valid known codes', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest`;
    const ctx = { ...h.ctx, config: { ...h.ctx.config, fiatRatesUrl: url } };
    expect(await refreshFiatRates(ctx)).toBe('updated');
    const rates = (await call('GET', '/api/fiat/rates')).body.message as Array<{ currency_code: string; rate: string }>;
    expect(rates.find((r) => r.currency_code === 'CNY')?.rate).toBe('7.2345');
    expect(rates.find((r) => r.currency_code === 'EUR')?.rate).toBe('0.9');
    expect(rates.find((r) => r.currency_code === 'JPY')?.rate).toBe('151.8'); // negative refused, bundled kept
    expect(rates.some((r) => r.currency_code === 'XXX')).toBe(false);

    expect(await refreshFiatRates(ctx)).toBe('skipped');
    expect(hits).toBe(1);
    h.clock.advance(24 * 3600_000);
    answer = { nonsense: true };
    expect(await refreshFiatRates(ctx)).toBe('failed');
    expect(hits).toBe(2);
    const after = (await call('GET', '/api/fiat/rates')).body.message as Array<{ currency_code: string; rate: string }>;
    expect(after.find((r) => r.currency_code === 'CNY')?.rate).toBe('7.2345');
  });
});

describe('sessions and protected calls', () => {
  it('answers 999 without a valid session and records last-seen with one', async () => {
    expect((await call('GET', '/api/user/pingw')).body.type).toBe(999);
    expect((await call('GET', '/api/user/pingw', undefined, { authorization: 'forged-token' })).body.type).toBe(999);
    const token = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
    const ping = await call('GET', '/api/user/pingw', undefined, { authorization: token });
    expect(ping.body.type).toBe('ok');
    const seen = await h.ctx.db.selectFrom('users').select('last_seen_at').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(seen.last_seen_at?.toISOString()).toBe(h.clock.now().toISOString());
  });

  it('does not reveal whether an account exists', async () => {
    const missing = await call('POST', '/api/user/login', { user_string: 'nobody@example.com', password: 'whatever1' });
    const wrong = await call('POST', '/api/user/login', { user_string: DEMO_EMAIL, password: 'wrong-password' });
    expect(missing.body).toEqual(wrong.body);
    expect(wrong.body.error).toBe('invalid_credentials');
  });

  it('expires idle sessions and ends sessions on logout', async () => {
    const token = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect((await call('GET', '/api/user/info', undefined, { authorization: token })).body.type).toBe('ok');
    h.clock.advance(8 * 24 * 3600_000);
    expect((await call('GET', '/api/user/info', undefined, { authorization: token })).body.type).toBe(999);
    const second = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
    await call('GET', '/api/user/logout', undefined, { authorization: second });
    expect((await call('GET', '/api/user/info', undefined, { authorization: second })).body.type).toBe(999);
  });

  it('shows a user only their own balances (demo balances credited through the journal)', async () => {
    const token = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
    const r = await call('POST', '/api/wallet/list', {}, { authorization: token });
    const accounts = (r.body.message as { accounts: Array<{ account_type: number; currency: { name: string; subName: string }; available: string }> }).accounts;
    const usdt = accounts.find((a) => a.account_type === 2 && a.currency.name === 'USDT' && a.currency.subName === 'ERC20');
    expect(usdt?.available).toBe('10000');
    expect(accounts.find((a) => a.account_type === 2 && a.currency.name === 'BTC')?.available).toBe('0.5');
    // The demo user's five starting balances (other demo accounts, e.g. the market-making bot, have their own).
    const entries = await h.ctx.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('kind', '=', 'demo_credit')
      .where('idempotency_key', 'like', 'demo:credit:%')
      .execute();
    expect(entries.length).toBe(5);
  });

  it('rate-limits logins per IP with HTTP 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.9.9.9',
        payload: { user_string: 'x@example.com', password: 'nope-nope' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
  });
});
