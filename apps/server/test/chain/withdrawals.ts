/** Test helpers for withdrawals through the asset centre's real flow: credit, request, approve. */
import type { AppContext } from '../../src/context';
import { creditDeposit } from '../../src/modules/assets';
import { approveWithdrawal, requestWithdrawal } from '../../src/modules/assets/withdrawals';

let seq = 0;

export async function operatorId(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .insertInto('operators')
    .values({ username: `chain-op-${process.pid}-${++seq}`, password_hash: 'x', role: 'admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function allowWithdrawalsWithoutCode(ctx: AppContext): Promise<void> {
  await ctx.db
    .insertInto('settings')
    .values({ key: 'withdraw_code_required', value: JSON.stringify(false) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(false) }))
    .execute();
}

export async function fund(
  ctx: AppContext,
  userId: number,
  currencyId: number,
  amount: bigint,
): Promise<void> {
  await ctx.db
    .transaction()
    .execute((trx) => creditDeposit(ctx, trx, { userId, currencyId, amount, source: 'demo' }));
}

/** An approved withdrawal to `address` (added to the user's address book, approved). */
export async function approvedWithdrawal(
  ctx: AppContext,
  op: number,
  userId: number,
  currencyId: number,
  address: string,
  amount: string,
): Promise<number> {
  // The book labels entries by network, e.g. "ETH" or "USDT-ERC20".
  const c = await ctx.db
    .selectFrom('currencies')
    .select(['name', 'sub_name'])
    .where('id', '=', currencyId)
    .executeTakeFirstOrThrow();
  const network = c.sub_name ? `${c.name}-${c.sub_name}` : c.name;
  const book = await ctx.db
    .insertInto('address_book')
    .values({
      user_id: userId,
      currency: network,
      name: 'test',
      address,
      approve_status: 1,
      created_at: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const w = await requestWithdrawal(ctx, userId, { currencyId, amount, addressId: book.id });
  await approveWithdrawal(ctx, op, w.id);
  return w.id;
}
