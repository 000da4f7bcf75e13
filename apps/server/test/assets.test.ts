/** Asset centre through the real app: user calls, console review, messages in the user's language. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../src/demo/seed';
import { assetConfig, closeBalanced, demoApp, saveAssetConfig } from './assets-helpers';
import { api, lastOutboxCode, registerByEmail, upload, type H } from './identity-helpers';
import { currencyId, tick } from './market-helpers';

let h: H;
let op: string;
let demo: string;
let usdt: number;
let eth: number;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  ({ h, op, demo, usdt, eth } = await demoApp({ operatorIp: '10.251.0.1' }));
});
afterAll(() => closeBalanced(h));

describe('balances', () => {
  it('lists every account type with available, frozen, total and converted value', async () => {
    await tick(h, 'BTC/USDT', '90000');
    await tick(h, 'ETH/USDT', '3000');
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

/** An operator's step on a withdrawal in the console: approve, sent (with the hash) or complete. */
function reviewWithdrawal(
  id: number,
  step: 'approve' | 'sent' | 'complete',
  body: Record<string, unknown> = {},
) {
  return api(h, 'POST', `/api/admin/assets/withdrawals/${id}/${step}`, body, { token: op });
}

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
    /** The demo user's USDT withdrawal to the booked address. */
    const withdraw = (fields: Record<string, unknown>) =>
      api(
        h,
        'POST',
        '/api/wallet/out',
        { currency: usdt, address_id: addressId, ...fields },
        { token: demo },
      );
    const wrong = await withdraw({ number: '100', code: '000000' });
    expect(wrong.error).toBe('code_invalid');
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'withdraw' }, { token: demo })).type).toBe('ok');
    const code = await lastOutboxCode(h, DEMO_EMAIL);
    const insufficient = await withdraw({ number: '20000', code });
    expect(insufficient.error).toBe('insufficient_balance');
    const range = await withdraw({ number: '60000', code });
    expect(range.message).toBe('Amount exceeds the minimum and maximum range');
    const w = await withdraw({ number: '100', code, idempotency_key: 'demo-w-1' });
    expect(w.message).toMatchObject({ status: 'review', amount: '100', fee: '1', receive: '99', rate: '1' });
    const id = (w.message as { id: number }).id;
    // The retry with the same key (its code is spent) gets the same withdrawal.
    const retry = await withdraw({ number: '100', code, idempotency_key: 'demo-w-1' });
    expect((retry.message as { id: number }).id).toBe(id);

    const queue = await api(h, 'GET', '/api/admin/assets/withdrawals', { status: 'review' }, { token: op });
    expect((queue.message as { data: Array<{ id: number }> }).data.map((x) => x.id)).toContain(id);
    expect((await reviewWithdrawal(id, 'approve')).message).toMatchObject({ status: 'approved' });
    expect((await reviewWithdrawal(id, 'sent', { tx_hash: 'nope' })).error).toBe('tx_hash_invalid');
    expect((await reviewWithdrawal(id, 'sent', { tx_hash: '0x' + 'e'.repeat(64) })).type).toBe('ok');
    expect((await reviewWithdrawal(id, 'complete')).type).toBe('ok');
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
    const bank = await currencyId(h.ctx.db, 'BANKCARD');
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
    const proof = await upload(h, user, PNG);
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
    expect((await reviewWithdrawal(id, 'approve')).type).toBe('ok');
    expect((await reviewWithdrawal(id, 'sent', { tx_hash: 'x' })).error).toBe('tx_hash_invalid');
    expect((await reviewWithdrawal(id, 'sent', { tx_hash: 'HB-20261123-0042' })).type).toBe('ok');
    expect((await reviewWithdrawal(id, 'complete')).type).toBe('ok');
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
    const proof = await upload(h, user, PNG);
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
    const userIdOf = async (email: string) =>
      (await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
        .id;
    /** The console's demo deposit of USDT to a user. */
    const demoDeposit = async (email: string, amount: string) =>
      api(
        h,
        'POST',
        '/api/admin/assets/deposits/demo',
        { user_id: await userIdOf(email), currency_id: usdt, amount },
        { token: op },
      );
    expect((await demoDeposit('depositor@example.com', '5')).error).toBe('demo_deposit_forbidden');
    expect((await demoDeposit(DEMO_EMAIL, '100')).type).toBe('ok');
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
    await tick(h, 'ETH/USDT', '3000');
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
    const saved = await saveAssetConfig(h, op, usdt, await assetConfig(h, op, usdt), { withdraw_fee: '2' });
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
