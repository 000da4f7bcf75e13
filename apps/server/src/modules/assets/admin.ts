/** Console queries of the asset centre: deposit and withdrawal queues with user and currency. */
import type { AppContext } from '../../context';
import { usersByIds } from '../identity';
import { currenciesByIds } from '../market';
import { depositView } from './deposits';
import { withdrawalView } from './withdrawals';
import type { DepositStatus, WithdrawalStatus } from '../../db/tables/assets';

/** The currencies and users a page of rows names (two queries, whatever the page size). */
async function namesOf(ctx: AppContext, rows: Array<{ currency_id: number; user_id: number }>) {
  const [currencies, users] = await Promise.all([
    currenciesByIds(ctx.db, rows.map((r) => r.currency_id)),
    usersByIds(ctx.db, rows.map((r) => r.user_id)),
  ]);
  // Rows reference both by foreign key, so every one is found.
  return { currency: (id: number) => currencies.get(id)!, user: (id: number) => users.get(id)! };
}

export async function adminDeposits(
  ctx: AppContext,
  f: { status?: DepositStatus; source?: 'chain' | 'demo' | 'manual'; page: number; limit: number },
) {
  let q = ctx.db.selectFrom('asset_deposits');
  if (f.status) q = q.where('status', '=', f.status);
  if (f.source) q = q.where('source', '=', f.source);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await namesOf(ctx, rows);
  return {
    data: rows.map((r) => {
      const c = names.currency(r.currency_id);
      const u = names.user(r.user_id);
      return {
        ...depositView(r, c.decimals, c.name, c.sub_name),
        user_id: r.user_id,
        user: u.email ?? u.mobile,
        is_demo_user: u.isDemo,
        operator_id: r.operator_id,
      };
    }),
    total: Number(total.n),
    page: f.page,
    limit: f.limit,
  };
}

export async function adminWithdrawals(
  ctx: AppContext,
  f: { status?: WithdrawalStatus; page: number; limit: number },
) {
  let q = ctx.db.selectFrom('asset_withdrawals');
  if (f.status) q = q.where('status', '=', f.status);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const names = await namesOf(ctx, rows);
  return {
    data: rows.map((r) => {
      const c = names.currency(r.currency_id);
      const u = names.user(r.user_id);
      return {
        ...withdrawalView(r, c.decimals, c.name, c.sub_name),
        // Operators pay to the full destination (a bank account is masked only in the user's view).
        address: r.address,
        user_id: r.user_id,
        user: u.email ?? u.mobile,
        approver1_id: r.approver1_id,
        approver2_id: r.approver2_id,
        sent_by: r.sent_by,
      };
    }),
    total: Number(total.n),
    page: f.page,
    limit: f.limit,
  };
}
