/** The copy-trading API through the real app: the list signed out, following with refusals in the caller's language, my copies, applying, and the console's review (audited) and copy log. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Follow, LeadProfile, SelfHolding, TraderDetail, TraderPage } from '@bourse/contract';
import { createSession } from '../../src/modules/sessions';
import { reconcile } from '../../src/modules/ledger';
import { createUser, testApp } from '../helpers';
import { fundLever, setupLever, tick } from '../lever/fixture';

type Body<T = unknown> = { type: string | number; code: number; message: T; error?: string };
let h: Awaited<ReturnType<typeof testApp>>;
let opToken: string;
let m: Awaited<ReturnType<typeof setupLever>>;

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  auth?: string,
): Promise<Body<T>> {
  const res = await h.app.inject({ method, url, payload, headers: auth ? { authorization: auth } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body<T>>();
}
async function user(balance = '1000') {
  const id = await createUser(h.ctx.db);
  await fundLever(h.ctx, id, m.usdt.id, balance);
  return { id, token: await createSession(h.ctx, id, { ip: null, userAgent: null }) };
}

beforeAll(async () => {
  h = await testApp();
  m = await setupLever(h.ctx);
  await tick(h.ctx, m.btc, '50000');
  opToken = (
    await call<{ token: string }>('POST', '/api/admin/login', {
      username: 'admin',
      password: 'operator-pass-123',
    })
  ).message.token;
});
afterAll(async () => {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

it('lists traders signed out, follows with refusals in the caller language, applies and is reviewed in the console', async () => {
  const list = await call<TraderPage>('GET', '/api/follow/index?period=7&sort=roi');
  expect(list.type).toBe('ok');
  const demo = list.message.list.find((t) => t.nickname.startsWith('Demo lead'));
  expect(demo).toMatchObject({ share_rate: '0.1', following: false, stats: { period_days: 7 } });
  expect((await call('GET', '/api/follow/index?period=8')).type).toBe('error');

  const me = await user();
  const zh = await call(
    'POST',
    '/api/follow/follow',
    { trader_user_id: demo!.trader_user_id, type: 1, number: '1', max_per_copy: '100', lang: 'zh' },
    me.token,
  );
  expect(zh).toMatchObject({
    error: 'follow_amount_invalid',
    message: '请输入 10 至 200000 USDT 之间的金额',
  });
  expect(
    (
      await call('POST', '/api/follow/follow', {
        trader_user_id: demo!.trader_user_id,
        type: 1,
        number: '100',
        max_per_copy: '100',
      })
    ).type,
  ).toBe(999);
  const f = await call<Follow>(
    'POST',
    '/api/follow/follow',
    { trader_user_id: demo!.trader_user_id, type: 1, number: '100', max_per_copy: '100', stop_loss: '50' },
    me.token,
  );
  expect(f.message).toMatchObject({ status: 'active', stop_loss: '50' });
  const detail = await call<TraderDetail>(
    'GET',
    `/api/follow/traderDetail?trader_user_id=${demo!.trader_user_id}`,
    undefined,
    me.token,
  );
  expect(detail.message).toMatchObject({ following: true, stats: { copiers: 1 } });
  const mine = await call<SelfHolding>('POST', '/api/follow/selfHolding', {}, me.token);
  expect(mine.message.follows).toHaveLength(1);
  const stopped = await call<Follow>(
    'POST',
    '/api/follow/cancel',
    { trader_user_id: demo!.trader_user_id },
    me.token,
  );
  expect(stopped.message).toMatchObject({ status: 'stopped', stop_reason: 'user' });

  const applicant = await user();
  const applied = await call<LeadProfile>(
    'POST',
    '/api/follow/apply',
    { bio: 'Trend follower' },
    applicant.token,
  );
  expect(applied.message).toMatchObject({ status: 'pending' });
  expect((await call('POST', '/api/follow/apply', { bio: 'again' }, applicant.token)).error).toBe(
    'follow_lead_exists',
  );
  const noRate = await call(
    'POST',
    `/api/admin/follow/traders/${applicant.id}/review`,
    { action: 'approve' },
    opToken,
  );
  expect(noRate.error).toBe('follow_trader_invalid');
  const approved = await call<{ status: string; share_rate: string }>(
    'POST',
    `/api/admin/follow/traders/${applicant.id}/review`,
    { action: 'approve', share_rate: '0.15' },
    opToken,
  );
  expect(approved.message).toMatchObject({ status: 'approved', share_rate: '0.15' });
  expect(
    (
      await call(
        'POST',
        `/api/admin/follow/traders/${applicant.id}/review`,
        { action: 'approve', share_rate: '0.5' },
        opToken,
      )
    ).type,
  ).toBe('error');
  const lead = await call<LeadProfile>('GET', '/api/follow/lead', undefined, applicant.token);
  expect(lead.message).toMatchObject({ status: 'approved', share_rate: '0.15', copiers: 0 });
  const log = await call<{ total: number }>('GET', '/api/admin/follow/copies', undefined, opToken);
  expect(log.type).toBe('ok');
  expect((await call('GET', '/api/admin/follow/traders')).type).not.toBe('ok');
  const audit = await h.ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('action', 'like', 'follow.%')
    .execute();
  expect(audit.map((a) => a.action)).toEqual(['follow.trader_approve']);
});
