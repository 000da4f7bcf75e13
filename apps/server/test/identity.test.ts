import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo/seed';
import type { AppError } from '../src/http/errors';
import { issueCode } from '../src/modules/identity';
import { recordEvent } from '../src/modules/sign-in';
import { login } from '../src/modules/identity/service';
import { testApp } from './helpers';
import { api, lastOutboxCode, registerByEmail, type H } from './identity-helpers';

let h: H;
beforeAll(async () => {
  h = await testApp();
});
afterAll(async () => h.close());

const next = () => h.clock.advance(61_000);

describe('registration with an e-mail code', () => {
  it('sends a 6-digit code to the outbox, registers, and signs in with the returned token', async () => {
    const sent = await api(h, 'POST', '/api/sms_mail', { user_string: '  Alice@Example.COM ', scene: 'register' });
    expect(sent).toMatchObject({ type: 'ok', message: { expires_in: 600, cooldown: 60 } });
    const code = await lastOutboxCode(h, 'alice@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const reg = await api(h, 'POST', '/api/user/register', {
      type: 'email',
      user_string: 'alice@example.com',
      code,
      password: 'Alice12345',
      re_password: 'Alice12345',
    });
    expect(reg.type).toBe('ok');
    const info = await api(h, 'GET', '/api/user/info', {}, { token: reg.message as string });
    expect(info.message).toMatchObject({ email: 'alice@example.com', real_status: 'none', has_password: true });
    // The code was single use.
    const again = await api(h, 'POST', '/api/user/register', { type: 'email', user_string: 'alice@example.com', code, password: 'Alice12345', re_password: 'Alice12345' });
    expect(again.error).toBe('code_invalid');
  });

  it('enforces the resend cooldown, in the caller language', async () => {
    next();
    await api(h, 'POST', '/api/sms_mail', { user_string: 'cool@example.com', scene: 'register' });
    const r = await api(h, 'POST', '/api/sms_mail', { user_string: 'cool@example.com', scene: 'register', lang: 'zh' });
    expect(r).toMatchObject({ type: 'error', error: 'code_cooldown' });
    expect(r.message).toMatch(/秒/);
    next();
    expect((await api(h, 'POST', '/api/sms_mail', { user_string: 'cool@example.com', scene: 'register' })).type).toBe('ok');
  });

  it('limits codes per target per hour and per IP per hour', async () => {
    for (let i = 0; i < 10; i++) {
      next();
      expect((await api(h, 'POST', '/api/sms_mail', { user_string: 'many@example.com', scene: 'register' })).type).toBe('ok');
    }
    next();
    expect((await api(h, 'POST', '/api/sms_mail', { user_string: 'many@example.com', scene: 'register' })).error).toBe('code_rate_limited');
    h.clock.advance(3600_000);
    // Per IP (service level: the HTTP route limit of 10/min per IP runs on real time).
    const answers: Array<string | undefined> = [];
    for (let i = 0; i < 31; i++) {
      try {
        await issueCode(h.ctx, { channel: 'email', target: `ip${i}@example.com`, scene: 'register', ip: '10.9.9.9', lang: 'en' });
        answers.push(undefined);
      } catch (err) {
        answers.push((err as AppError).code);
      }
    }
    expect(answers.slice(0, 30).every((e) => e === undefined)).toBe(true);
    expect(answers[30]).toBe('code_rate_limited');
  });

  it('validates e-mail, mainland and international mobiles, 6-digit codes, password policy', async () => {
    next();
    expect((await api(h, 'POST', '/api/sms_mail', { user_string: 'not-an-email' })).error).toBe('email_invalid');
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '12345678901', area_code: '86' })).error).toBe('mobile_invalid');
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '1381234567', area_code: '86' })).error).toBe('mobile_invalid');
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '13812345678', area_code: '86' })).type).toBe('ok');
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '7911123456', area_code: '+44' })).type).toBe('ok');
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '12ab', area_code: '44' })).error).toBe('mobile_invalid');
    const base = { type: 'email', user_string: 'bob@example.com', password: 'Bob12345', re_password: 'Bob12345' };
    expect((await api(h, 'POST', '/api/user/register', { ...base, code: '12345' })).error).toBe('code_invalid');
    expect((await api(h, 'POST', '/api/user/register', { ...base, code: '1234567' })).error).toBe('code_invalid');
    expect((await api(h, 'POST', '/api/user/register', { ...base, code: '123456', password: 'short1', re_password: 'short1' })).error).toBe('password_weak');
    expect((await api(h, 'POST', '/api/user/register', { ...base, code: '123456', password: 'onlyletters', re_password: 'onlyletters' })).error).toBe('password_weak');
    expect((await api(h, 'POST', '/api/user/register', { ...base, code: '123456', re_password: 'Bob99999' })).error).toBe('password_mismatch');
    const fr = await api(h, 'POST', '/api/user/register', { ...base, code: '123456', password: 'short1', re_password: 'short1', lang: 'fra' });
    expect(fr.message).toMatch(/mot de passe/);
  });

  it('registers by mobile with an SMS code (outbox) and logs in with the number', async () => {
    next();
    expect((await api(h, 'POST', '/api/sms_send', { user_string: '13912345678', area_code: '86', scene: 'register' })).type).toBe('ok');
    const code = await lastOutboxCode(h, '+86 13912345678');
    const reg = await api(h, 'POST', '/api/user/register', {
      type: 'mobile',
      user_string: '13912345678',
      area_code: '86',
      code,
      password: 'Mobile123',
      re_password: 'Mobile123',
    });
    expect(reg.type).toBe('ok');
    const login = await api(h, 'POST', '/api/user/login', { user_string: '13912345678', password: 'Mobile123' });
    expect(login.type).toBe('ok');
  });

  it('never reveals whether an account exists', async () => {
    next();
    const known = await api(h, 'POST', '/api/sms_mail', { user_string: DEMO_EMAIL, scene: 'forget' });
    const unknown = await api(h, 'POST', '/api/sms_mail', { user_string: 'nobody@example.com', scene: 'forget' });
    expect(known).toEqual(unknown);
    const outbox = await h.ctx.db.selectFrom('outbox').select('target').where('target', '=', 'nobody@example.com').execute();
    expect(outbox).toHaveLength(0);
    expect(await api(h, 'POST', '/api/user/check_email', { email: DEMO_EMAIL })).toEqual(await api(h, 'POST', '/api/user/check_email', { email: DEMO_EMAIL.replace('demo', 'nobody') }).then((b) => ({ ...b, message: { email: DEMO_EMAIL } })));
    const a = await api(h, 'POST', '/api/user/login', { user_string: DEMO_EMAIL, password: 'wrong-password' });
    const b = await api(h, 'POST', '/api/user/login', { user_string: 'nobody@example.com', password: 'wrong-password' });
    expect(a).toEqual(b);
    expect(a.error).toBe('invalid_credentials');
    // A forget code for an unknown account cannot be guessed into a reset.
    expect((await api(h, 'POST', '/api/user/forget', { account: 'nobody@example.com', code: '000000', password: 'Whatever1', repassword: 'Whatever1' })).error).toBe('code_invalid');
  });

  it('links the inviter through extension_code and lists invitees, paginated and masked', async () => {
    const inviter = await registerByEmail(h, 'inviter@example.com');
    const me = (await api(h, 'GET', '/api/user/info', {}, { token: inviter })).message as { invite_code: string; id: number };
    for (let i = 0; i < 3; i++) {
      next();
      await registerByEmail(h, `friend${i}@example.com`, 'Secret123', { extension_code: me.invite_code.toLowerCase() });
    }
    next();
    const bad = await api(h, 'POST', '/api/sms_mail', { user_string: 'badinvite@example.com' });
    expect(bad.type).toBe('ok');
    const code = await lastOutboxCode(h, 'badinvite@example.com');
    expect((await api(h, 'POST', '/api/user/register', { type: 'email', user_string: 'badinvite@example.com', code, password: 'Secret123', re_password: 'Secret123', extension_code: 'NOPE1234' })).error).toBe('invite_code_invalid');
    const page1 = (await api(h, 'POST', '/api/user/invite_list', { page: 1, limit: 2 }, { token: inviter })).message as { data: Array<{ account: string }>; total: number };
    expect(page1.total).toBe(3);
    expect(page1.data).toHaveLength(2);
    expect(page1.data[0]!.account).toBe('fr***@example.com');
    const page2 = (await api(h, 'POST', '/api/user/invite_list', { page: 2, limit: 2 }, { token: inviter })).message as { data: unknown[] };
    expect(page2.data).toHaveLength(1);
  });
});

describe('sessions, login limits and passwords', () => {
  it('locks an account after 5 failed logins for 15 minutes (exists or not alike), and per IP after 30', async () => {
    const token = await registerByEmail(h, 'lock@example.com', 'Locked123');
    expect(token).toBeTruthy();
    for (let i = 0; i < 5; i++) expect((await api(h, 'POST', '/api/user/login', { user_string: 'lock@example.com', password: 'nope' })).error).toBe('invalid_credentials');
    const locked = await api(h, 'POST', '/api/user/login', { user_string: 'lock@example.com', password: 'Locked123' });
    expect(locked.error).toBe('login_locked');
    for (let i = 0; i < 5; i++) await api(h, 'POST', '/api/user/login', { user_string: 'ghost@example.com', password: 'nope' });
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'ghost@example.com', password: 'nope' })).error).toBe('login_locked');
    h.clock.advance(15 * 60_000 + 1000);
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'lock@example.com', password: 'Locked123' })).type).toBe('ok');
    // Per IP, service level (the HTTP route limit of 10/min runs on real time).
    // 29 earlier failures from this IP (recorded as login() records them), then one real one.
    for (let i = 0; i < 29; i++) await recordEvent(h.ctx.db, 'login_fail_ip', '10.8.8.8', h.clock.now());
    const tries = [await login(h.ctx, { account: 'spray@example.com', password: 'x', ip: '10.8.8.8', userAgent: null }).catch((e: AppError) => e.code)];
    expect(tries.every((c) => c === 'invalid_credentials')).toBe(true);
    await expect(login(h.ctx, { account: 'lock@example.com', password: 'Locked123', ip: '10.8.8.8', userAgent: null })).rejects.toMatchObject({ code: 'login_locked' });
  });

  it('logout ends the session; an unknown or expired token answers 999', async () => {
    const t = await registerByEmail(h, 'logout@example.com');
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t })).type).toBe('ok');
    await api(h, 'GET', '/api/user/logout', {}, { token: t });
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t })).type).toBe(999);
    expect((await api(h, 'GET', '/api/user/info', {}, { token: 'made-up' })).type).toBe(999);
  });

  it('forget resets the password with a code and ends every session', async () => {
    const t1 = await registerByEmail(h, 'forgot@example.com', 'Before123');
    next();
    await api(h, 'POST', '/api/sms_mail', { user_string: 'forgot@example.com', scene: 'forget' });
    const code = await lastOutboxCode(h, 'forgot@example.com');
    const r = await api(h, 'POST', '/api/user/forget', { account: 'forgot@example.com', code, password: 'After1234', repassword: 'After1234' });
    expect(r.type).toBe('ok');
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t1 })).type).toBe(999);
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'forgot@example.com', password: 'Before123' })).error).toBe('invalid_credentials');
    expect((await api(h, 'POST', '/api/user/login', { user_string: 'forgot@example.com', password: 'After1234' })).type).toBe('ok');
  });

  it('update_password with a code to the own e-mail keeps this session and ends the others', async () => {
    const t1 = await registerByEmail(h, 'change@example.com', 'Change123');
    const t2 = (await api(h, 'POST', '/api/user/login', { user_string: 'change@example.com', password: 'Change123' })).message as string;
    next();
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'update_password' })).type).toBe(999);
    expect((await api(h, 'POST', '/api/sms_mail', { scene: 'update_password', user_string: 'attacker@example.com' }, { token: t1 })).type).toBe('ok');
    expect(await h.ctx.db.selectFrom('outbox').select('id').where('target', '=', 'attacker@example.com').execute()).toHaveLength(0);
    const code = await lastOutboxCode(h, 'change@example.com');
    const r = await api(h, 'POST', '/api/safe/update_password', { password: 'Changed99', re_password: 'Changed99', code }, { token: t1 });
    expect(r.type).toBe('ok');
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t1 })).type).toBe('ok');
    expect((await api(h, 'GET', '/api/user/info', {}, { token: t2 })).type).toBe(999);
  });

  it('binds a mobile and changes the e-mail with codes sent to the new address', async () => {
    const t = await registerByEmail(h, 'binder@example.com', 'Binder123');
    next();
    await api(h, 'POST', '/api/sms_send', { user_string: '13700001111', area_code: '86', scene: 'bind' });
    const smsCode = await lastOutboxCode(h, '+86 13700001111');
    expect((await api(h, 'POST', '/api/safe/mobile', { mobile: '13700001111', area_code: '86', code: smsCode }, { token: t })).type).toBe('ok');
    await api(h, 'POST', '/api/sms_mail', { user_string: 'binder2@example.com', scene: 'bind' });
    const mailCode = await lastOutboxCode(h, 'binder2@example.com');
    expect((await api(h, 'POST', '/api/safe/email', { email: 'binder2@example.com', code: mailCode, password: 'wrong' }, { token: t })).error).toBe('invalid_credentials');
    expect((await api(h, 'POST', '/api/safe/email', { email: 'binder2@example.com', code: mailCode, password: 'Binder123' }, { token: t })).type).toBe('ok');
    const info = (await api(h, 'GET', '/api/user/info', {}, { token: t })).message as { email: string; mobile: string };
    expect(info).toMatchObject({ email: 'binder2@example.com', mobile: '13700001111' });
    // Taking someone else's e-mail is refused even with a valid code.
    next();
    await api(h, 'POST', '/api/sms_mail', { user_string: DEMO_EMAIL, scene: 'bind' });
    const c3 = await lastOutboxCode(h, DEMO_EMAIL);
    expect((await api(h, 'POST', '/api/safe/email', { email: DEMO_EMAIL, code: c3, password: 'Binder123' }, { token: t })).error).toBe('account_exists');
  });

  it('the demo user still signs in', async () => {
    expect((await api(h, 'POST', '/api/user/login', { user_string: DEMO_EMAIL, password: DEMO_PASSWORD })).type).toBe('ok');
  });
});
