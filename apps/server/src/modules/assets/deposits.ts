/** Deposits: chain detection and demo credits (creditDeposit), manual deposits with proof and review. */
import { formatUnits } from '@bourse/money';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { ownsUpload } from '../files';
import { usersByIds } from '../identity';
import { ledger } from '../ledger';
import { findCurrency } from '../market';
import { DEMO, DEPOSIT_ACCOUNT_TYPE, EXTERNAL } from './accounts';
import * as repo from './repo';
import { parseAmount } from './amounts';
import { offerOf } from './offer';

export interface DepositCredit {
  userId: number;
  currencyId: number;
  amount: bigint; // base units, > 0
  source: 'chain' | 'demo'; // manual deposits go through the review flow below
  chain?: string; // e.g. 'ethereum' (source 'chain')
  txHash?: string; // source 'chain'
  logIndex?: number; // source 'chain': -1 for a native transfer, else the log index
  address?: string; // the deposit address it was sent to
  operatorId?: number; // source 'demo'
}

/**
 * Credits a deposit exactly once, inside the caller's transaction, into the user's "change"
 * account (type 2). Chain deposits are unique per chain + txHash + logIndex (a second call
 * reports duplicate and changes nothing); the journal entry has the key `assets:deposit:<id>:credit`.
 * Money comes from the `external` system account (chain) or the `demo` faucet (demo).
 */
export async function creditDeposit(
  ctx: AppContext,
  trx: Transaction<DB>,
  d: DepositCredit,
): Promise<{ depositId: number; duplicate: boolean }> {
  if (typeof d.amount !== 'bigint' || d.amount <= 0n) throw new AppError('amount_not_positive');
  const now = ctx.clock.now();
  let depositId: number;
  if (d.source === 'chain') {
    if (!d.chain || !d.txHash || d.logIndex === undefined)
      throw new Error('assets: chain deposits need chain, txHash and logIndex');
    const inserted = await trx
      .insertInto('asset_deposits')
      .values({
        user_id: d.userId,
        currency_id: d.currencyId,
        account_type: DEPOSIT_ACCOUNT_TYPE,
        amount: d.amount,
        source: 'chain',
        status: 'credited',
        chain: d.chain,
        tx_hash: d.txHash,
        log_index: d.logIndex,
        address: d.address ?? null,
        created_at: now,
        reviewed_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['chain', 'tx_hash', 'log_index']).where('source', '=', 'chain').doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('asset_deposits')
        .select('id')
        .where('source', '=', 'chain')
        .where('chain', '=', d.chain)
        .where('tx_hash', '=', d.txHash)
        .where('log_index', '=', d.logIndex)
        .executeTakeFirstOrThrow();
      return { depositId: existing.id, duplicate: true };
    }
    depositId = inserted.id;
  } else {
    const inserted = await trx
      .insertInto('asset_deposits')
      .values({
        user_id: d.userId,
        currency_id: d.currencyId,
        account_type: DEPOSIT_ACCOUNT_TYPE,
        amount: d.amount,
        source: 'demo',
        status: 'credited',
        address: d.address ?? null,
        operator_id: d.operatorId ?? null,
        created_at: now,
        reviewed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    depositId = inserted.id;
  }
  const entryId = await postCredit(
    trx,
    depositId,
    d.userId,
    d.currencyId,
    DEPOSIT_ACCOUNT_TYPE,
    d.amount,
    d.source === 'demo' ? DEMO : EXTERNAL,
    now,
  );
  await trx.updateTable('asset_deposits').set({ entry_id: entryId }).where('id', '=', depositId).execute();
  return { depositId, duplicate: false };
}

async function postCredit(
  trx: Transaction<DB>,
  depositId: number,
  userId: number,
  currencyId: number,
  accountType: number,
  amount: bigint,
  source: string,
  at: Date,
): Promise<string> {
  const to = await ledger.userAccount(trx, userId, currencyId, accountType);
  const from = await ledger.systemAccount(trx, source, currencyId);
  const r = await ledger.transfer(
    trx,
    from,
    to,
    amount,
    {
      kind: 'deposit',
      refType: 'asset_deposit',
      refId: String(depositId),
      idempotencyKey: `assets:deposit:${depositId}:credit`,
    },
    at,
  );
  return r.entryId;
}

/** Console: a demo deposit, only with demo data on and only for demo users; the same crediting path. */
export async function demoDeposit(
  ctx: AppContext,
  operatorId: number,
  input: { userId: number; currencyId: number; amount: string },
) {
  if (!ctx.config.demoData) throw new AppError('demo_deposit_forbidden');
  const user = (await usersByIds(ctx.db, [input.userId])).get(input.userId);
  if (!user?.isDemo) throw new AppError('demo_deposit_forbidden');
  const currency = await findCurrency(ctx.db, input.currencyId);
  if (!currency) throw new AppError('currency_not_found');
  const amount = parseAmount(input.amount, currency.decimals, 'amount_required');
  const r = await ctx.db.transaction().execute((trx) =>
    creditDeposit(ctx, trx, {
      userId: input.userId,
      currencyId: input.currencyId,
      amount,
      source: 'demo',
      operatorId,
    }),
  );
  ctx.realtime.publish(`user:${input.userId}`, 'balance', { reason: 'deposit', deposit_id: r.depositId });
  return r;
}

/** POST /wallet/charge_req: a manual deposit (e.g. bank transfer) with a proof picture, credited after review. */
export async function requestManualDeposit(
  ctx: AppContext,
  userId: number,
  input: { currencyId: number; amount: string | undefined; accountType?: number; proof: string | undefined },
) {
  const currency = await findCurrency(ctx.db, input.currencyId);
  if (!currency) throw new AppError('currency_not_found');
  if (currency.status !== 1) throw new AppError('currency_disabled');
  // Only a coin offered for deposit (enabled, with a network or the bank channel set).
  if (!(await offerOf(ctx, currency)).deposit) throw new AppError('deposit_disabled');
  const amount = parseAmount(input.amount, currency.decimals, 'amount_required');
  const proof = input.proof?.trim();
  if (!proof) throw new AppError('deposit_proof_required');
  if (!(await ownsUpload(ctx, proof, userId))) throw new AppError('deposit_proof_required');
  const accountType = input.accountType ?? DEPOSIT_ACCOUNT_TYPE;
  if (accountType !== 1 && accountType !== 2) throw new AppError('account_type_invalid');
  const row = await ctx.db
    .insertInto('asset_deposits')
    .values({
      user_id: userId,
      currency_id: currency.id,
      account_type: accountType,
      amount,
      source: 'manual',
      status: 'review',
      proof,
      created_at: ctx.clock.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return depositView(row, currency.decimals, currency.name, currency.sub_name);
}

/** Console: confirm (credit from the external bank/chain channel) or reject a manual deposit; guarded, once. */
export async function reviewManualDeposit(
  ctx: AppContext,
  operatorId: number,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable('asset_deposits')
      .set({
        status: decision.approve ? 'credited' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        operator_id: operatorId,
        reviewed_at: now,
      })
      .where('id', '=', id)
      .where('source', '=', 'manual')
      .where('status', '=', 'review')
      .returningAll()
      .executeTakeFirst();
    if (!upd) {
      const existing = await repo.findDeposit(trx, id);
      throw new AppError(existing ? 'deposit_state' : 'deposit_not_found');
    }
    if (decision.approve) {
      const entryId = await postCredit(
        trx,
        upd.id,
        upd.user_id,
        upd.currency_id,
        upd.account_type,
        BigInt(upd.amount),
        EXTERNAL,
        now,
      );
      await trx.updateTable('asset_deposits').set({ entry_id: entryId }).where('id', '=', upd.id).execute();
    }
    return upd;
  });
  ctx.realtime.publish(`user:${row.user_id}`, 'balance', {
    reason: 'deposit',
    deposit_id: row.id,
    status: row.status,
  });
  return row;
}

export function depositView(r: repo.DepositRow, decimals: number, name: string, subName: string) {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency_name: name,
    sub_name: subName,
    account_type: r.account_type,
    amount: formatUnits(BigInt(r.amount), decimals),
    source: r.source,
    status: r.status,
    chain: r.chain,
    tx_hash: r.tx_hash,
    address: r.address,
    proof: r.proof,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    reviewed_at: r.reviewed_at?.toISOString() ?? null,
  };
}
