import type { AppContext } from '../../context';
import { mask, maskEmail } from './validation';

/** POST /user/invite_list: the people the caller invited, newest first, accounts masked. */
export async function inviteList(ctx: AppContext, userId: number, page: number, limit: number) {
  const base = ctx.db.selectFrom('users').where('inviter_id', '=', userId);
  const [rows, total] = await Promise.all([
    base.select(['id', 'email', 'mobile', 'nickname', 'created_at']).orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      uid: r.id,
      account: maskEmail(r.email) ?? mask(r.mobile, 3, 4) ?? r.nickname,
      nickname: r.nickname,
      created_at: r.created_at.toISOString(),
    })),
    total: Number(total.n),
    page,
    limit,
  };
}
