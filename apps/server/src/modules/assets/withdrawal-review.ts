/**
 * Withdrawal review and payout (see withdrawals.ts for the statuses): operators approve (two
 * different ones at or above the threshold) or reject, a signer or an operator marks it sent,
 * and completion settles the frozen amount. Every transition is guarded in SQL.
 */
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ledger } from '../ledger';
import { EXTERNAL, FEES } from './accounts';
import { BANK_NETWORK } from './bank';
import * as repo from './repo';

/** Console: approve. Above the threshold the first approval is recorded and a second, different operator completes it. */
export async function approveWithdrawal(ctx: AppContext, operatorId: number, id: number) {
  const now = ctx.clock.now();
  const row = await repo.findWithdrawal(ctx.db, id);
  if (!row) throw new AppError('withdrawal_not_found');
  if (row.status !== 'review') throw new AppError('withdrawal_state');
  let upd;
  if (row.needs_two && row.approver1_id === null) {
    upd = await ctx.db
      .updateTable('asset_withdrawals')
      .set({ approver1_id: operatorId })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .where('approver1_id', 'is', null)
      .returningAll()
      .executeTakeFirst();
  } else if (row.needs_two) {
    if (row.approver1_id === operatorId) throw new AppError('withdrawal_same_approver');
    upd = await ctx.db
      .updateTable('asset_withdrawals')
      .set({ approver2_id: operatorId, status: 'approved', reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .where('approver1_id', 'is not', null)
      .where('approver1_id', '<>', operatorId)
      .where('approver2_id', 'is', null)
      .returningAll()
      .executeTakeFirst();
  } else {
    upd = await ctx.db
      .updateTable('asset_withdrawals')
      .set({ approver1_id: operatorId, status: 'approved', reviewed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'review')
      .returningAll()
      .executeTakeFirst();
  }
  if (!upd) throw new AppError('withdrawal_state');
  ctx.realtime.publish(`user:${upd.user_id}`, 'withdrawal', { id: upd.id, status: upd.status });
  return upd;
}

/**
 * Console: refuse with a reason, from review or approved (never once sent); the frozen amount
 * returns. Race-free with an automatic signer because signers claim a withdrawal with
 * markWithdrawalSent (approved → sent, guarded) before they broadcast: whichever transition
 * lands first wins, and the other fails with withdrawal_state.
 */
export async function rejectWithdrawal(ctx: AppContext, _operatorId: number, id: number, reason: string) {
  const now = ctx.clock.now();
  const upd = await ctx.db.transaction().execute(async (trx) => {
    const w = await trx
      .updateTable('asset_withdrawals')
      .set({ status: 'rejected', reason, reviewed_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['review', 'approved'])
      .returningAll()
      .executeTakeFirst();
    if (!w) {
      const existing = await repo.findWithdrawal(trx, id);
      throw new AppError(existing ? 'withdrawal_state' : 'withdrawal_not_found');
    }
    const account = await ledger.userAccount(trx, w.user_id, w.currency_id, w.account_type);
    await ledger.unfreeze(
      trx,
      account,
      BigInt(w.amount),
      {
        kind: 'withdraw_unfreeze',
        refType: 'asset_withdrawal',
        refId: String(w.id),
        idempotencyKey: `assets:withdrawal:${w.id}:unfreeze`,
      },
      now,
    );
    return w;
  });
  ctx.realtime.publish(`user:${upd.user_id}`, 'withdrawal', { id: upd.id, status: upd.status });
  return upd;
}

/** Withdrawals an automatic signer may send: status 'approved', not yet sent. */
export async function listApprovedWithdrawals(
  ctx: AppContext,
  currencyIds: number[],
  limit: number,
): Promise<Array<{ id: number; userId: number; currencyId: number; address: string; amount: bigint }>> {
  if (currencyIds.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('asset_withdrawals')
    .select(['id', 'user_id', 'currency_id', 'address', 'receive'])
    .where('status', '=', 'approved')
    .where('tx_hash', 'is', null)
    .where('currency_id', 'in', currencyIds)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    currencyId: r.currency_id,
    address: r.address,
    amount: BigInt(r.receive),
  }));
}

const TX_HASH_RE = /^(0x)?[0-9a-fA-F]{64}$/;
const BANK_REF_RE = /^[A-Za-z0-9._:/-]{4,100}$/;

/**
 * approved → sent with a transaction hash. A second call with the same hash is a no-op.
 * Automatic signers must call this (with the signed transaction's hash) before broadcasting.
 */
export async function markWithdrawalSent(
  ctx: AppContext,
  id: number,
  txHash: string,
  operatorId: number | null,
): Promise<void> {
  const hash = txHash.trim();
  const target = await repo.findWithdrawal(ctx.db, id);
  // A bank payout is marked with the bank's transfer reference, a chain payout with its hash.
  const valid = target?.network === BANK_NETWORK ? BANK_REF_RE.test(hash) : TX_HASH_RE.test(hash);
  if (!valid) throw new AppError('tx_hash_invalid');
  const upd = await ctx.db
    .updateTable('asset_withdrawals')
    .set({ status: 'sent', tx_hash: hash, sent_at: ctx.clock.now(), sent_by: operatorId })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .returning(['id', 'user_id', 'status'])
    .executeTakeFirst();
  if (upd) {
    ctx.realtime.publish(`user:${upd.user_id}`, 'withdrawal', { id: upd.id, status: upd.status });
    return;
  }
  const existing = await repo.findWithdrawal(ctx.db, id);
  if (!existing) throw new AppError('withdrawal_not_found');
  if ((existing.status === 'sent' || existing.status === 'completed') && existing.tx_hash === hash) return;
  throw new AppError('withdrawal_state');
}

/** sent → completed: settles the frozen amount out of the user's account (receive → external, fee → fees), once. */
export async function completeWithdrawal(
  ctx: AppContext,
  id: number,
  _operatorId: number | null,
): Promise<void> {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const w = await trx
      .updateTable('asset_withdrawals')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'sent')
      .returningAll()
      .executeTakeFirst();
    if (!w) {
      const existing = await repo.findWithdrawal(trx, id);
      if (!existing) throw new AppError('withdrawal_not_found');
      if (existing.status === 'completed') return null;
      throw new AppError('withdrawal_state');
    }
    const account = await ledger.userAccount(trx, w.user_id, w.currency_id, w.account_type);
    const external = await ledger.systemAccount(trx, EXTERNAL, w.currency_id);
    const amount = BigInt(w.amount);
    const fee = BigInt(w.fee);
    const legs = [
      { accountId: account, bucket: 'frozen' as const, amount: -amount },
      { accountId: external, bucket: 'available' as const, amount: amount - fee },
    ];
    if (fee > 0n)
      legs.push({
        accountId: await ledger.systemAccount(trx, FEES, w.currency_id),
        bucket: 'available',
        amount: fee,
      });
    await ledger.post(
      trx,
      {
        kind: 'withdraw',
        refType: 'asset_withdrawal',
        refId: String(w.id),
        idempotencyKey: `assets:withdrawal:${w.id}:settle`,
        legs,
      },
      now,
    );
    return w;
  });
  if (done) ctx.realtime.publish(`user:${done.user_id}`, 'withdrawal', { id: done.id, status: done.status });
}
