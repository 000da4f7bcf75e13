import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWithFiles } from './helpers';
import { api, freshIp, multipart, operatorToken, registerByEmail, type Body } from './identity-helpers';

let h: Awaited<ReturnType<typeof testAppWithFiles>>;
let op: string;

// Smallest valid images (magic bytes are what the store checks).
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 2)]);

async function upload(token: string, file: Buffer, filename?: string, field?: string): Promise<Body> {
  const m = multipart(file, filename, field);
  const res = await h.app.inject({ method: 'POST', url: '/api/upload', remoteAddress: freshIp(), payload: m.payload, headers: { ...m.headers, authorization: token } });
  if (res.statusCode !== 200) return { type: 'http', code: res.statusCode, message: null, error: `http_${res.statusCode}` };
  return res.json<Body>();
}

async function fetchFile(ref: string, token?: string) {
  return h.app.inject({ method: 'GET', url: ref, headers: token ? { authorization: token } : {} });
}

beforeAll(async () => {
  h = await testAppWithFiles('identity-test-');
  op = await operatorToken(h, { ip: '10.250.0.1' });
});
afterAll(() => h.close());

describe('uploads', () => {
  it('stores JPEG, PNG and WebP under generated names, readable by the owner and operators only', async () => {
    const a = await registerByEmail(h, 'up-a@example.com');
    const b = await registerByEmail(h, 'up-b@example.com');
    const refs: string[] = [];
    for (const img of [JPEG, PNG, WEBP]) {
      const r = await upload(a, img, 'my id.png');
      expect(r.type).toBe('ok');
      refs.push(r.message as string);
    }
    expect(refs[0]).toMatch(/^\/api\/file\/[0-9a-f]{32}\.jpg$/);
    expect(refs[2]).toMatch(/\.webp$/);
    const mine = await fetchFile(refs[1]!, a);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Buffer.from(mine.rawPayload).equals(PNG)).toBe(true);
    expect((await fetchFile(refs[1]!, b)).json<Body>().error).toBe('not_found');
    expect((await fetchFile(refs[1]!)).json<Body>().error).toBe('not_found');
    expect((await fetchFile(refs[1]!, op)).headers['content-type']).toBe('image/png');
  });

  it('refuses hostile uploads: oversize, wrong magic bytes, SVG with script, ../ names; nothing written outside the store', async () => {
    const a = await registerByEmail(h, 'hostile@example.com');
    const before = readdirSync(join(h.dataDir, 'uploads')).length;
    const results = {
      oversize: (await upload(a, Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024 + 10)]))).error,
      wrongMagic: (await upload(a, Buffer.from('GIF89a' + 'x'.repeat(100)))).error,
      exeAsPng: (await upload(a, Buffer.from('MZ\x90\x00' + 'x'.repeat(100)), 'x.png')).error,
      svgScript: (await upload(a, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg')).error,
      dotdot: (await upload(a, PNG, '../../../etc/passwd.png')).error,
      backslash: (await upload(a, PNG, '..\\..\\evil.png')).error,
      wrongField: (await upload(a, PNG, 'a.png', 'other')).error,
      empty: (await upload(a, Buffer.alloc(0))).error,
    };
    expect(results).toEqual({
      oversize: 'upload_too_large',
      wrongMagic: 'upload_type_invalid',
      exeAsPng: 'upload_type_invalid',
      svgScript: 'upload_type_invalid',
      dotdot: 'upload_type_invalid',
      backslash: 'upload_type_invalid',
      wrongField: 'upload_missing',
      empty: 'upload_missing',
    });
    expect(readdirSync(join(h.dataDir, 'uploads')).length).toBe(before);
    expect(readdirSync(h.dataDir).sort()).toEqual(['uploads']);
    // Without a session: 999.
    const m = multipart(PNG);
    expect((await h.app.inject({ method: 'POST', url: '/api/upload', payload: m.payload, headers: m.headers })).json<Body>().type).toBe(999);
  });
});

describe('real-name verification', () => {
  it('none → pending → rejected with a reason → resubmit → approved; 998 on gated features', async () => {
    const t = await registerByEmail(h, 'kyc@example.com');
    expect(((await api(h, 'GET', '/api/real/state', {}, { token: t })).message as { status: string }).status).toBe('none');
    const front = (await upload(t, JPEG)).message as string;
    const back = (await upload(t, PNG)).message as string;
    const bad = await api(h, 'POST', '/api/user/real', { real_type: 1, id_type: 'id_card', name: 'Zhang San', card_id: '110101199003074515', front_pic: front, reverse_pic: back }, { token: t });
    expect(bad.error).toBe('id_number_invalid');
    const sub = await api(h, 'POST', '/api/user/real', { real_type: 1, id_type: 'id_card', name: 'Zhang San', card_id: '11010519491231002X', front_pic: front, reverse_pic: back }, { token: t });
    expect(sub).toMatchObject({ type: 'ok', message: { status: 'pending', card_id: '110****2X' } });
    expect((await api(h, 'POST', '/api/user/real', { real_type: 2, front_pic: front, reverse_pic: back }, { token: t })).error).toBe('kyc_pending');

    const queue = (await api(h, 'GET', '/api/admin/kyc', { status: '1' }, { token: op })).message as { items: Array<{ id: number; email: string; front_pic: string }> };
    const item = queue.items.find((i) => i.email === 'kyc@example.com')!;
    expect((await fetchFile(item.front_pic, op)).headers['content-type']).toBe('image/jpeg');
    expect((await api(h, 'POST', `/api/admin/kyc/${item.id}/reject`, { reason: 'Photo is blurred' }, { token: op })).type).toBe('ok');
    expect((await api(h, 'POST', `/api/admin/kyc/${item.id}/approve`, {}, { token: op })).error).toBe('kyc_not_pending');
    const rejected = (await api(h, 'GET', '/api/real/state', {}, { token: t })).message as { status: string; reason: string };
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Photo is blurred' });

    // Gate a feature: 998 until approved.
    expect((await api(h, 'POST', '/api/admin/identity/settings', { kyc_required_features: ['test_feature'] }, { token: op })).type).toBe('ok');
    const { requireKyc } = await import('../src/modules/identity');
    const { requireUser } = await import('../src/modules/sessions');
    const gate = requireKyc(h.ctx, 'test_feature');
    const open = requireKyc(h.ctx, 'other_feature');
    const fakeReq = { headers: { authorization: t }, userId: null } as unknown as Parameters<ReturnType<typeof requireUser>>[0];
    await requireUser(h.ctx)(fakeReq, {} as never);
    await expect(gate(fakeReq, {} as never)).rejects.toMatchObject({ code: 'kyc_required', type: 998 });
    await expect(open(fakeReq, {} as never)).resolves.toBeUndefined();

    const again = await api(h, 'POST', '/api/user/real', { real_type: 2, front_pic: front, reverse_pic: back }, { token: t });
    expect(again).toMatchObject({ type: 'ok', message: { status: 'pending' } });
    const q2 = (await api(h, 'GET', '/api/admin/kyc', { status: '1' }, { token: op })).message as { items: Array<{ id: number; email: string }> };
    const id2 = q2.items.find((i) => i.email === 'kyc@example.com')!.id;
    expect((await api(h, 'POST', `/api/admin/kyc/${id2}/approve`, {}, { token: op })).type).toBe('ok');
    expect(((await api(h, 'GET', '/api/real/state', {}, { token: t })).message as { status: string }).status).toBe('approved');
    await expect(gate(fakeReq, {} as never)).resolves.toBeUndefined();
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('action', 'like', 'kyc.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['kyc.approve', 'kyc.reject']);
  });

  it("refuses someone else's upload as an ID photo", async () => {
    const a = await registerByEmail(h, 'kyc-a@example.com');
    const b = await registerByEmail(h, 'kyc-b@example.com');
    const pic = (await upload(a, JPEG)).message as string;
    expect((await api(h, 'POST', '/api/user/real', { real_type: 2, front_pic: pic, reverse_pic: pic }, { token: b })).error).toBe('upload_missing');
  });
});

describe('profile, address book, bank cards', () => {
  it('sets nickname and avatar (the avatar becomes public)', async () => {
    const t = await registerByEmail(h, 'profile@example.com');
    expect((await api(h, 'POST', '/api/user/editNickname', { nickname: '  Moon Trader ' }, { token: t })).message).toEqual({ nickname: 'Moon Trader' });
    expect((await api(h, 'POST', '/api/user/editNickname', { nickname: '<b>x</b>' }, { token: t })).error).toBe('field_invalid');
    const ref = (await upload(t, PNG)).message as string;
    expect((await api(h, 'POST', '/api/user/uploadHeadPortrait', { head_portrait: ref }, { token: t })).type).toBe('ok');
    expect((await fetchFile(ref)).headers['content-type']).toBe('image/png');
    const info = (await api(h, 'GET', '/api/user/info', {}, { token: t })).message as { nickname: string; head_portrait: string };
    expect(info).toMatchObject({ nickname: 'Moon Trader', head_portrait: ref });
  });

  it('keeps an address book with validation, pagination and operator approval when switched on', async () => {
    const t = await registerByEmail(h, 'addr@example.com');
    const eth = '0x' + 'ab'.repeat(20);
    expect((await api(h, 'POST', '/api/user/wallet/save', { currency: 'USDT-ERC20', name: 'Ledger', address: 'Tnotanevmaddress' }, { token: t })).error).toBe('address_invalid');
    expect((await api(h, 'POST', '/api/user/wallet/save', { currency: 'USDT-ERC20', name: 'Ledger', address: eth }, { token: t })).message).toMatchObject({ approve_status: 1 });
    expect((await api(h, 'POST', '/api/user/wallet/save', { currency: 'USDT-ERC20', name: 'Again', address: eth }, { token: t })).error).toBe('address_exists');
    await api(h, 'POST', '/api/admin/identity/settings', { address_approval: true }, { token: op });
    const tron = 'T' + 'A'.repeat(33);
    const pending = (await api(h, 'POST', '/api/user/wallet/save', { currency: 'USDT-TRC20', name: 'Tron', address: tron }, { token: t })).message as { id: number; approve_status: number };
    expect(pending.approve_status).toBe(0);
    const list = (await api(h, 'GET', '/api/user/wallet/list', { page: '1', limit: '1' }, { token: t })).message as { data: unknown[]; total: number };
    expect(list.total).toBe(2);
    expect(list.data).toHaveLength(1);
    const queue = (await api(h, 'GET', '/api/admin/addresses', { status: '0' }, { token: op })).message as { items: Array<{ id: number }> };
    expect(queue.items.map((i) => i.id)).toContain(pending.id);
    expect((await api(h, 'POST', `/api/admin/addresses/${pending.id}/approve`, {}, { token: op })).type).toBe('ok');
    const after = (await api(h, 'GET', '/api/user/wallet/list', {}, { token: t })).message as { data: Array<{ id: number; approve_status: number }> };
    expect(after.data.find((d) => d.id === pending.id)!.approve_status).toBe(1);
    await api(h, 'POST', '/api/admin/identity/settings', { address_approval: false }, { token: op });
  });

  it('saves bank cards and only ever shows the numbers masked', async () => {
    const t = await registerByEmail(h, 'bank@example.com');
    expect((await api(h, 'POST', '/api/user/cash_save', { real_name: 'Li Si', bank_name: 'ICBC', bank_account: '12ab' }, { token: t })).error).toBe('bank_card_invalid');
    const saved = await api(h, 'POST', '/api/user/cash_save', { real_name: 'Li Si', bank_name: 'ICBC', bank_branch: 'Beijing', bank_account: '6222 0212 3456 7890 123' }, { token: t });
    expect(saved.message).toMatchObject({ bank_account: '6222****0123', real_name: 'Li Si' });
    expect(JSON.stringify((await api(h, 'POST', '/api/user/cash_info', {}, { token: t })).message)).not.toContain('62220212345678');
    const intl = await api(h, 'POST', '/api/user/cash_save_international', { account_name: 'Li Si', bank_name: 'HSBC', swift: 'HSBCHKHH', iban: 'GB82WEST12345698765432', bank_address: 'HK', country: 'HK' }, { token: t });
    expect(intl.message).toMatchObject({ iban: 'GB82****5432', swift: 'HSBCHKHH' });
    expect((await api(h, 'POST', '/api/user/cash_info_international', {}, { token: t })).message).toMatchObject({ iban: 'GB82****5432' });
  });
});

describe('isolation: every id-taking endpoint tried by another user', () => {
  it('0 leaks', async () => {
    const a = await registerByEmail(h, 'iso-a@example.com');
    const b = await registerByEmail(h, 'iso-b@example.com');
    const pic = (await upload(a, JPEG)).message as string;
    await api(h, 'POST', '/api/user/real', { real_type: 2, front_pic: pic, reverse_pic: pic }, { token: a });
    const addr = (await api(h, 'POST', '/api/user/wallet/save', { currency: 'ETH', name: 'A', address: '0x' + 'cd'.repeat(20) }, { token: a })).message as { id: number };
    await api(h, 'POST', '/api/user/cash_save', { real_name: 'Owner A', bank_name: 'Bank', bank_account: '1234567890123' }, { token: a });
    const leaks: string[] = [];
    const check = (name: string, leaked: boolean) => leaked && leaks.push(name);
    const served = async (ref: string, tok: string) => String((await fetchFile(ref, tok)).headers['content-type']).startsWith('image/');
    check('file', await served(pic, b));
    check('kyc photo as own', (await api(h, 'POST', '/api/user/real', { real_type: 2, front_pic: pic, reverse_pic: pic }, { token: b })).type === 'ok');
    check('avatar from other', (await api(h, 'POST', '/api/user/uploadHeadPortrait', { head_portrait: pic }, { token: b })).type === 'ok');
    check('address delete', (await api(h, 'POST', '/api/user/wallet/delete', { id: addr.id }, { token: b })).type === 'ok');
    check('address list', JSON.stringify((await api(h, 'GET', '/api/user/wallet/list', {}, { token: b })).message).includes('cdcd'));
    check('bank card', JSON.stringify((await api(h, 'POST', '/api/user/cash_info', {}, { token: b })).message).includes('Owner A'));
    check('kyc state', ((await api(h, 'GET', '/api/real/state', {}, { token: b })).message as { status: string }).status !== 'none');
    check('user info', JSON.stringify((await api(h, 'GET', '/api/user/info', {}, { token: b })).message).includes('iso-a'));
    check('invite list', ((await api(h, 'POST', '/api/user/invite_list', {}, { token: b })).message as { total: number }).total !== 0);
    check('console users as user', (await api(h, 'GET', '/api/admin/identity/users', {}, { token: b })).type !== 999);
    check('console kyc as user', (await api(h, 'GET', '/api/admin/kyc', {}, { token: b })).type !== 999);
    check('file without session', String((await fetchFile(pic)).headers['content-type']).startsWith('image/'));
    // A's address still there.
    const mine = (await api(h, 'GET', '/api/user/wallet/list', {}, { token: a })).message as { total: number };
    check('address survived', mine.total !== 1);
    expect(leaks).toEqual([]);
    console.log('isolation: 13 checks, 0 leaks');
  });
});

describe('console: users', () => {
  it('searches, shows detail with sessions, verification and balances, freezes and unfreezes (audited)', async () => {
    const t = await registerByEmail(h, 'console-user@example.com');
    const found = (await api(h, 'GET', '/api/admin/identity/users', { q: 'console-user' }, { token: op })).message as { items: Array<{ id: number }>; total: number };
    expect(found.total).toBe(1);
    const id = found.items[0]!.id;
    const detail = (await api(h, 'GET', `/api/admin/identity/users/${id}`, {}, { token: op })).message as { sessions: unknown[]; balances: unknown; user: { email: string } };
    expect(detail.user.email).toBe('console-user@example.com');
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(Array.isArray(detail.balances)).toBe(true);
    expect((await api(h, 'POST', `/api/admin/identity/users/${id}/freeze`, {}, { token: op })).type).toBe('ok');
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t })).type).toBe(999);
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'console-user@example.com', password: 'Secret123' })).error).toBe('account_frozen');
    expect((await api(h, 'POST', `/api/admin/identity/users/${id}/unfreeze`, {}, { token: op })).type).toBe('ok');
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'console-user@example.com', password: 'Secret123' })).type).toBe('ok');
    const audit = await h.ctx.db.selectFrom('audit_log').select('action').where('target', '=', `user:${id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['user.freeze', 'user.unfreeze']);
  });
});
