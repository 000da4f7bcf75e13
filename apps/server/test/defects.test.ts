/**
 * Defects found by an outside audit over HTTP: opposite transfers that deadlocked on PostgreSQL,
 * inputs that reached the database and answered 500 (NUL bytes, ids past int4, a console body
 * checked before the operator), operator sign-in without a per-account throttle, a user locked
 * out by anyone who knows the e-mail, and a market suspension that chose a contract's
 * settlement price. Each case failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '@bourse/contract';
import { settleDue } from '../src/modules/contracts';
import { createSession } from '../src/modules/sessions';
import { ledger, reconcile } from '../src/modules/ledger';
import { MarketFeed } from '../src/modules/market';
import { closeBalanced, demoApp } from './assets-helpers';
import { createUser } from './helpers';
import { api, freshIp, type Body, type H } from './identity-helpers';
import { fund, setupProducts, tick } from './contracts/fixture';

let h: H;
let op: string;
let demo: string;
let usdt: number;
let eth: number;

/** Credits a user's account of a type from the demo source. */
async function credit(userId: number, currency: number, type: number, amount: bigint) {
  await h.ctx.db.transaction().execute(async (trx) => {
    const from = await ledger.systemAccount(trx, 'demo', currency);
    const to = await ledger.userAccount(trx, userId, currency, type);
    await ledger.transfer(trx, from, to, amount, { kind: 'test_credit' }, h.clock.now());
  });
}

beforeAll(async () => {
  ({ h, op, demo, usdt, eth } = await demoApp());
});
afterAll(() => closeBalanced(h));

describe('1. opposite-direction bursts do not deadlock', () => {
  it('80 parallel transfers, half change→contract and half contract→change, all answer 200 and balance', async () => {
    const userId = await createUser(h.ctx.db);
    const token = await createSession(h.ctx, userId, { ip: null, userAgent: null });
    await credit(userId, usdt, ACCOUNT_TYPES.change, 10_000_000_000n);
    await credit(userId, usdt, ACCOUNT_TYPES.micro, 10_000_000_000n);
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        h.app.inject({
          method: 'POST',
          url: '/api/wallet/change',
          remoteAddress: freshIp(),
          headers: { authorization: token },
          payload: { currency_id: usdt, number: '30', from_field: i % 2 ? 2 : 4, to_field: i % 2 ? 4 : 2 },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(results.filter((r) => r.json<Body>().type !== 'ok').map((r) => r.json<Body>().message)).toEqual([]);
    expect((await reconcile(h.ctx.db)).ok).toBe(true);
  });

  it('two users exchanging in opposite directions (USDT→ETH and ETH→USDT) all answer 200', async () => {
    await tick(h.ctx, (await h.ctx.db.selectFrom('instruments').select('id').where('symbol', '=', 'ETH/USDT').executeTakeFirstOrThrow()).id, '3000');
    const users = [await createUser(h.ctx.db), await createUser(h.ctx.db)];
    const tokens = await Promise.all(users.map((u) => createSession(h.ctx, u, { ip: null, userAgent: null })));
    await credit(users[0]!, usdt, ACCOUNT_TYPES.change, 100_000_000_000n);
    await credit(users[1]!, eth, ACCOUNT_TYPES.change, 10n ** 20n);
    const one = async (i: number) => {
      const [from, to, number] = i % 2 ? [usdt, eth, '30'] : [eth, usdt, '0.01'];
      const token = tokens[i % 2 ? 0 : 1]!;
      const q = await api(h, 'POST', '/api/wallet/exchange/quote', { from_currency_id: from, to_currency_id: to, number }, { token });
      expect(q.type).toBe('ok');
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/user/exchangeCoin',
        remoteAddress: freshIp(),
        headers: { authorization: token },
        payload: { quote_id: (q.message as { quote_id: string }).quote_id },
      });
      return res;
    };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => one(i)));
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(results.filter((r) => r.json<Body>().type !== 'ok').map((r) => r.json<Body>().message)).toEqual([]);
  });
});

describe('2. control characters in string inputs', () => {
  const cases: Array<[method: 'GET' | 'POST', url: string, payload: Record<string, unknown>, auth: 'none' | 'user' | 'op']> = [
    ['GET', '/api/getSetting', { keyword: 'a\u0000b' }, 'none'],
    ['POST', '/api/user/login', { user_string: 'a\u0000b@example.com', password: 'x\u0000y' }, 'none'],
    ['POST', '/api/admin/login', { username: 'ad\u0000min', password: 'x' }, 'none'],
    ['GET', '/api/coin/depth', { symbol: 'BTC\u0000USDT' }, 'none'],
    ['GET', '/api/coin/trades', { symbol: 'BTC\u0000USDT' }, 'none'],
    ['POST', '/api/microtrade/submit', { match_id: 1, currency_id: 1, type: 1, seconds: 60, number: '10', client_key: 'k\u0000' }, 'user'],
    ['POST', '/api/user/editNickname', { nickname: 'bad\u0007name' }, 'user'],
  ];
  it.each(cases)('%s %s answers 200 with a clear error, never 500', async (method, url, payload, auth) => {
    const headers: Record<string, string> = {};
    if (auth === 'user') headers.authorization = demo;
    if (auth === 'op') headers.authorization = op;
    const res =
      method === 'GET'
        ? await h.app.inject({ method, url: `${url}?${new URLSearchParams(payload as Record<string, string>).toString()}`, headers, remoteAddress: freshIp() })
        : await h.app.inject({ method, url, payload, headers, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(200);
    const body = res.json<Body>();
    expect(body.type).toBe('error');
    expect(body.error).toBe('field_invalid');
    expect(String(body.message)).toMatch(/invalid/i);
  });

  it('still accepts line breaks and tabs where text is free (a message body)', async () => {
    const r = await api(h, 'POST', '/api/admin/messages', { user_id: 1, title: 'Hello', content: 'line one\nline\ttwo', lang: 'en' }, { token: op });
    expect(r.error).not.toBe('field_invalid');
  });
});

describe('3. ids beyond their column range', () => {
  it('answers 200 with a clear error for an id past int4', async () => {
    const del = await h.app.inject({ method: 'POST', url: '/api/user/wallet/delete', headers: { authorization: demo }, payload: { id: 2147483648 }, remoteAddress: freshIp() });
    expect(del.statusCode).toBe(200);
    expect(del.json<Body>()).toMatchObject({ type: 'error', error: 'field_too_large' });
    const msg = await h.app.inject({ method: 'POST', url: '/api/admin/messages', headers: { authorization: op }, payload: { user_id: 2147483648, title: 't', content: 'c' }, remoteAddress: freshIp() });
    expect(msg.statusCode).toBe(200);
    expect(msg.json<Body>()).toMatchObject({ type: 'error', error: 'field_too_large' });
  });

  // Ids of bigint columns (spot orders, savings subscriptions): bounded by what a number holds exactly.
  const BIGINT_IDS = [/ \/coin\/(cancelTrade|order) id$/, / \/admin\/spot\/orders\/\{id\}\/cancel id$/, / \/(Mining\/exchangeList|lh\/deposit\/income) order_id$/, / \/lh\/deposit\/order\/(quote|cancel) id$/];
  it('every integer id in the OpenAPI document is bounded by its column', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const unbounded: string[] = [];
    const visit = (node: unknown, where: string, name: string) => {
      if (!node || typeof node !== 'object') return;
      const s = node as { type?: string | string[]; maximum?: number; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[]; schema?: unknown; name?: string };
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if ((types.includes('integer') || types.includes('number')) && /(^|_)id$/.test(name)) {
        const bigint = BIGINT_IDS.some((re) => re.test(`${where} ${name}`));
        if (s.maximum !== (bigint ? Number.MAX_SAFE_INTEGER : 2147483647)) unbounded.push(`${where} ${name} ≤ ${s.maximum}`);
      }
      for (const [k, v] of Object.entries(s.properties ?? {})) visit(v, where, k);
      if (s.items) visit(s.items, where, name);
      for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) visit(v, where, name);
      if (s.schema) visit(s.schema, where, s.name ?? name);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, opDoc] of Object.entries(ops)) {
        const o = opDoc as { parameters?: unknown[]; requestBody?: { content?: Record<string, { schema?: unknown }> } };
        for (const p of o.parameters ?? []) visit(p, `${method} ${path}`, (p as { name: string }).name);
        for (const c of Object.values(o.requestBody?.content ?? {})) visit(c.schema, `${method} ${path}`, '');
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe('4. console routes check the operator before the body', () => {
  it('an invalid fee_rate without a token answers "please log in", with a token a field error, never 500', async () => {
    const body = { instrument_id: 1, fee_rate: 'x', seconds: [{ seconds: 60, payout_rate: '0.8' }], currencies: [{ currency_id: usdt, min: '1', max: '10', exposure_cap: '100' }] };
    const anon = await h.app.inject({ method: 'POST', url: '/api/admin/contracts/products', payload: body, remoteAddress: freshIp() });
    expect(anon.statusCode).toBe(200);
    expect(anon.json<Body>().type).toBe(999);
    const signed = await h.app.inject({ method: 'POST', url: '/api/admin/contracts/products', payload: body, headers: { authorization: op }, remoteAddress: freshIp() });
    expect(signed.statusCode).toBe(200);
    expect(signed.json<Body>()).toMatchObject({ type: 'error', error: 'field_invalid' });
    const tooHigh = await api(h, 'POST', '/api/admin/contracts/products', { ...body, fee_rate: '1.5' }, { token: op });
    expect(tooHigh).toMatchObject({ type: 'error', error: 'field_invalid' });
  });

  it('a user route with a bad body and no session asks for a session', async () => {
    const r = await h.app.inject({ method: 'POST', url: '/api/user/wallet/delete', payload: { id: 'x' }, remoteAddress: freshIp() });
    expect(r.json<Body>().type).toBe(999);
  });
});

describe('5. sign-in throttles', () => {
  it('throttles one operator account across addresses, audits the attempts and shows them in the console', async () => {
    await h.ctx.db.insertInto('operators').values({ username: 'reviewer9', password_hash: (await h.ctx.db.selectFrom('operators').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow()).password_hash, role: 'reviewer' }).execute();
    const answers: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = await api(h, 'POST', '/api/admin/login', { username: 'reviewer9', password: `wrong-${i}` }, { ip: `10.77.${i % 10}.1` });
      answers.push(r.error ?? String(r.type));
    }
    expect(answers.slice(0, 5).every((a) => a === 'operator_invalid_credentials')).toBe(true);
    expect(answers.slice(5).every((a) => a === 'login_locked')).toBe(true);
    const right = await api(h, 'POST', '/api/admin/login', { username: 'reviewer9', password: 'operator-pass-123' }, { ip: '10.77.200.1' });
    expect(right.error).toBe('login_locked');
    const log = await api(h, 'GET', '/api/admin/audit', { view: 'sign_in_failures', limit: 100 }, { token: op });
    const items = (log.message as { items: Array<{ action: string; target: string; ip: string }>; total: number }).items;
    expect(items.filter((i) => i.target === 'operator:reviewer9')).toHaveLength(41);
    expect(new Set(items.map((i) => i.action))).toEqual(new Set(['operator.login_failed', 'operator.login_throttled']));
    const throttled = await h.ctx.db.selectFrom('audit_log').select('action').where('target', '=', 'operator:reviewer9').execute();
    expect(throttled.filter((a) => a.action === 'operator.login_failed')).toHaveLength(5);
    expect(throttled.filter((a) => a.action === 'operator.login_throttled')).toHaveLength(36); // 35 wrong, 1 right
    h.clock.advance(15 * 60_000 + 1);
    expect((await api(h, 'POST', '/api/admin/login', { username: 'reviewer9', password: 'operator-pass-123' })).type).toBe('ok');
  });

  it('a stranger failing on a user account does not lock its owner out of a known device', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const userId = await createUser(h.ctx.db, 'owner-pass-1');
    await h.ctx.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
    // The owner signs in once from their browser: the answer sets a device cookie.
    const first = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: email, password: 'owner-pass-1' }, remoteAddress: freshIp() });
    expect(first.json<Body>().type).toBe('ok');
    const cookie = first.cookies.find((c) => c.name === 'bourse_device');
    expect(cookie?.httpOnly).toBe(true);
    // A stranger tries wrong passwords from many addresses.
    for (let i = 0; i < 8; i++) {
      await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: email, password: `guess-${i}` }, remoteAddress: freshIp() });
    }
    // The stranger (no device cookie) is now refused even with the right password …
    const stranger = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: email, password: 'owner-pass-1' }, remoteAddress: freshIp() });
    expect(stranger.json<Body>().error).toBe('login_locked');
    // … but the owner's browser, which carries its device cookie, signs in.
    const owner = await h.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user_string: email, password: 'owner-pass-1' },
      cookies: { bourse_device: cookie!.value },
      remoteAddress: freshIp(),
    });
    expect(owner.json<Body>().type).toBe('ok');
    // A device cookie is no master key: wrong passwords with it are throttled on their own.
    for (let i = 0; i < 5; i++) {
      await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: email, password: `x-${i}` }, cookies: { bourse_device: cookie!.value }, remoteAddress: freshIp() });
    }
    const again = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: email, password: 'owner-pass-1' }, cookies: { bourse_device: cookie!.value }, remoteAddress: freshIp() });
    expect(again.json<Body>().error).toBe('login_locked');
  });
});

describe('6. no console action moves a contract settlement', () => {
  it('suspending a market 3 s before expiry and resuming 4 s after does not change the settlement tick', async () => {
    const m = await setupProducts(h.ctx);
    const userId = await createUser(h.ctx.db);
    const token = await createSession(h.ctx, userId, { ip: null, userAgent: null });
    await fund(h.ctx, userId, m.usdt.id, '100');
    const feed = new MarketFeed(h.ctx, { mode: 'simulated', seed: 7, tickMs: 1000, backfillDays: 0 });
    await feed.init();
    await feed.step();
    const placed = await api(h, 'POST', '/api/microtrade/submit', { match_id: m.btc, currency_id: m.usdt.id, type: 1, seconds: 30, number: '10' }, { token });
    expect(placed.type).toBe('ok');
    const order = placed.message as { id: string; expires_at?: string; end_time?: string };
    // The feed ticks once a second; the operator suspends the market 3 s before expiry.
    for (let s = 0; s < 27; s++) {
      h.clock.advance(1000);
      await feed.step();
    }
    expect((await api(h, 'POST', `/api/admin/market/instruments/${m.btc}`, { status: 0 }, { token: op })).type).toBe('ok');
    for (let s = 0; s < 7; s++) {
      h.clock.advance(1000);
      await feed.step();
    }
    expect((await api(h, 'POST', `/api/admin/market/instruments/${m.btc}`, { status: 1 }, { token: op })).type).toBe('ok');
    h.clock.advance(1000);
    await feed.step();
    await settleDue(h.ctx);
    const row = await h.ctx.db.selectFrom('contract_orders').select(['status', 'expires_at', 'close_tick_id']).where('id', '=', order.id).executeTakeFirstOrThrow();
    const expiry = row.expires_at.getTime();
    // The first tick the feed recorded at or after expiry, suspended or not, settles the order.
    const first = await h.ctx.db
      .selectFrom('market_ticks')
      .select(['id', 'at'])
      .where('instrument_id', '=', m.btc)
      .where('at', '>=', row.expires_at)
      .orderBy('at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(first.at.getTime() - expiry).toBeLessThan(1000);
    expect(row.status).not.toBe('open');
    expect(String(row.close_tick_id)).toBe(String(first.id));
    await feed.stop();
  });
});
