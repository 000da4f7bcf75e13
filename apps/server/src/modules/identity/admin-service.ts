import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { audit, type Operator } from '../operators';
import { walletList } from '../ledger';
import * as repo from './repo';
import { endUserSessions, userSessions } from '../sessions';
import { kycStatusName } from './service';
import { getSetting, putSetting } from '../platform';
import { z } from 'zod';
import type { identitySettingsBodySchema } from '@bourse/contract';

export async function searchUsers(ctx: AppContext, q: string, page: number, limit: number) {
  let base = ctx.db.selectFrom('users');
  const term = q.trim();
  if (term) {
    const like = `%${term.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['email']), 'like', like),
        eb('mobile', 'like', like),
        eb(eb.fn('lower', ['nickname']), 'like', like),
        eb('invite_code', '=', term.toUpperCase()),
        ...(/^\d{1,9}$/.test(term) ? [eb('id', '=', Number(term))] : []),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'email', 'mobile', 'area_code', 'nickname', 'status', 'is_demo', 'created_at', 'last_seen_at', 'invite_code'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), last_seen_at: r.last_seen_at?.toISOString() ?? null })),
    total: Number(total.n),
  };
}

export async function userDetail(ctx: AppContext, userId: number) {
  const u = await repo.findUserById(ctx.db, userId);
  if (!u) throw new AppError('user_not_found');
  const [sessions, kyc, wallet, balances, invited] = await Promise.all([
    userSessions(ctx, userId, 50),
    repo.latestKyc(ctx.db, userId),
    repo.walletOfUser(ctx.db, userId),
    walletList(ctx, userId),
    ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('inviter_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    user: {
      id: u.id,
      email: u.email,
      mobile: u.mobile,
      area_code: u.area_code,
      nickname: u.nickname,
      avatar: u.avatar,
      invite_code: u.invite_code,
      inviter_id: u.inviter_id,
      is_demo: u.is_demo,
      status: u.status,
      wallet_address: wallet,
      created_at: u.created_at.toISOString(),
      last_seen_at: u.last_seen_at?.toISOString() ?? null,
      invited: Number(invited.n),
    },
    sessions: sessions.map((s) => ({
      created_at: s.created_at.toISOString(),
      last_used_at: s.last_used_at.toISOString(),
      expires_at: s.expires_at.toISOString(),
      ip: s.ip,
      user_agent: s.user_agent,
    })),
    kyc: kyc ? { ...kycView(kyc), status_name: kycStatusName(kyc.status) } : null,
    balances: balances.accounts,
  };
}

export async function setUserStatus(ctx: AppContext, op: Operator, userId: number, frozen: boolean, ip: string | null) {
  const before = await repo.findUserById(ctx.db, userId);
  if (!before) throw new AppError('user_not_found');
  const status = frozen ? 2 : 1;
  await ctx.db.updateTable('users').set({ status }).where('id', '=', userId).execute();
  if (frozen) await endUserSessions(ctx, userId);
  await audit(ctx, op.id, frozen ? 'user.freeze' : 'user.unfreeze', `user:${userId}`, { status: before.status }, { status }, ip);
  return { id: userId, status };
}

type KycRow = NonNullable<Awaited<ReturnType<typeof repo.latestKyc>>>;

function kycView(k: KycRow) {
  return {
    id: k.id,
    user_id: k.user_id,
    real_type: k.real_type,
    id_type: k.id_type,
    name: k.name,
    card_id: k.card_id,
    front_pic: k.front_pic,
    reverse_pic: k.reverse_pic,
    status: k.status,
    reason: k.reason,
    reviewer_id: k.reviewer_id,
    created_at: k.created_at.toISOString(),
    reviewed_at: k.reviewed_at?.toISOString() ?? null,
  };
}

export async function kycQueue(ctx: AppContext, status: number, page: number, limit: number) {
  const base = ctx.db.selectFrom('kyc_submissions as k').innerJoin('users as u', 'u.id', 'k.user_id').where('k.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .selectAll('k')
      .select(['u.email', 'u.mobile', 'u.nickname'])
      .orderBy('k.id', status === 1 ? 'asc' : 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ ...kycView(r), email: r.email, mobile: r.mobile, nickname: r.nickname })),
    total: Number(total.n),
  };
}

export async function reviewKyc(ctx: AppContext, op: Operator, id: number, approve: boolean, reason: string | null, ip: string | null) {
  const now = ctx.clock.now();
  const row = await ctx.db
    .updateTable('kyc_submissions')
    .set({ status: approve ? 2 : 3, reason: approve ? null : reason, reviewer_id: op.id, reviewed_at: now })
    .where('id', '=', id)
    .where('status', '=', 1)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('kyc_not_pending');
  await audit(ctx, op.id, approve ? 'kyc.approve' : 'kyc.reject', `kyc:${id}`, { status: 1 }, { status: row.status, reason: row.reason, user_id: row.user_id }, ip);
  return kycView(row);
}

export async function addressQueue(ctx: AppContext, status: number, page: number, limit: number) {
  const base = ctx.db.selectFrom('address_book as a').innerJoin('users as u', 'u.id', 'a.user_id').where('a.approve_status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .selectAll('a')
      .select(['u.email', 'u.nickname'])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })), total: Number(total.n) };
}

export async function reviewAddress(ctx: AppContext, op: Operator, id: number, approve: boolean, ip: string | null) {
  const row = await ctx.db
    .updateTable('address_book')
    .set({ approve_status: approve ? 1 : 2 })
    .where('id', '=', id)
    .where('approve_status', '=', 0)
    .returning(['id', 'user_id', 'approve_status'])
    .executeTakeFirst();
  if (!row) throw new AppError('not_found');
  await audit(ctx, op.id, approve ? 'address.approve' : 'address.reject', `address:${id}`, { approve_status: 0 }, row, ip);
  return row;
}

export async function identitySettings(ctx: AppContext) {
  return {
    kyc_required_features: await getSetting(ctx.db, 'kyc_required_features', z.array(z.string()), []),
    address_approval: await getSetting(ctx.db, 'address_approval', z.boolean(), false),
  };
}

export async function updateIdentitySettings(
  ctx: AppContext,
  op: Operator,
  input: Omit<z.infer<typeof identitySettingsBodySchema>, 'lang'>,
  ip: string | null,
) {
  const before = await identitySettings(ctx);
  const at = ctx.clock.now();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    await putSetting(ctx.db, key, value, at);
  }
  const after = await identitySettings(ctx);
  await audit(ctx, op.id, 'identity.settings', 'settings:identity', before, after, ip);
  return after;
}
