import { Dec } from '@bourse/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers';

let h: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  h = await testApp();
});
afterAll(async () => h.close());

type Body = { type: string | number; message: unknown; error?: string };

async function adminLogin(username: string, password: string, ip = '127.0.0.1') {
  const res = await h.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, payload: { username, password } });
  return res.json<Body>();
}

function get(url: string, token: string) {
  return h.app.inject({ method: 'GET', url, headers: { authorization: token } }).then((r) => r.json<Body>());
}

function post(url: string, token: string, payload: Record<string, unknown>) {
  return h.app.inject({ method: 'POST', url, headers: { authorization: token }, payload }).then((r) => r.json<Body>());
}

describe('operator console API', () => {
  it('signs the operator in, audits it, and shows balanced books', async () => {
    const login = await adminLogin('admin', 'operator-pass-123');
    expect(login.type).toBe('ok');
    const { token, operator } = login.message as { token: string; operator: { role: string } };
    expect(operator.role).toBe('admin');

    const summary = (await get('/api/admin/ledger/summary', token)).message as {
      currencies: Array<{ name: string; sub_name: string; users_available: string; system_total: string; total: string }>;
      system_accounts: Array<{ system_code: string; available: string }>;
      reconciliation: { ok: boolean; violations: unknown[] };
    };
    expect(summary.reconciliation.ok).toBe(true);
    const usdt = summary.currencies.find((c) => c.name === 'USDT' && c.sub_name === 'ERC20')!;
    // The demo user's 11,000 plus the demo bots' balances; whatever users hold, the system owes it.
    expect(usdt.total).toBe('0');
    expect(new Dec(usdt.users_available).gte(11_000)).toBe(true);
    expect(new Dec(usdt.system_total).isNeg()).toBe(true);
    expect(summary.system_accounts.some((s) => s.system_code === 'demo')).toBe(true);

    const audit = (await get('/api/admin/audit', token)).message as { items: Array<{ action: string; operator_username: string }> };
    expect(audit.items.some((a) => a.action === 'operator.login' && a.operator_username === 'admin')).toBe(true);

    const entries = (await get('/api/admin/ledger/entries?limit=5', token)).message as {
      items: Array<{ kind: string; postings: Array<{ amount: string }> }>;
      total: number;
    };
    // Every demo credit is there (the demo user's, the bots', the funded pools), five per page.
    const credits = await h.ctx.db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(entries.total).toBe(Number(credits.n));
    expect(entries.items).toHaveLength(5);
    expect(entries.items[0]!.postings.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a wrong password with a message and records the failure', async () => {
    const bad = await adminLogin('admin', 'wrong', '10.1.1.1');
    expect(bad).toMatchObject({ type: 'error', error: 'operator_invalid_credentials' });
  });

  it('keeps users and operators apart: a user token is not an operator session', async () => {
    const userLogin = await h.app.inject({ method: 'POST', url: '/api/user/login', payload: { user_string: 'demo@example.com', password: 'demo1234' } });
    const userToken = userLogin.json<{ message: string }>().message;
    expect((await get('/api/admin/ledger/summary', userToken)).type).toBe(999);
    expect((await get('/api/admin/ledger/summary', '')).type).toBe(999);
  });

  it('lets only admins create operators, and audits the creation with before/after', async () => {
    const { token } = (await adminLogin('admin', 'operator-pass-123')).message as { token: string };
    const reviewer = { username: 'reviewer1', password: 'reviewer-pass-1', role: 'reviewer' };
    expect((await post('/api/admin/operators', token, reviewer)).type).toBe('ok');
    expect((await post('/api/admin/operators', token, reviewer)).error).toBe('operator_exists');

    const { token: reviewerToken } = (await adminLogin('reviewer1', 'reviewer-pass-1')).message as { token: string };
    const forbidden = await post('/api/admin/operators', reviewerToken, { username: 'sneaky', password: 'sneaky-pass-1', role: 'admin' });
    expect(forbidden.error).toBe('operator_forbidden');
    const audit = (await get('/api/admin/audit', token)).message as { items: Array<{ action: string; after: unknown }> };
    expect(audit.items.find((a) => a.action === 'operator.create')?.after).toMatchObject({ username: 'reviewer1', role: 'reviewer' });
  });

  it('lets an admin add a currency and change its look, audited; users see it in the currency list', async () => {
    const { token } = (await adminLogin('admin', 'operator-pass-123', '10.3.3.3')).message as { token: string };
    const created = await post('/api/admin/currencies', token, { name: 'ada', decimals: 8, color: '#0033ad', image: '/coins/ada.svg', sort: 20 });
    expect(created).toMatchObject({ type: 'ok', message: { name: 'ADA', subName: '', decimals: 8, status: 1 } });
    const id = (created.message as { id: number }).id;
    expect((await post('/api/admin/currencies', token, { name: 'ADA', decimals: 8, color: '#0033ad', image: '/coins/ada.svg', sort: 20 })).error).toBe('currency_exists');
    expect((await post('/api/admin/currencies', token, { name: 'L T C', decimals: 8, color: '#a6a9d0', image: '/x.svg', sort: 1 })).error).toBe('field_invalid');
    expect((await post('/api/admin/currencies', token, { name: 'XRP', decimals: 31, color: '#000000', image: '/x.svg', sort: 1 })).error).toBe('field_too_large');

    const list = await h.app.inject({ method: 'GET', url: '/api/currency/list' }).then((r) => r.json<{ message: Array<{ name: string }> }>());
    expect(list.message.map((c) => c.name)).toContain('ADA');

    const disabled = await post(`/api/admin/currencies/${id}`, token, { status: 0, decimals: 2 });
    expect(disabled).toMatchObject({ type: 'ok', message: { status: 0, decimals: 8 } });
    const after = await h.app.inject({ method: 'GET', url: '/api/currency/list' }).then((r) => r.json<{ message: Array<{ name: string }> }>());
    expect(after.message.map((c) => c.name)).not.toContain('ADA');

    const audit = (await get('/api/admin/audit', token)).message as { items: Array<{ action: string; before: unknown; after: unknown }> };
    const update = audit.items.find((a) => a.action === 'currency.update');
    expect(update?.before).toMatchObject({ status: 1 });
    expect(update?.after).toMatchObject({ status: 0 });
  });

  it('rate-limits operator sign-in', async () => {
    const results: Body[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await h.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.2.2.2', payload: { username: 'admin', password: 'guess' + i } });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) results.push(res.json<Body>());
    }
    expect(statuses).toContain(429);
    expect(results.every((r) => r.type === 'error')).toBe(true);
  });
});
