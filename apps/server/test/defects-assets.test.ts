/**
 * Defects of the asset centre found from outside (issue 20), over HTTP: a manual deposit's proof
 * the operator could not open, coins offered for deposit and withdrawal that do not work (LTC,
 * SOL, XRP, DOGE; the bank channel shown as a currency "BANKCARD"), the records listing raw
 * freeze/unfreeze postings instead of one line per action, and no customer-service link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_CATEGORY } from '@bourse/contract';
import { DEMO_EMAIL } from '../src/demo/seed';
import { assetConfig, closeBalanced, demoApp, saveAssetConfig } from './assets-helpers';
import { api, lastOutboxCode, registerByEmail, upload, type H } from './identity-helpers';
import { currencyId } from './market-helpers';

let h: H;
let op: string;
let demo: string;
let usdt: number;
let eth: number;
let ltc: number;
let bank: number;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
    '0000000d49444154789c63606060f80f00010401005fe5c34b0000000049454e44ae426082',
  'hex',
);

interface ListedCoin {
  id: number;
  name: string;
  subName: string;
  isFiat: boolean;
  can_deposit: boolean;
  can_withdraw: boolean;
  fiat_code: string | null;
}

async function coins(token: string, purpose?: 'deposit' | 'withdraw'): Promise<ListedCoin[]> {
  const r = await api(h, 'GET', '/api/currency/user_currency_list', purpose ? { purpose } : {}, { token });
  expect(r.type).toBe('ok');
  return r.message as ListedCoin[];
}

const label = (c: { name: string; subName: string }) => (c.subName ? `${c.name} ${c.subName}` : c.name);

beforeAll(async () => {
  ({ h, op, demo, usdt, eth } = await demoApp());
  ltc = await currencyId(h.ctx.db, 'LTC');
  bank = await currencyId(h.ctx.db, 'BANKCARD');
});
afterAll(() => closeBalanced(h));

describe('8. a manual deposit proof is readable by its owner and by operators, by nobody else', () => {
  it('the owner and an operator fetch the image with their token; another user and a visitor get nothing', async () => {
    const owner = await registerByEmail(h, 'proof-owner@example.com');
    const other = await registerByEmail(h, 'proof-other@example.com');
    const proof = await upload(h, owner, PNG);
    expect(proof).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png$/);
    const dep = await api(
      h,
      'POST',
      '/api/wallet/charge_req',
      { currency: usdt, amount: '10', proof },
      { token: owner },
    );
    expect(dep.type).toBe('ok');
    const queue = await api(h, 'GET', '/api/admin/assets/deposits', { status: 'review' }, { token: op });
    const row = (queue.message as { data: Array<{ id: number; proof: string | null }> }).data.find(
      (d) => d.id === (dep.message as { id: number }).id,
    );
    expect(row?.proof).toBe(proof);

    const get = (token?: string) =>
      h.app.inject({ method: 'GET', url: proof, headers: token ? { authorization: token } : {} });
    for (const token of [owner, op]) {
      const res = await get(token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    for (const token of [other, undefined]) {
      const res = await get(token);
      expect(res.headers['content-type']).not.toBe('image/png');
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }
  });
});

describe('14. only coins that work are offered, per network; the bank channel carries its currency', () => {
  it('deposit and withdrawal lists leave out coins without a network (LTC, SOL, XRP, DOGE)', async () => {
    const all = await coins(demo);
    // The full list still names every enabled coin (balances, record filters), each flagged.
    expect(all.map(label)).toEqual(expect.arrayContaining(['LTC', 'SOL', 'XRP', 'DOGE']));
    expect(all.find((c) => c.id === ltc)).toMatchObject({ can_deposit: false, can_withdraw: false });
    expect(all.find((c) => c.id === usdt)).toMatchObject({
      can_deposit: true,
      can_withdraw: true,
      fiat_code: null,
    });
    const offered = ['USDT ERC20', 'USDT TRC20', 'ETH', 'BTC', 'BANKCARD'];
    expect((await coins(demo, 'deposit')).map(label)).toEqual(offered);
    expect((await coins(demo, 'withdraw')).map(label)).toEqual(offered);
  });

  it('a coin whose deposits the operator switched off leaves the deposit list only', async () => {
    const ethCfg = await assetConfig(h, op, eth);
    const off = await saveAssetConfig(h, op, eth, ethCfg, { deposit_enabled: false });
    expect(off.type).toBe('ok');
    expect((await coins(demo, 'deposit')).some((c) => c.id === eth)).toBe(false);
    expect((await coins(demo, 'withdraw')).some((c) => c.id === eth)).toBe(true);
    await saveAssetConfig(h, op, eth, ethCfg);
    expect((await coins(demo, 'deposit')).some((c) => c.id === eth)).toBe(true);
  });

  it('a coin that is not offered is refused for a manual deposit and a withdrawal, in the caller language', async () => {
    const owner = await registerByEmail(h, 'ltc-depositor@example.com');
    const proof = await upload(h, owner, PNG);
    const dep = await api(
      h,
      'POST',
      '/api/wallet/charge_req',
      { currency: ltc, amount: '1', proof, lang: 'de' },
      { token: owner },
    );
    expect(dep).toMatchObject({ type: 'error', error: 'deposit_disabled' });
    expect(dep.message).not.toBe('deposit_disabled');
    const out = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: ltc, number: '1', address: 'x' },
      { token: demo },
    );
    expect(out).toMatchObject({ type: 'error', error: 'withdraw_disabled' });
  });

  it('the bank channel is named by its currency (USD unless the operator sets another) and is off without a receiving account', async () => {
    expect((await coins(demo, 'deposit')).find((c) => c.id === bank)).toMatchObject({
      isFiat: true,
      fiat_code: 'USD',
    });
    const current = (await api(h, 'GET', '/api/admin/assets/bank-channel', {}, { token: op }))
      .message as Record<string, string>;
    expect(current.currency).toBe('USD');
    const eur = await api(
      h,
      'POST',
      '/api/admin/assets/bank-channel',
      { ...current, currency: 'EUR' },
      { token: op },
    );
    expect(eur.type).toBe('ok');
    expect((await coins(demo, 'withdraw')).find((c) => c.id === bank)?.fiat_code).toBe('EUR');
    const info = await api(h, 'POST', '/api/wallet/get_info', { currency: bank }, { token: demo });
    expect(info.message).toMatchObject({ currency: { fiat_code: 'EUR' }, bank_channel: { currency: 'EUR' } });
    const wallet = await api(h, 'POST', '/api/wallet/list', {}, { token: demo });
    const row = (
      wallet.message as { accounts: Array<{ currency_id: number; currency: { fiat_code: string | null } }> }
    ).accounts.find((a) => a.currency_id === bank);
    expect(row?.currency.fiat_code).toBe('EUR');
    expect(
      (await api(h, 'POST', '/api/admin/assets/bank-channel', { ...current, currency: 'XYZ' }, { token: op }))
        .type,
    ).toBe('error');

    // No receiving account: the channel is off for deposits and withdrawals alike.
    const off = await api(
      h,
      'POST',
      '/api/admin/assets/bank-channel',
      { ...current, account_number: '' },
      { token: op },
    );
    expect(off.type).toBe('ok');
    expect((await coins(demo, 'deposit')).some((c) => c.id === bank)).toBe(false);
    expect((await coins(demo, 'withdraw')).some((c) => c.id === bank)).toBe(false);
    await api(h, 'POST', '/api/admin/assets/bank-channel', { ...current, currency: 'USD' }, { token: op });
    expect((await coins(demo, 'deposit')).some((c) => c.id === bank)).toBe(true);
  });
});

interface RecordLine {
  id: string;
  entry_id: string;
  kind: string;
  amount: string;
  available: string;
  frozen: string;
  account_name: string;
}

describe('15. records: one line per action, not one per posting', () => {
  it('a withdrawal request and its refusal are one line each, with the amount moved between available and frozen', async () => {
    const saved = await api(
      h,
      'POST',
      '/api/user/wallet/save',
      { currency: 'USDT-ERC20', name: 'Records test', address: '0x' + '7'.repeat(40) },
      { token: demo },
    );
    expect(saved.type).toBe('ok');
    const book = await api(h, 'GET', '/api/user/wallet/list', { page: '1', limit: '100' }, { token: demo });
    const entry = (book.message as { data: Array<{ id: number; address: string }> }).data.find(
      (a) => a.address === '0x' + '7'.repeat(40),
    )!;
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'withdraw' }, { token: demo })).type).toBe('ok');
    const code = await lastOutboxCode(h, DEMO_EMAIL);
    const w = await api(
      h,
      'POST',
      '/api/wallet/out',
      { currency: usdt, number: '50', address_id: entry.id, code },
      { token: demo },
    );
    expect(w.type).toBe('ok');
    const id = (w.message as { id: number }).id;
    const rej = await api(
      h,
      'POST',
      `/api/admin/assets/withdrawals/${id}/reject`,
      { reason: 'Records test' },
      { token: op },
    );
    expect(rej.type).toBe('ok');

    const r = await api(h, 'POST', '/api/wallet/legal_log', { currency: usdt, page: 1 }, { token: demo });
    const lines = (r.message as { data: RecordLine[] }).data;
    const freeze = lines.filter((l) => l.kind === 'withdraw_freeze');
    const unfreeze = lines.filter((l) => l.kind === 'withdraw_unfreeze');
    expect(freeze).toHaveLength(1);
    expect(unfreeze).toHaveLength(1);
    // Newest first: the refusal, then the request.
    expect(lines.indexOf(unfreeze[0]!)).toBeLessThan(lines.indexOf(freeze[0]!));
    expect(freeze[0]).toMatchObject({ amount: '0', available: '-50', frozen: '50', account_name: 'change' });
    expect(unfreeze[0]).toMatchObject({
      amount: '0',
      available: '50',
      frozen: '-50',
      account_name: 'change',
    });
    // Every line is its own entry and account: no entry is listed twice for one account.
    const keys = lines.map((l) => `${l.entry_id}:${l.account_name}`);
    expect(new Set(keys).size).toBe(keys.length);

    // The same through the newer path, filtered by kind.
    const byKind = await api(
      h,
      'GET',
      '/api/record/getRecordList',
      { kind: 'withdraw_freeze', currency: String(usdt) },
      { token: demo },
    );
    expect((byKind.message as { data: RecordLine[] }).data).toHaveLength(1);
  });

  it('a plain transfer stays one line per account with its signed amount', async () => {
    const t = await api(
      h,
      'POST',
      '/api/wallet/change',
      { currency_id: usdt, number: '7', from_field: 'change', to_field: 'micro' },
      { token: demo },
    );
    expect(t.type).toBe('ok');
    const r = await api(
      h,
      'POST',
      '/api/wallet/legal_log',
      { currency: usdt, page: 1, limit: 2 },
      { token: demo },
    );
    const lines = (r.message as { data: RecordLine[] }).data;
    expect(lines.map((l) => [l.kind, l.account_name, l.amount, l.available, l.frozen])).toEqual([
      ['transfer', 'micro', '7', '7', '0'],
      ['transfer', 'change', '-7', '-7', '0'],
    ]);
  });
});

describe('9. customer service: a configurable link, shown only when set', () => {
  it('demo data points the link at the built-in contact page, which has content', async () => {
    const site = (await api(h, 'GET', '/api/getercSetting')).message as { customer_service_url: string };
    expect(site.customer_service_url).toBe('/pages/common/contact');
    const page = await api(h, 'POST', '/api/news/list', { c_id: CONTENT_CATEGORY.contact, with_body: 1 });
    const list = (page.message as { list: Array<{ title: string; body?: string }> }).list;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]!.body).toContain('/pages/setting/message');
  });

  it('operators set an https chat, an app page, or nothing; other values are refused', async () => {
    const save = (customer_service_url: string) =>
      api(
        h,
        'POST',
        '/api/admin/site/settings',
        { site_name: 'Bourse', customer_service_url },
        { token: op },
      );
    for (const ok of ['https://chat.example.com/room/1', '/pages/setting/message', '']) {
      expect((await save(ok)).type, ok).toBe('ok');
      const site = (await api(h, 'GET', '/api/getercSetting')).message as { customer_service_url: string };
      expect(site.customer_service_url).toBe(ok);
    }
    for (const bad of ['javascript:alert(1)', 'pages/setting/message', '/api/file/x', '//evil.example.com']) {
      expect(await save(bad), bad).toMatchObject({ type: 'error', error: 'field_invalid' });
    }
  });
});
