/** Asset centre through the real app: user calls, console review, messages in the user's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo/seed';
import { reconcile } from '../src/modules/ledger';
import { loginToken, testApp } from './helpers';
import { api, lastOutboxCode, registerByEmail, type Body, type H } from './identity-helpers';

let h: H;
let op: string;
let demo: string;
let usdt: number;
let eth: number;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

async function operatorToken(): Promise<string> {
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: '10.251.0.1',
    payload: { username: 'admin', password: 'operator-pass-123' },
  });
  return (r.json<Body>().message as { token: string }).token;
}

async function upload(token: string): Promise<string> {
  const boundary = '----assets' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  return res.json<Body>().message as string;
}

async function tick(symbol: string, price: string) {
  const inst = await h.ctx.db
    .selectFrom('instruments')
    .select('id')
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow();
  await h.ctx.db
    .insertInto('market_ticks')
    .values({ instrument_id: inst.id, price, volume: '1', at: h.clock.now(), source: 'simulated' })
    .execute();
}

beforeAll(async () => {
  h = await testApp();
  op = await operatorToken();
  demo = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
  const id = async (name: string, sub = '') =>
    (
      await h.ctx.db
        .selectFrom('currencies')
        .select('id')
        .where('name', '=', name)
        .where('sub_name', '=', sub)
        .executeTakeFirstOrThrow()
    ).id;
  usdt = await id('USDT', 'ERC20');
  eth = await id('ETH');
});
afterAll(async () => {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

describe('balances', () => {
  it('lists every account type with available, frozen, total and converted value', async () => {
    await tick('BTC/USDT', '90000');
    await tick('ETH/USDT', '3000');
    const r = await api(h, 'POST', '/api/wallet/list', {}, { token: demo });
    expect(r.type).toBe('ok');
    const w = r.message as {
      total_usdt: string;
      accounts: Array<{
        account_type: number;
        currency_id: number;
        available: string;
        usdt_value: string | null;
      }>;
      types: Array<{ account_type: number; total_usdt: string }>;
    };
    const btc = w.accounts.find((a) => a.account_type === 2 && a.usdt_value === '45000');
    expect(btc?.available).toBe('0.5');
    // 10000 + 2500 + 45000 + 15000 in change, 1000 in legal
    expect(w.types.find((t) => t.account_type === 2)?.total_usdt).toBe('72500');
    expect(w.total_usdt).toBe('73500');
    const detail = await api(
      h,
      'GET',
      '/api/user/getWalletDetails',
      { currency: String(eth), type: 'change' },
      { token: demo },
    );
    expect(detail.message).toMatchObject({ available: '5', usdt_value: '15000' });
    expect((await api(h, 'POST', '/api/wallet/list', {})).type).toBe(999);
  });
});

describe('withdrawal journey', () => {
  it('gates on real-name (998) when operators require it, then requires a code and an address from the book', async () => {
    const user = await registerByEmail(h, 'withdrawer@example.com');
    expect(
      (
        await api(
          h,
          'POST',
          '/api/admin/identity/settings',
          { kyc_required_features: ['withdraw'] },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    const gated = await api(h, 'POST', '/api/wallet/out', { currency: usdt, number: '20' }, { token: user });
    expect(gated.type).toBe(998);
    expect(
      (await api(h, 'POST', '/api/admin/identity/settings', { kyc_required_features: [] }, { token: op }))
        .type,
    ).toBe('ok');
    const noAddress = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '20', lang: 'zh' },
      { token: user },
    );
    expect(noAddress).toMatchObject({
      type: 'error',
      error: 'withdraw_address_required',
      message: '请选择提币地址',
    });
    const noAmount = await api(h, 'POST', '/api/wallet/out', { currency: usdt }, { token: user });
    expect(noAmount.message).toBe('Please enter the withdrawal amount');
  });

  it('demo user: request with code → operator approves, marks sent, completes → the user sees completed', async () => {
    const book = await api(
      h,
      'POST',
      '/api/user/wallet/save',
      { currency: 'USDT-ERC20', name: 'cold', address: '0x' + '7'.repeat(40) },
      { token: demo },
    );
    expect(book.type).toBe('ok');
    const addressId = (book.message as { id: number }).id;
    const info = await api(h, 'POST', '/api/wallet/get_info', { currency: usdt }, { token: demo });
    expect(info.message).toMatchObject({
      withdrawable: '10000',
      code_required: true,
      config: { withdraw_fee: '1', withdraw_min: '10' },
    });
    const wrong = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '100', address_id: addressId, code: '000000' },
      { token: demo },
    );
    expect(wrong.error).toBe('code_invalid');
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'withdraw' }, { token: demo })).type).toBe('ok');
    const code = await lastOutboxCode(h, DEMO_EMAIL);
    const insufficient = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '20000', address_id: addressId, code },
      { token: demo },
    );
    expect(insufficient.error).toBe('insufficient_balance');
    const range = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '60000', address_id: addressId, code },
      { token: demo },
    );
    expect(range.message).toBe('Amount exceeds the minimum and maximum range');
    const w = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '100', address_id: addressId, code, idempotency_key: 'demo-w-1' },
      { token: demo },
    );
    expect(w.message).toMatchObject({ status: 'review', amount: '100', fee: '1', receive: '99', rate: '1' });
    const id = (w.message as { id: number }).id;
    // The retry with the same key (its code is spent) gets the same withdrawal.
    const retry = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '100', address_id: addressId, code, idempotency_key: 'demo-w-1' },
      { token: demo },
    );
    expect((retry.message as { id: number }).id).toBe(id);

    const queue = await api(h, 'GET', '/api/admin/assets/withdrawals', { status: 'review' }, { token: op });
    expect((queue.message as { data: Array<{ id: number }> }).data.map((x) => x.id)).toContain(id);
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/approve`, {}, { token: op })).message,
    ).toMatchObject({ status: 'approved' });
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/sent`, { tx_hash: 'nope' }, { token: op }))
        .error,
    ).toBe('tx_hash_invalid');
    expect(
      (
        await api(
          h,
          'POST',
          `/api/admin/assets/withdrawals/${id}/sent`,
          { tx_hash: '0x' + 'e'.repeat(64) },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/complete`, {}, { token: op })).type,
    ).toBe('ok');
    const mine = await api(h, 'GET', '/api/user/withdraw/list', {}, { token: demo });
    expect(
      (mine.message as { data: Array<{ id: number; status: string; tx_hash: string }> }).data[0],
    ).toMatchObject({ id, status: 'completed', tx_hash: '0x' + 'e'.repeat(64) });
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `withdrawal:${id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'assets.withdrawal.approve',
      'assets.withdrawal.sent',
      'assets.withdrawal.complete',
    ]);
    const bal = await api(h, 'POST', '/api/wallet/detail', { currency: usdt, type: 2 }, { token: demo });
    expect(bal.message).toMatchObject({ available: '9900', frozen: '0' });
  });

  it('a refused withdrawal shows its reason and the funds come back', async () => {
    const book = await api(h, 'GET', '/api/user/wallet/list', {}, { token: demo });
    const addressId = (book.message as { data: Array<{ id: number }> }).data[0]!.id;
    await api(h, 'POST', '/api/admin/assets/settings', { withdraw_code_required: false }, { token: op });
    const w = await api(
      h,
      'POST',
      '/api/user/withdraw',
      { currency: usdt, amount: '50', address_id: addressId },
      { token: demo },
    );
    const id = (w.message as { id: number }).id;
    expect(
      (
        await api(
          h,
          'POST',
          `/api/admin/assets/withdrawals/${id}/reject`,
          { reason: 'Address failed screening' },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    const detail = await api(h, 'GET', '/api/user/withdraw/detail', { id: String(id) }, { token: demo });
    expect(detail.message).toMatchObject({ status: 'rejected', reason: 'Address failed screening' });
    expect(
      (await api(h, 'POST', '/api/wallet/detail', { currency: usdt, type: 2 }, { token: demo })).message,
    ).toMatchObject({ available: '9900' });
    await api(h, 'POST', '/api/admin/assets/settings', { withdraw_code_required: true }, { token: op });
  });
});

describe('bank-card channel (BANKCARD)', () => {
  it('deposit shows the receiving account; withdrawal goes to the bound card, masked for the user, marked sent with a bank reference', async () => {
    const bank = (
      await h.ctx.db
        .selectFrom('currencies')
        .select('id')
        .where('name', '=', 'BANKCARD')
        .executeTakeFirstOrThrow()
    ).id;
    const set = await api(
      h,
      'POST',
      '/api/admin/assets/bank-channel',
      {
        bank_name: 'Harbour Bank',
        account_name: 'Bourse Ltd',
        account_number: '6222021234567890',
        note: 'Put your user id in the memo',
      },
      { token: op },
    );
    expect(set.message).toMatchObject({ bank_name: 'Harbour Bank', account_number: '6222021234567890' });
    const user = await registerByEmail(h, 'banker@example.com');
    const info = await api(h, 'POST', '/api/wallet/get_info', { currency: bank }, { token: user });
    expect(info.message).toMatchObject({
      bank_channel: {
        bank_name: 'Harbour Bank',
        account_name: 'Bourse Ltd',
        account_number: '6222021234567890',
      },
    });
    // A crypto coin has no bank channel.
    expect(
      (await api(h, 'POST', '/api/wallet/get_info', { currency: usdt }, { token: user })).message,
    ).toMatchObject({
      bank_channel: null,
    });

    // Deposit by bank transfer: proof → operator confirms → credited.
    const proof = await upload(user);
    const dep = await api(
      h,
      'POST',
      '/api/wallet/charge_req',
      { currency: bank, amount: '500', proof },
      { token: user },
    );
    const depId = (dep.message as { id: number }).id;
    expect(
      (await api(h, 'POST', `/api/admin/assets/deposits/${depId}/confirm`, {}, { token: op })).type,
    ).toBe('ok');

    // No bound card: refused in the user's language.
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'withdraw' }, { token: user })).type).toBe('ok');
    const code = await lastOutboxCode(h, 'banker@example.com');
    const noCard = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: bank, number: '200', code, lang: 'zh' },
      { token: user },
    );
    expect(noCard).toMatchObject({ error: 'withdraw_card_required', message: '请先绑定银行卡' });
    expect(
      (
        await api(
          h,
          'POST',
          '/api/user/cash_save',
          { real_name: 'Li Lei', bank_name: 'Harbour Bank', bank_account: '6222029876543210' },
          { token: user },
        )
      ).type,
    ).toBe('ok');
    const w = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: bank, number: '200', code, card: 'domestic' },
      { token: user },
    );
    expect(w.message).toMatchObject({
      status: 'review',
      network: 'BANKCARD',
      address: 'Harbour Bank · Li Lei · 6222****3210',
      amount: '200',
      receive: '200',
    });
    const id = (w.message as { id: number }).id;
    const queue = await api(h, 'GET', '/api/admin/assets/withdrawals', { status: 'review' }, { token: op });
    expect(
      (queue.message as { data: Array<{ id: number; address: string }> }).data.find((x) => x.id === id),
    ).toMatchObject({
      address: 'Harbour Bank · Li Lei · 6222029876543210',
    });
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/approve`, {}, { token: op })).type,
    ).toBe('ok');
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/sent`, { tx_hash: 'x' }, { token: op }))
        .error,
    ).toBe('tx_hash_invalid');
    expect(
      (
        await api(
          h,
          'POST',
          `/api/admin/assets/withdrawals/${id}/sent`,
          { tx_hash: 'HB-20261123-0042' },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    expect(
      (await api(h, 'POST', `/api/admin/assets/withdrawals/${id}/complete`, {}, { token: op })).type,
    ).toBe('ok');
    const mine = await api(h, 'GET', '/api/user/withdraw/list', {}, { token: user });
    expect((mine.message as { data: unknown[] }).data[0]).toMatchObject({
      id,
      status: 'completed',
      tx_hash: 'HB-20261123-0042',
      address: 'Harbour Bank · Li Lei · 6222****3210',
    });
    expect(
      (await api(h, 'POST', '/api/wallet/detail', { currency: bank, type: 2 }, { token: user })).message,
    ).toMatchObject({
      available: '300',
      frozen: '0',
    });
  });
});

describe('deposits, transfers, exchange, records', () => {
  it('manual deposit with proof is credited after the operator confirms; demo deposit only for demo users', async () => {
    const user = await registerByEmail(h, 'depositor@example.com');
    const proof = await upload(user);
    const noProof = await api(
      h,
      'POST',
      '/api/wallet/charge_req',
      { currency: usdt, amount: '25' },
      { token: user },
    );
    expect(noProof.error).toBe('deposit_proof_required');
    const req = await api(
      h,
      'POST',
      '/api/wallet/charge_req',
      { currency: usdt, amount: '25', proof },
      { token: user },
    );
    const id = (req.message as { id: number }).id;
    expect((await api(h, 'GET', '/api/recharge/log', {}, { token: user })).message).toMatchObject({
      data: [{ id, status: 'review' }],
    });
    expect((await api(h, 'POST', `/api/admin/assets/deposits/${id}/confirm`, {}, { token: op })).type).toBe(
      'ok',
    );
    expect((await api(h, 'POST', `/api/admin/assets/deposits/${id}/confirm`, {}, { token: op })).error).toBe(
      'deposit_state',
    );
    expect(
      (await api(h, 'POST', '/api/wallet/detail', { currency: usdt, type: 2 }, { token: user })).message,
    ).toMatchObject({ available: '25' });
    const userId = (
      await h.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'depositor@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await api(
          h,
          'POST',
          '/api/admin/assets/deposits/demo',
          { user_id: userId, currency_id: usdt, amount: '5' },
          { token: op },
        )
      ).error,
    ).toBe('demo_deposit_forbidden');
    const demoId = (
      await h.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await api(
          h,
          'POST',
          '/api/admin/assets/deposits/demo',
          { user_id: demoId, currency_id: usdt, amount: '100' },
          { token: op },
        )
      ).type,
    ).toBe('ok');
    expect(
      (await api(h, 'POST', '/api/wallet/detail', { currency: usdt, type: 2 }, { token: demo })).message,
    ).toMatchObject({ available: '10000' });
  });

  it('transfers between own accounts by field names and by account ids', async () => {
    const r = await api(
      h,
      'POST',
      '/api/wallet/change',
      { currency_id: usdt, number: '40', from_field: 'change', to_field: 'micro' },
      { token: demo },
    );
    expect(r.message).toMatchObject({ from_field: 'change', to_field: 'micro', amount: '40' });
    const over = await api(
      h,
      'POST',
      '/api/wallet/change',
      { currency_id: usdt, number: '41', from_field: 4, to_field: 2 },
      { token: demo },
    );
    expect(over.message).toBe('Insufficient balance');
    const list = await api(h, 'POST', '/api/user/getTransferList', { currency_id: usdt }, { token: demo });
    const accounts = list.message as Array<{ id: number; account_type: number; available: string }>;
    const micro = accounts.find((a) => a.account_type === 4)!;
    const legal = accounts.find((a) => a.account_type === 1)!;
    expect(micro.available).toBe('40');
    const tr = await api(
      h,
      'POST',
      '/api/user/Transfer',
      { number: '15', from_currency_id: micro.id, to_currency_id: legal.id },
      { token: demo },
    );
    expect(tr.message).toMatchObject({ from_type: 4, to_type: 1, amount: '15' });
    const hist = await api(h, 'GET', '/api/wallet/hzhistory', {}, { token: demo });
    expect((hist.message as { data: unknown[] }).data.length).toBe(2);
  });

  it('exchanges at a quoted price from stored ticks and records which ticks it used', async () => {
    await tick('ETH/USDT', '3000');
    const q = await api(
      h,
      'POST',
      '/api/wallet/exchange/quote',
      { from_currency_id: usdt, to_currency_id: eth, number: '300' },
      { token: demo },
    );
    expect(q.type).toBe('ok');
    const quote = q.message as { quote_id: string; receive: string; fee: string; tick_ids: string[] };
    expect(quote.fee).toBe('0.3');
    const ex = await api(h, 'POST', '/api/user/exchangeCoin', { quote_id: quote.quote_id }, { token: demo });
    expect(ex.message).toMatchObject({ receive: quote.receive, tick_ids: quote.tick_ids });
    expect(
      (await api(h, 'POST', '/api/user/exchangeCoin', { quote_id: quote.quote_id }, { token: demo })).error,
    ).toBe('exchange_quote_used');
    h.clock.advance(11_000);
    expect(
      (
        await api(
          h,
          'POST',
          '/api/wallet/exchange/quote',
          { from_currency_id: usdt, to_currency_id: eth, number: '1' },
          { token: demo },
        )
      ).error,
    ).toBe('exchange_no_price');
  });

  it('records: every journal line, filtered, 10 a page, then no more', async () => {
    const p1 = await api(h, 'POST', '/api/wallet/legal_log', { page: 1 }, { token: demo });
    const page1 = p1.message as { data: Array<{ kind: string }>; has_more: boolean };
    expect(page1.data.length).toBe(10);
    expect(page1.has_more).toBe(true);
    const micro = await api(
      h,
      'GET',
      '/api/record/getRecordList',
      { type: '4', page: '1', page_size: '10' },
      { token: demo },
    );
    const lines = micro.message as { data: Array<{ kind: string; amount: string }>; has_more: boolean };
    expect(lines.data.map((l) => l.amount)).toEqual(['-15', '40']);
    expect(lines.has_more).toBe(false);
  });

  it('an absurdly large amount is refused with a message, never an overflowing column (HTTP 500)', async () => {
    const huge = '1' + '0'.repeat(90);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/api/wallet/change', { currency_id: usdt, number: huge, from_field: 2, to_field: 4, lang: 'de' }],
      [
        '/api/wallet/exchange/quote',
        { from_currency_id: usdt, to_currency_id: eth, number: huge, lang: 'de' },
      ],
      ['/api/wallet/charge_req', { currency: usdt, amount: huge, proof: 'x', lang: 'de' }],
      ['/api/wallet/out', { currency: usdt, number: huge, address_id: 1, lang: 'de' }],
    ];
    for (const [url, body] of calls) {
      const r = await api(h, 'POST', url, body, { token: demo });
      expect(r, url).toMatchObject({ type: 'error', error: 'amount_out_of_range' });
      expect(r.message, url).not.toBe('amount_out_of_range');
    }
  });

  it('console: liabilities balance against the system accounts; configuration changes are audited', async () => {
    const l = await api(h, 'GET', '/api/admin/assets/liabilities', {}, { token: op });
    const rows = l.message as Array<{ currency_id: number; balanced: boolean; users_total: string }>;
    expect(rows.every((r) => r.balanced)).toBe(true);
    const cfg = await api(h, 'GET', '/api/admin/assets/config', {}, { token: op });
    const usdtCfg = (
      cfg.message as { currencies: Array<{ currency: { id: number }; config: Record<string, unknown> }> }
    ).currencies.find((c) => c.currency.id === usdt)!.config;
    const saved = await api(
      h,
      'POST',
      `/api/admin/assets/config/${usdt}`,
      { ...usdtCfg, withdraw_fee: '2', currency_id: undefined },
      { token: op },
    );
    expect(saved.message).toMatchObject({ withdraw_fee: '2' });
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'assets.config.update')
      .execute();
    expect(audit.length).toBe(1);
    const user = await registerByEmail(h, 'nosy@example.com');
    expect((await api(h, 'GET', '/api/admin/assets/liabilities', {}, { token: user })).type).toBe(999);
  });
});
