/** Console queries of the asset centre: deposit and withdrawal queues with user and currency. */
import type { AppContext } from '../../context';
import { depositView } from './deposits';
import { withdrawalView } from './withdrawals';
import type { DepositStatus, WithdrawalStatus } from '../../db/tables/assets';

export async function adminDeposits(
  ctx: AppContext,
  f: { status?: DepositStatus; source?: 'chain' | 'demo' | 'manual'; page: number; limit: number },
) {
  let q = ctx.db
    .selectFrom('asset_deposits as d')
    .innerJoin('currencies as c', 'c.id', 'd.currency_id')
    .innerJoin('users as u', 'u.id', 'd.user_id');
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.source) q = q.where('d.source', '=', f.source);
  const [rows, total] = await Promise.all([
    q
      .selectAll('d')
      .select(['c.name', 'c.sub_name', 'c.decimals', 'u.email', 'u.mobile', 'u.is_demo'])
      .orderBy('d.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      ...depositView(r, r.decimals, r.name, r.sub_name),
      user_id: r.user_id,
      user: r.email ?? r.mobile,
      is_demo_user: r.is_demo,
      operator_id: r.operator_id,
    })),
    total: Number(total.n),
    page: f.page,
    limit: f.limit,
  };
}

export async function adminWithdrawals(
  ctx: AppContext,
  f: { status?: WithdrawalStatus; page: number; limit: number },
) {
  let q = ctx.db
    .selectFrom('asset_withdrawals as w')
    .innerJoin('currencies as c', 'c.id', 'w.currency_id')
    .innerJoin('users as u', 'u.id', 'w.user_id');
  if (f.status) q = q.where('w.status', '=', f.status);
  const [rows, total] = await Promise.all([
    q
      .selectAll('w')
      .select(['c.name', 'c.sub_name', 'c.decimals', 'u.email', 'u.mobile'])
      .orderBy('w.id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => ({
      ...withdrawalView(r, r.decimals, r.name, r.sub_name),
      // Operators pay to the full destination (a bank account is masked only in the user's view).
      address: r.address,
      user_id: r.user_id,
      user: r.email ?? r.mobile,
      approver1_id: r.approver1_id,
      approver2_id: r.approver2_id,
      sent_by: r.sent_by,
    })),
    total: Number(total.n),
    page: f.page,
    limit: f.limit,
  };
}
