/** Transfers between the user's own accounts (legal, change, lever, micro) of one currency. */
import { formatUnits } from '@bourse/money';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { ledger } from '../ledger';
import { findCurrency } from '../market';
import { ACCOUNT_TYPE_NAMES, type AccountType } from '@bourse/contract';
import { FEES } from './accounts';
import { parseAmount } from './amounts';
import * as repo from './repo';
import { ownRowsPage } from './records';

export interface TransferInput {
  currencyId: number;
  fromType: AccountType;
  toType: AccountType;
  amount: string | undefined;
  idempotencyKey?: string;
}

/**
 * Moves `amount` from one account type to another; the currency's transfer fee (operator
 * configuration, default 0) comes out of the amount into `fees`. One journal entry, keyed
 * `assets:transfer:<id>:move`; with an idempotency key a repeat returns the first transfer.
 */
export async function transfer(ctx: AppContext, userId: number, input: TransferInput) {
  if (input.fromType === input.toType) throw new AppError('transfer_same_account');
  const currency = await findCurrency(ctx.db, input.currencyId);
  if (!currency) throw new AppError('currency_not_found');
  if (currency.status !== 1) throw new AppError('currency_disabled');
  const amount = parseAmount(input.amount, currency.decimals, 'amount_required');
  const cfg = await repo.currencyConfig(ctx.db, currency.id);
  const fee = cfg.transferFee;
  if (amount <= fee)
    throw new AppError('amount_out_of_range', { min: formatUnits(fee, currency.decimals), max: '∞' });
  const now = ctx.clock.now();
  const values = {
    user_id: userId,
    currency_id: currency.id,
    from_type: input.fromType,
    to_type: input.toType,
    amount,
    fee,
    created_at: now,
  };
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (input.idempotencyKey) {
      const inserted = await trx
        .insertInto('asset_transfers')
        .values({ ...values, idempotency_key: input.idempotencyKey })
        .onConflict((oc) =>
          oc.columns(['user_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        return trx
          .selectFrom('asset_transfers')
          .selectAll()
          .where('user_id', '=', userId)
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirstOrThrow();
      }
      await move(inserted.id);
      return inserted;
    }
    const t = await trx.insertInto('asset_transfers').values(values).returningAll().executeTakeFirstOrThrow();
    await move(t.id);
    return t;

    async function move(id: number) {
      const from = await ledger.userAccount(trx, userId, currency!.id, input.fromType);
      const to = await ledger.userAccount(trx, userId, currency!.id, input.toType);
      const legs = [
        { accountId: from, bucket: 'available' as const, amount: -amount },
        { accountId: to, bucket: 'available' as const, amount: amount - fee },
      ];
      if (fee > 0n)
        legs.push({
          accountId: await ledger.systemAccount(trx, FEES, currency!.id),
          bucket: 'available',
          amount: fee,
        });
      await ledger.post(
        trx,
        {
          kind: 'transfer',
          refType: 'asset_transfer',
          refId: String(id),
          idempotencyKey: `assets:transfer:${id}:move`,
          legs,
        },
        now,
      );
    }
  });
  ctx.realtime.publish(`user:${userId}`, 'balance', { reason: 'transfer', transfer_id: row.id });
  return transferView(row, currency.decimals, currency.name, currency.sub_name);
}

export function transferView(
  r: {
    id: number;
    currency_id: number;
    from_type: number;
    to_type: number;
    amount: string;
    fee: string;
    created_at: Date;
  },
  decimals: number,
  name: string,
  subName: string,
) {
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency_name: name,
    sub_name: subName,
    from_type: r.from_type,
    to_type: r.to_type,
    from_field: ACCOUNT_TYPE_NAMES[r.from_type as AccountType],
    to_field: ACCOUNT_TYPE_NAMES[r.to_type as AccountType],
    amount: formatUnits(BigInt(r.amount), decimals),
    fee: formatUnits(BigInt(r.fee), decimals),
    created_at: r.created_at.toISOString(),
  };
}

/** GET /wallet/hzhistory, /user/getTransferRecord: the user's transfers, newest first, 10 a page. */
export async function transferHistory(
  ctx: AppContext,
  userId: number,
  page: number,
  limit: number,
  currencyId?: number,
) {
  return ownRowsPage(ctx, 'asset_transfers', userId, page, limit, currencyId, transferView);
}
